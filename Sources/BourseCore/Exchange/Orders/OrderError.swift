/// Why an order was refused (it never became an order) or an order operation failed.
///
/// Each message says what was wrong and what to write instead; the web app sends it as the 400's
/// `error` and replay reports it as `FILE:LINE: reason`.
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
    /// A field the order's type needs is absent or null.
    case missing(OrderField, for: OrderType)
    /// A field the order's type does not take is present (the text as given).
    case notTaken(OrderField, by: OrderType, given: String)
    case priceMalformed(OrderField, String)
    case priceNotPositive(OrderField, String)
    case priceOffTickSize(OrderField, String)
    case priceTooLarge(OrderField, String)
    /// A trailing stop with both `trailAmount` and `trailPercent`, or neither.
    case trailAmbiguous
    case trailMissing
    /// `trailPercent` not above 0, above 50, or with more than four places.
    case trailPercentOutOfRange(String)
    case unknownTimeInForce(String)
    case timeInForceNotAllowed(TimeInForce, for: OrderType)
    /// `takeProfit` and `stopLoss` on the wrong sides of each other or of the entry's limit.
    case bracketOutOfOrder(String)
    case notFound(String)
    case notOpen(id: String, status: OrderStatus)

    public var description: String {
        switch self {
        case .notAnObject: "an order is a JSON object: {\"side\",\"type\",\"quantity\",\"price\"?}"
        case .sideMissing: "\"side\" is missing: say \"buy\" or \"sell\""
        case .unknownSide(let s): "unknown side \"\(s)\": say \"buy\" or \"sell\""
        case .typeMissing: "\"type\" is missing: say \(Self.types)"
        case .unknownType(let s): "unknown type \"\(s)\": say \(Self.types)"
        case .quantityMissing: "\"quantity\" is missing: give a whole number of shares"
        case .quantityNotANumber(let s): "quantity \(s) is not a number: give a whole number of shares"
        case .quantityNotWhole(let s): "quantity \(s) is not a whole number: shares are bought whole"
        case .quantityNotPositive(let s): "quantity \(s) must be at least 1 share"
        case .quantityTooLarge(let s): "quantity \(s) is more than the \(OrderRequest.maxQuantity) shares an order may ask for"
        case .missing(let field, let type): "\(Self.article(type)) order needs a \"\(field.rawValue)\""
        case .notTaken(.price, .market, let s): "a market order takes no price (got \(s)); use a limit order to set one"
        case .notTaken(let field, let type, let s):
            "\(Self.article(type)) order takes no \"\(field.rawValue)\" (got \(s)); \(field.whereTaken)"
        case .priceMalformed(let field, let s):
            "\(field.rawValue) \(s) is not a price: write it as a plain decimal such as 101.25"
        case .priceNotPositive(let field, let s): "\(field.rawValue) \(s) must be above zero"
        case .priceOffTickSize(let field, let s):
            "\(field.rawValue) \(s) is off the tick size: prices move in steps of 0.01"
        case .priceTooLarge(let field, let s):
            "\(field.rawValue) \(s) is more than the largest price an order may have, \(Price.max)"
        case .trailAmbiguous: "a trailing stop takes one of \"trailAmount\" or \"trailPercent\", not both"
        case .trailMissing: "a trailing stop needs a \"trailAmount\" (a price) or a \"trailPercent\" (above 0, at most 50)"
        case .trailPercentOutOfRange(let s):
            "trailPercent \(s) must be a decimal above 0 and at most 50, with at most \(TrailPercent.places) places"
        case .unknownTimeInForce(let s): "unknown timeInForce \"\(s)\": say \"gtc\", \"day\", \"ioc\" or \"fok\""
        case .timeInForceNotAllowed(let tif, let type):
            "\(Self.article(type)) order cannot be \"\(tif.rawValue)\": it takes "
                + TimeInForce.allowed(for: type).map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
        case .bracketOutOfOrder(let rule): rule
        case .notFound(let id): "no order \"\(id)\""
        case .notOpen(let id, let status): "order \(id) is \(status.rawValue) and can no longer be cancelled"
        }
    }

    private static let types = "\"market\", \"limit\", \"stop\", \"stop_limit\" or \"trailing_stop\""

    /// "a limit", "a stop_limit", "a trailing_stop", "a market".
    private static func article(_ type: OrderType) -> String { "a \(type.rawValue)" }
}

/// A member of an order's JSON that some types take and others refuse.
public enum OrderField: String, Sendable, Hashable, CaseIterable {
    case price
    case stopPrice
    case trailAmount
    case trailPercent
    case takeProfit
    case stopLoss

    /// Which types take the field, for the message that refuses it.
    var whereTaken: String {
        switch self {
        case .price: "only limit and stop_limit orders have a price"
        case .stopPrice: "only stop and stop_limit orders have a stop price"
        case .trailAmount, .trailPercent: "only a trailing_stop trails"
        case .takeProfit, .stopLoss: "only a market or limit entry takes a bracket"
        }
    }
}
