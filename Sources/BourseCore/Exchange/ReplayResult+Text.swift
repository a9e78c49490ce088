extension ReplayResult {
    /// A table for people: one row per order, what its type adds (trail, trigger, exits, entry), its
    /// fills and its notes indented under it.
    ///
    /// ```
    /// ID  SIDE  TYPE    QTY  PRICE   STOP  TIF  STATUS     FILLED  AVG PRICE  REASON
    /// o1  buy   market  100  -       -     ioc  CANCELLED  40      101.2500   60 could not be filled: …
    ///       fill seq 3: 40 at 101.25
    /// ```
    public var text: String {
        let header = ["ID", "SIDE", "TYPE", "QTY", "PRICE", "STOP", "TIF", "STATUS", "FILLED", "AVG PRICE", "REASON"]
        let rows = orders.map { order in
            [
                order.id, order.side.rawValue, order.type.rawValue, String(order.quantity),
                order.price?.description ?? "-", order.stopPrice?.description ?? "-", order.timeInForce.rawValue,
                order.status.rawValue, String(order.filledQuantity), order.averagePrice?.description ?? "-",
                order.reason ?? "",
            ]
        }
        let table = TextTable.lines([header] + rows)
        var out = [table[0]]
        for (order, line) in zip(orders, table.dropFirst()) {
            out.append(line)
            out += Self.details(order).map { "      " + $0 }
            for fill in order.fills {
                out.append("      fill seq \(fill.seq): \(fill.quantity) at \(fill.price)")
            }
            for note in order.notes {
                out.append("      note: \(note)")
            }
        }
        if orders.isEmpty { out.append("(no orders)") }
        return out.joined(separator: "\n") + "\n"
    }

    /// What the row's columns leave out (`OrderDetails`): a trail, a trigger, a bracket's exits, an
    /// exit's entry.
    private static func details(_ order: ReplayOrderResult) -> [String] {
        OrderDetails.parts(
            id: order.id, kind: order.kind, bracket: order.bracket, triggerPrice: order.triggerPrice, parentID: order.parentID)
    }
}
