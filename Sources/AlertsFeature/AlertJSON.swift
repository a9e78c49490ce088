import BourseCore
import Foundation

/// An alert as the API shows it: the condition's member (`above`, `below` or `movePercent`)
/// set and the other two `null`, its status, and when fired the time, price and day's change.
public struct AlertJSON: Encodable, Sendable {
    let id: String
    let symbol: String
    @ExplicitNull var above: String?
    @ExplicitNull var below: String?
    @ExplicitNull var movePercent: String?
    /// The condition in words: "at or above 150.00".
    let condition: String
    let status: String
    let createdAt: String
    @ExplicitNull var firedAt: String?
    @ExplicitNull var price: String?
    @ExplicitNull var changePercent: String?

    public init(_ alert: Alert) {
        id = alert.id
        symbol = alert.symbol
        switch alert.condition {
        case .above(let level): above = level.description
        case .below(let level): below = level.description
        case .movePercent(let percent): movePercent = percent.description
        }
        condition = alert.condition.text
        status = alert.status.rawValue
        createdAt = Timestamp.iso8601Milliseconds(alert.createdAt)
        firedAt = alert.firedAt.map(Timestamp.iso8601Milliseconds)
        price = alert.firedPrice?.description
        changePercent = alert.firedChangePercent?.description
    }
}
