import BourseCore
import Metrics

/// What the trading desk does, as metrics (docs/metrics.md):
///
/// - `bourse_orders_total{status}`: each order placed, by its status when it was acknowledged
///   (`filled`, `partially_filled`, `pending`, `rejected`), each cancel (`cancelled`), and each
///   order or cancel whose commit failed (`not_saved`);
/// - `bourse_order_commit_duration_seconds`: each group commit's write (one per batch).
struct DeskMetrics: Sendable {
    private let orders: [String: Counter]
    private let commit: Timer

    static let notSaved = "not_saved"

    init(factory: any MetricsFactory) {
        var orders: [String: Counter] = [:]
        for status in OrderStatus.allCases.map(Self.label) + [Self.notSaved] {
            orders[status] = Counter(label: "bourse_orders_total", dimensions: [("status", status)], factory: factory)
        }
        self.orders = orders
        commit = Timer(label: "bourse_order_commit_duration_seconds", factory: factory)
    }

    func acknowledged(_ status: OrderStatus) {
        orders[Self.label(status)]?.increment()
    }

    func notSaved() {
        orders[Self.notSaved]?.increment()
    }

    func committed(in duration: Duration) {
        commit.record(duration: duration)
    }

    /// `PARTIALLY_FILLED` → `partially_filled`.
    static func label(_ status: OrderStatus) -> String { status.rawValue.lowercased() }
}
