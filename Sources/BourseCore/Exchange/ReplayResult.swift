/// A replay's outcome: every scripted order in script order, as JSON or as a table.
public struct ReplayResult: Sendable, Hashable {
    public var orders: [ReplayOrderResult]

    public init(orders: [ReplayOrderResult]) {
        self.orders = orders
    }

    /// `{"orders":[…]}`, one order a line, keys always present and in a fixed order (`id`,
    /// `side`, `type`, `quantity`, `price`, `status`, `filledQuantity`, `averagePrice`, `reason`,
    /// `notes`, `fills`), prices as exact decimal strings, absent values as `null`.
    public var jsonText: String {
        guard !orders.isEmpty else { return "{\"orders\":[]}" }
        return "{\"orders\":[\n" + orders.map(Self.json).joined(separator: ",\n") + "\n]}"
    }

    private static func json(_ order: ReplayOrderResult) -> String {
        var out = "{\"id\":" + JSONString.quoted(order.id)
        out += ",\"side\":\"\(order.side.rawValue)\",\"type\":\"\(order.type.rawValue)\",\"quantity\":\(order.quantity)"
        out += ",\"price\":" + (order.price.map { "\"\($0)\"" } ?? "null")
        out += ",\"status\":\"\(order.status.rawValue)\",\"filledQuantity\":\(order.filledQuantity)"
        out += ",\"averagePrice\":" + (order.averagePrice.map { "\"\($0)\"" } ?? "null")
        out += ",\"reason\":" + (order.reason.map(JSONString.quoted) ?? "null")
        out += ",\"notes\":[" + order.notes.map(JSONString.quoted).joined(separator: ",") + "]"
        out += ",\"fills\":["
        out += order.fills.map { "{\"seq\":\($0.seq),\"price\":\"\($0.price)\",\"quantity\":\($0.quantity)}" }
            .joined(separator: ",")
        return out + "]}"
    }
}
