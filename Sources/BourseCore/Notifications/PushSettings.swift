/// Which kinds of notice are pushed to the devices (all by default); the bell lists every
/// notice whatever these say.
public struct PushSettings: Hashable, Sendable {
    public var alerts: Bool
    public var fills: Bool
    public var orders: Bool

    public init(alerts: Bool = true, fills: Bool = true, orders: Bool = true) {
        self.alerts = alerts
        self.fills = fills
        self.orders = orders
    }

    public func sends(_ kind: NoticeKind) -> Bool {
        switch kind {
        case .alert: alerts
        case .fill: fills
        case .order: orders
        }
    }
}
