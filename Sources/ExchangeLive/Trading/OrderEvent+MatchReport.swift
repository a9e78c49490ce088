import BourseCore
import Exchange

extension OrderEvent {
    /// One event per order the report changed, each with the fills the report gave it.
    static func all(in report: MatchReport) -> [OrderEvent] {
        report.orders.map { order in OrderEvent(order: order, fills: report.fills.filter { $0.orderID == order.id }) }
    }
}
