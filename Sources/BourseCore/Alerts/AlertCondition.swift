/// When a price alert fires (SPEC.md §11): the price at or above a level, at or below one, or
/// the day's change at least a percent either way.
public enum AlertCondition: Hashable, Sendable {
    /// The price is at or above this level.
    case above(Price)
    /// The price is at or below this level.
    case below(Price)
    /// The day's change, up or down, is at least this percent (above 0).
    case movePercent(ExactDecimal)

    /// Whether a price (and the day's change in percent, when known) meets the condition.
    public func isMet(price: ExactDecimal, changePercent: ExactDecimal?) -> Bool {
        switch self {
        case .above(let level): return price >= level.decimal
        case .below(let level): return price <= level.decimal
        case .movePercent(let percent):
            guard let changePercent else { return false }
            return changePercent.magnitude >= percent
        }
    }

    /// The API's name for the condition's member: `above`, `below` or `movePercent`.
    public var kind: String {
        switch self {
        case .above: "above"
        case .below: "below"
        case .movePercent: "movePercent"
        }
    }

    /// The condition's value as the API writes it ("150.00", "5").
    public var valueText: String {
        switch self {
        case .above(let price), .below(let price): price.description
        case .movePercent(let percent): percent.description
        }
    }

    /// In words: "at or above 150.00", "moves 5% in a day".
    public var text: String {
        switch self {
        case .above(let price): "at or above \(price)"
        case .below(let price): "at or below \(price)"
        case .movePercent(let percent): "moves \(percent)% in a day"
        }
    }
}
