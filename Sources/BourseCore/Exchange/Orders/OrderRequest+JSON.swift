/// The order's JSON form, as the API body and each replay line carry it:
/// `{"side":"buy","type":"limit","quantity":100,"price":"101.20"}`.
/// The order's JSON form, as the API body and each replay line carry it:
/// `{"side":"buy","type":"limit","quantity":100,"price":"101.20","timeInForce":"day"}`,
/// `{"side":"sell","type":"trailing_stop","quantity":100,"trailPercent":"2.5"}`,
/// `{"side":"buy","type":"limit","quantity":100,"price":"100.00","takeProfit":"104.00","stopLoss":"98.00"}`.
extension OrderRequest {
    /// Reads a request, checking side, type, quantity, the type's prices, the time in force and the
    /// bracket in that order; the first thing wrong is the `OrderError`.
    ///
    /// `quantity` is a JSON integer or a string of digits. Prices (`price`, `stopPrice`,
    /// `trailAmount`, `takeProfit`, `stopLoss`) and `trailPercent` are decimal strings or JSON
    /// numbers, read exactly from their text (never through `Double`). A member that is `null` is
    /// absent. A member the type does not take is refused. Other members are ignored, so a replay
    /// line's `id` and `atSeq` can sit beside them.
    public static func parse(_ json: JSONValue) throws(OrderError) -> OrderRequest {
        guard case .object = json else { throw .notAnObject }
        let side = try side(json["side"])
        let type = try type(json["type"])
        let quantity = try quantity(json["quantity"])
        func member(_ field: OrderField) -> JSONValue? { json[field.rawValue].flatMap { $0.isNull ? nil : $0 } }
        /// A field the type needs, read as a price.
        func required(_ field: OrderField) throws(OrderError) -> Price {
            guard let value = member(field) else { throw .missing(field, for: type) }
            return try price(value, field)
        }
        let kind: OrderKind
        switch type {
        case .market: kind = .market
        case .limit: kind = .limit(try required(.price))
        case .stop: kind = .stop(try required(.stopPrice))
        case .stopLimit: kind = .stopLimit(stop: try required(.stopPrice), limit: try required(.price))
        case .trailingStop: kind = .trailingStop(try trail(amount: member(.trailAmount), percent: member(.trailPercent)))
        }
        for field in OrderField.allCases where !type.takes.contains(field) {
            if let value = member(field) { throw .notTaken(field, by: type, given: display(value)) }
        }
        let timeInForce = try timeInForce(json["timeInForce"])
        let takeProfit = try member(.takeProfit).map { (value) throws(OrderError) in try price(value, .takeProfit) }
        let stopLoss = try member(.stopLoss).map { (value) throws(OrderError) in try price(value, .stopLoss) }
        return try OrderRequest(
            side: side, kind: kind, quantity: quantity, timeInForce: timeInForce,
            bracket: Bracket(takeProfit: takeProfit, stopLoss: stopLoss))
    }

    private static func trail(amount: JSONValue?, percent: JSONValue?) throws(OrderError) -> Trail {
        switch (amount, percent) {
        case (nil, nil): throw .trailMissing
        case (.some, .some): throw .trailAmbiguous
        case (let amount?, nil): return .amount(try price(amount, .trailAmount))
        case (nil, let percent?):
            let shown = display(percent)
            guard let value = decimal(percent), let trail = TrailPercent(value) else {
                throw .trailPercentOutOfRange(shown)
            }
            return .percent(trail)
        }
    }

    private static func timeInForce(_ json: JSONValue?) throws(OrderError) -> TimeInForce? {
        guard let json, !json.isNull else { return nil }
        guard let text = json.stringValue, let tif = TimeInForce(rawValue: text) else {
            throw .unknownTimeInForce(raw(json))
        }
        return tif
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

    /// A decimal from a JSON number or string, read exactly; nil if it is neither.
    private static func decimal(_ json: JSONValue) -> ExactDecimal? {
        switch json {
        case .number(let text): try? ExactDecimal(jsonNumber: text)
        case .string(let text): try? ExactDecimal(parsing: text)
        default: nil
        }
    }

    private static func price(_ json: JSONValue, _ field: OrderField) throws(OrderError) -> Price {
        let shown = display(json)
        guard let value = decimal(json) else { throw .priceMalformed(field, shown) }
        guard value.signum > 0 else { throw .priceNotPositive(field, shown) }
        do {
            return try Price(value)
        } catch {
            switch error {
            case .offTickSize: throw .priceOffTickSize(field, shown)
            case .outOfRange: throw .priceTooLarge(field, shown)
            case .malformed: throw .priceMalformed(field, shown)
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

extension OrderRequest {
    /// The request as the JSON `parse(_:)` reads, every member it has, prices as decimal strings:
    /// `{"side":"buy","type":"stop_limit","quantity":5,"stopPrice":"101.20","price":"101.50","timeInForce":"day"}`.
    public var jsonText: String {
        var members = [("side", JSONString.quoted(side.rawValue)), ("type", JSONString.quoted(type.rawValue))]
        members.append(("quantity", String(quantity)))
        switch kind {
        case .market: break
        case .limit(let limit): members.append(("price", JSONString.quoted(limit.description)))
        case .stop(let stop): members.append(("stopPrice", JSONString.quoted(stop.description)))
        case .stopLimit(let stop, let limit):
            members.append(("stopPrice", JSONString.quoted(stop.description)))
            members.append(("price", JSONString.quoted(limit.description)))
        case .trailingStop(.amount(let amount)): members.append(("trailAmount", JSONString.quoted(amount.description)))
        case .trailingStop(.percent(let percent)): members.append(("trailPercent", JSONString.quoted(percent.description)))
        }
        members.append(("timeInForce", JSONString.quoted(timeInForce.rawValue)))
        if let takeProfit = bracket?.takeProfit { members.append(("takeProfit", JSONString.quoted(takeProfit.description))) }
        if let stopLoss = bracket?.stopLoss { members.append(("stopLoss", JSONString.quoted(stopLoss.description))) }
        return "{" + members.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }
}
