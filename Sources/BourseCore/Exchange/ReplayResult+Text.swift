extension ReplayResult {
    /// A table for people: one row per order, what its type adds (trail, bracket, trigger), its
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

    /// What the row's columns leave out: a trailing stop's trail, a bracket's exits, a trigger.
    private static func details(_ order: ReplayOrderResult) -> [String] {
        var lines: [String] = []
        switch order.kind.trail {
        case .amount(let amount): lines.append("trail \(amount)")
        case .percent(let percent): lines.append("trail \(percent)%")
        case nil: break
        }
        if let bracket = order.bracket {
            let legs = [
                bracket.takeProfit.map { "take-profit \($0) (\(BracketLeg.takeProfit.id(entry: order.id)))" },
                bracket.stopLoss.map { "stop-loss \($0) (\(BracketLeg.stopLoss.id(entry: order.id)))" },
            ]
            lines.append("bracket: " + legs.compactMap { $0 }.joined(separator: ", "))
        }
        if let trigger = order.triggerPrice { lines.append("triggered at \(trigger)") }
        return lines
    }
}
