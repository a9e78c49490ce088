/// An alert as the user asks for it: `{"symbol": "AAPL", "above": "150.00"}`, `{"symbol": …,
/// "below": …}` or `{"symbol": …, "movePercent": "5"}`. Exactly one condition; a price above 0
/// and on the tick (0.01); a percent above 0 and at most 1000, with at most two decimal places;
/// decimals as strings.
/// The symbol may be left out of a change (`PUT`), which keeps the alert's.
public struct AlertRequest: Hashable, Sendable {
    /// The symbol, upper-cased (`Symbol.normalized`); whether it is listed is the caller's to check.
    public let symbol: String?
    public let condition: AlertCondition

    public init(symbol: String?, condition: AlertCondition) {
        self.symbol = symbol
        self.condition = condition
    }

    /// The largest `movePercent`.
    public static let maximumPercent = ExactDecimal(1000)

    /// Reads a request body; every problem is `AlertError.invalid` with what to send instead.
    public static func parse(_ json: JSONValue, symbolRequired: Bool = true) throws(AlertError) -> AlertRequest {
        guard let members = json.objectValue else {
            throw .invalid(#"send an object: {"symbol": "AAPL", "above": "150.00"} (or "below", or "movePercent")"#)
        }
        let known: Set<String> = ["symbol", "above", "below", "movePercent"]
        if let unknown = members.keys.sorted().first(where: { !known.contains($0) }) {
            throw .invalid("unknown member \"\(unknown.prefix(40))\": an alert has symbol and one of above, below, movePercent")
        }
        var symbol: String?
        if let value = members["symbol"] {
            guard let text = value.stringValue else { throw .invalid("symbol must be a ticker symbol such as \"AAPL\"") }
            switch Symbol.normalized(text) {
            case .success(let normalized): symbol = normalized
            case .failure(let error): throw .invalid(error.description)
            }
        } else if symbolRequired {
            throw .invalid("an alert needs a symbol, e.g. \"symbol\": \"AAPL\"")
        }
        let given = ["above", "below", "movePercent"].filter { members[$0] != nil }
        guard given.count == 1, let name = given.first, let value = members[name] else {
            throw .invalid(
                "give exactly one of above, below or movePercent (got \(given.isEmpty ? "none" : given.joined(separator: ", ")))")
        }
        // A string, as every decimal in the API: a JSON number would be read as a float by some clients.
        guard let text = value.stringValue, let decimal = try? ExactDecimal(parsing: text) else {
            throw .invalid("\(name) must be a decimal string such as \"150.00\"")
        }
        guard !decimal.isNegative, !decimal.isZero else { throw .invalid("\(name) must be above 0, got \(decimal)") }
        switch name {
        case "movePercent":
            guard decimal <= maximumPercent else {
                throw .invalid("movePercent must be at most \(maximumPercent), got \(decimal)")
            }
            guard decimal.normalized().scale <= 2 else {
                throw .invalid("movePercent takes at most two decimal places, got \(decimal)")
            }
            return AlertRequest(symbol: symbol, condition: .movePercent(decimal.normalized()))
        default:
            let price: Price
            do {
                price = try Price(decimal)
            } catch {
                throw .invalid("\(name) must be a price on the tick (0.01), got \(decimal)")
            }
            return AlertRequest(symbol: symbol, condition: name == "above" ? .above(price) : .below(price))
        }
    }
}
