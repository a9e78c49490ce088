/// Why an order was refused (it never became an order) or an order operation failed.
public enum OrderError: Error, Equatable, Sendable, CustomStringConvertible {
    case notAnObject
    case sideMissing
    case unknownSide(String)
    case typeMissing
    case unknownType(String)
    case quantityMissing
    case quantityNotANumber(String)
    case quantityNotWhole(String)
    case quantityNotPositive(String)
    case quantityTooLarge(String)
    case priceMissing
    case priceMalformed(String)
    case priceNotPositive(String)
    case priceOffTickSize(String)
    case priceTooLarge(String)
    case priceOnMarketOrder(String)
    case notFound(String)
    case notOpen(id: String, status: OrderStatus)

    public var description: String {
        switch self {
        case .notAnObject: "an order is a JSON object: {\"side\",\"type\",\"quantity\",\"price\"?}"
        case .sideMissing: "\"side\" is missing: say \"buy\" or \"sell\""
        case .unknownSide(let s): "unknown side \"\(s)\": say \"buy\" or \"sell\""
        case .typeMissing: "\"type\" is missing: say \"market\" or \"limit\""
        case .unknownType(let s): "unknown type \"\(s)\": say \"market\" or \"limit\""
        case .quantityMissing: "\"quantity\" is missing: give a whole number of shares"
        case .quantityNotANumber(let s): "quantity \(s) is not a number: give a whole number of shares"
        case .quantityNotWhole(let s): "quantity \(s) is not a whole number: shares are bought whole"
        case .quantityNotPositive(let s): "quantity \(s) must be at least 1 share"
        case .quantityTooLarge(let s): "quantity \(s) is more than the \(OrderRequest.maxQuantity) shares an order may ask for"
        case .priceMissing: "a limit order needs a \"price\""
        case .priceMalformed(let s): "price \(s) is not a price: write it as a plain decimal such as 101.25"
        case .priceNotPositive(let s): "price \(s) must be above zero"
        case .priceOffTickSize(let s): "price \(s) is off the tick size: prices move in steps of 0.01"
        case .priceTooLarge(let s): "price \(s) is more than the largest price an order may have, \(Price.max)"
        case .priceOnMarketOrder(let s): "a market order takes no price (got \(s)); use a limit order to set one"
        case .notFound(let id): "no order \"\(id)\""
        case .notOpen(let id, let status): "order \(id) is \(status.rawValue) and can no longer be cancelled"
        }
    }
}
