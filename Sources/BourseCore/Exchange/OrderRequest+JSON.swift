/// The order's JSON form, as the API body and each replay line carry it:
/// `{"side":"buy","type":"limit","quantity":100,"price":"101.20"}`.
extension OrderRequest {
    /// Reads a request, checking side, type, quantity and price in that order; the first thing
    /// wrong is the `OrderError`.
    ///
    /// `quantity` is a JSON integer or a string of digits. `price` is a decimal string or a JSON
    /// number, read exactly from its text (never through `Double`); a market order takes none
    /// (`null` or absent). Other members are ignored, so a replay line's `id` and `atSeq` can
    /// sit beside them.
    public static func parse(_ json: JSONValue) throws(OrderError) -> OrderRequest {
        guard case .object = json else { throw .notAnObject }
        let side = try side(json["side"])
        let type = try type(json["type"])
        let quantity = try quantity(json["quantity"])
        let price = json["price"].flatMap { $0.isNull ? nil : $0 }
        switch type {
        case .market:
            if let price { throw .priceOnMarketOrder(display(price)) }
            return try OrderRequest(side: side, type: .market, quantity: quantity, limitPrice: nil)
        case .limit:
            guard let price else { throw .priceMissing }
            return try OrderRequest(side: side, type: .limit, quantity: quantity, limitPrice: try limitPrice(price))
        }
    }

    private static func side(_ json: JSONValue?) throws(OrderError) -> Side {
        guard let json, !json.isNull else { throw .sideMissing }
        guard let text = json.stringValue, let side = Side(rawValue: text) else { throw .unknownSide(raw(json)) }
        return side
    }

    private static func type(_ json: JSONValue?) throws(OrderError) -> OrderType {
        guard let json, !json.isNull else { throw .typeMissing }
        guard let text = json.stringValue, let type = OrderType(rawValue: text) else { throw .unknownType(raw(json)) }
        return type
    }

    private static func quantity(_ json: JSONValue?) throws(OrderError) -> Int {
        guard let json, !json.isNull else { throw .quantityMissing }
        let shown = display(json)
        let value: ExactDecimal
        switch json {
        case .number(let text):
            // The reader checked the grammar, so a number ExactDecimal cannot hold is only too big.
            guard let exact = try? ExactDecimal(jsonNumber: text) else { throw .quantityTooLarge(shown) }
            value = exact
        case .string(let text):
            guard let exact = try? ExactDecimal(parsing: text) else { throw .quantityNotANumber(shown) }
            value = exact
        default:
            throw .quantityNotANumber(shown)
        }
        let whole = value.normalized()
        guard whole.scale == 0 else { throw .quantityNotWhole(shown) }
        guard whole.significand > 0 else { throw .quantityNotPositive(shown) }
        guard whole.significand <= Int128(maxQuantity) else { throw .quantityTooLarge(shown) }
        return Int(whole.significand)
    }

    private static func limitPrice(_ json: JSONValue) throws(OrderError) -> Price {
        let shown = display(json)
        let value: ExactDecimal
        switch json {
        case .number(let text):
            guard let exact = try? ExactDecimal(jsonNumber: text) else { throw .priceMalformed(shown) }
            value = exact
        case .string(let text):
            guard let exact = try? ExactDecimal(parsing: text) else { throw .priceMalformed(shown) }
            value = exact
        default:
            throw .priceMalformed(shown)
        }
        guard value.signum > 0 else { throw .priceNotPositive(shown) }
        do {
            return try Price(value)
        } catch {
            switch error {
            case .offTickSize: throw .priceOffTickSize(shown)
            case .outOfRange: throw .priceTooLarge(shown)
            case .malformed: throw .priceMalformed(shown)
            }
        }
    }

    /// A value as the user wrote it, for an error message: numbers and decimal strings bare
    /// ("101.255"), other strings in quotes ("\"abc\"").
    private static func display(_ json: JSONValue) -> String {
        switch json {
        case .null: "null"
        case .bool(let value): String(value)
        case .number(let text): text
        case .string(let text): (try? ExactDecimal(parsing: text)) != nil ? text : JSONString.quoted(text)
        case .array: "[…]"
        case .object: "{…}"
        }
    }

    /// A side or type: a string as it was (the message quotes it), anything else as JSON has it.
    private static func raw(_ json: JSONValue) -> String {
        if let text = json.stringValue { return text }
        return display(json)
    }
}
