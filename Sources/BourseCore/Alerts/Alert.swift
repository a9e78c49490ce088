import Foundation

/// A price alert on one stock: armed until the first price that meets its condition, then
/// fired (with when and at what price) and kept so until it is removed or re-armed.
public struct Alert: Hashable, Sendable, Identifiable {
    /// "1", "2", ...: never reused.
    public let id: String
    public var symbol: String
    public var condition: AlertCondition
    public var status: AlertStatus
    public let createdAt: Date
    /// When it fired, and the price and day's change that met it.
    public var firedAt: Date?
    public var firedPrice: ExactDecimal?
    public var firedChangePercent: ExactDecimal?

    public init(
        id: String, symbol: String, condition: AlertCondition, status: AlertStatus = .armed, createdAt: Date,
        firedAt: Date? = nil, firedPrice: ExactDecimal? = nil, firedChangePercent: ExactDecimal? = nil
    ) {
        self.id = id
        self.symbol = symbol
        self.condition = condition
        self.status = status
        self.createdAt = createdAt
        self.firedAt = firedAt
        self.firedPrice = firedPrice
        self.firedChangePercent = firedChangePercent
    }

    /// This alert fired at `price` (and `changePercent`) at `time`.
    public func fired(at time: Date, price: ExactDecimal, changePercent: ExactDecimal?) -> Alert {
        var alert = self
        alert.status = .fired
        alert.firedAt = time
        alert.firedPrice = price
        alert.firedChangePercent = changePercent
        return alert
    }

    /// This alert with a new symbol and condition, armed again.
    public func rearmed(symbol: String, condition: AlertCondition) -> Alert {
        Alert(id: id, symbol: symbol, condition: condition, createdAt: createdAt)
    }
}

public enum AlertStatus: String, Hashable, Sendable, CaseIterable {
    case armed
    case fired
}
