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
        let widths = header.indices.map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            let padded = cells.enumerated().map { column, cell in
                column == cells.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
            }
            return String(padded.joined(separator: "  ").reversed().drop { $0 == " " }.reversed())
        }
        var out = [line(header)]
        for (order, row) in zip(orders, rows) {
            out.append(line(row))
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
