/// What an order's type adds to its side, quantity and prices, in words for the command line's
/// tables (`bourse orders`, `bourse exchange replay`): "trail 1.00", "trail 2%", "triggered at
/// 99.50", "exits 7.tp at 105.00, 7.sl at 95.00", "exit of 7".
public enum OrderDetails {
    public static func parts(
        id: String, kind: OrderKind, bracket: Bracket?, triggerPrice: Price?, parentID: String?
    ) -> [String] {
        var parts: [String] = []
        switch kind.trail {
        case .amount(let amount): parts.append("trail \(amount)")
        case .percent(let percent): parts.append("trail \(percent)%")
        case nil: break
        }
        if let triggerPrice { parts.append("triggered at \(triggerPrice)") }
        if let bracket {
            let exits = [
                bracket.takeProfit.map { "\(BracketLeg.takeProfit.id(entry: id)) at \($0)" },
                bracket.stopLoss.map { "\(BracketLeg.stopLoss.id(entry: id)) at \($0)" },
            ]
            parts.append("exits " + exits.compactMap { $0 }.joined(separator: ", "))
        }
        if let parentID { parts.append("exit of \(parentID)") }
        return parts
    }
}
