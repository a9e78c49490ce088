extension ReplayResult {
    /// A table for people: one row per order, its fills and notes indented under it.
    ///
    /// ```
    /// ID  SIDE  TYPE    QTY  PRICE   STATUS     FILLED  AVG PRICE  REASON
    /// o1  buy   market  100  -       CANCELLED  40      101.2500   60 could not be filled: …
    ///       fill seq 3: 40 at 101.25
    /// ```
    public var text: String {
        let header = ["ID", "SIDE", "TYPE", "QTY", "PRICE", "STATUS", "FILLED", "AVG PRICE", "REASON"]
        let rows = orders.map { order in
            [
                order.id, order.side.rawValue, order.type.rawValue, String(order.quantity),
                order.price?.description ?? "-", order.status.rawValue, String(order.filledQuantity),
                order.averagePrice?.description ?? "-", order.reason ?? "",
            ]
        }
        let table = TextTable.lines([header] + rows)
        var out = [table[0]]
        for (order, line) in zip(orders, table.dropFirst()) {
            out.append(line)
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
}
