/// A replay's outcome: every scripted order in script order, as JSON or as a table.
public struct ReplayResult: Sendable, Hashable {
    public var orders: [ReplayOrderResult]

    public init(orders: [ReplayOrderResult]) {
        self.orders = orders
    }

    /// `{"orders":[…]}`, one order a line, keys always present and in a fixed order (`id`,
    /// `side`, `type`, `quantity`, `price`, `stopPrice`, `trailAmount`, `trailPercent`,
    /// `timeInForce`, `takeProfit`, `stopLoss`, `parentId`, `status`, `triggered`,
    /// `triggerPrice`, `filledQuantity`, `averagePrice`, `reason`, `notes`, `fills`), named as the
    /// API names them, prices as exact decimal strings, absent values as `null`.
    public var jsonText: String {
        guard !orders.isEmpty else { return "{\"orders\":[]}" }
        return "{\"orders\":[\n" + orders.map(Self.json).joined(separator: ",\n") + "\n]}"
    }

    private static func json(_ order: ReplayOrderResult) -> String {
        func text(_ value: (some CustomStringConvertible)?) -> String { value.map { "\"\($0)\"" } ?? "null" }
        var trailAmount: Price?
        var trailPercent: TrailPercent?
        switch order.kind.trail {
        case .amount(let amount): trailAmount = amount
        case .percent(let percent): trailPercent = percent
        case nil: break
        }
        var out = "{\"id\":" + JSONString.quoted(order.id)
        out += ",\"side\":\"\(order.side.rawValue)\",\"type\":\"\(order.type.rawValue)\",\"quantity\":\(order.quantity)"
        out += ",\"price\":" + text(order.price) + ",\"stopPrice\":" + text(order.stopPrice)
        out += ",\"trailAmount\":" + text(trailAmount) + ",\"trailPercent\":" + text(trailPercent)
        out += ",\"timeInForce\":\"\(order.timeInForce.rawValue)\""
        out += ",\"takeProfit\":" + text(order.bracket?.takeProfit) + ",\"stopLoss\":" + text(order.bracket?.stopLoss)
        out += ",\"parentId\":" + (order.parentID.map(JSONString.quoted) ?? "null")
        out += ",\"status\":\"\(order.status.rawValue)\",\"triggered\":\(order.triggered)"
        out += ",\"triggerPrice\":" + text(order.triggerPrice)
        out += ",\"filledQuantity\":\(order.filledQuantity),\"averagePrice\":" + text(order.averagePrice)
        out += ",\"reason\":" + (order.reason.map(JSONString.quoted) ?? "null")
        out += ",\"notes\":[" + order.notes.map(JSONString.quoted).joined(separator: ",") + "]"
        out += ",\"fills\":["
        out += order.fills.map { "{\"seq\":\($0.seq),\"price\":\"\($0.price)\",\"quantity\":\($0.quantity)}" }
            .joined(separator: ",")
        return out + "]}"
    }
}
