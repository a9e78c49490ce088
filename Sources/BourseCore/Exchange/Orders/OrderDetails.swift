/// What an order's type adds to its side, quantity and prices, in words for the command line's
/// tables (`bourse orders`, `bourse exchange replay`): "trail 1.00", "trail 2%", "triggered at
/// 99.50", "exits 7.tp at 105.00, 7.sl at 95.00", "exit of 7".
public enum OrderDetails {
    public static func parts(
        id: String, kind: OrderKind, bracket: Bracket?, triggerPrice: Price?, parentID: String?
    ) -> [String] {
        let trail: String?
        switch kind.trail {
        case .amount(let amount): trail = "\(amount)"
        case .percent(let percent): trail = "\(percent)%"
        case nil: trail = nil
        }
        return parts(
            id: id, trail: trail, triggerPrice: triggerPrice?.description, hasBracket: bracket != nil,
            takeProfit: bracket?.takeProfit?.description, stopLoss: bracket?.stopLoss?.description, parentID: parentID)
    }

    /// The same words from an order's fields as the API writes them: `trail` as "1.00" or "2%".
    public static func parts(
        id: String, trail: String?, triggerPrice: String?, hasBracket: Bool, takeProfit: String?, stopLoss: String?,
        parentID: String?
    ) -> [String] {
        var parts: [String] = []
        if let trail { parts.append("trail \(trail)") }
        if let triggerPrice { parts.append("triggered at \(triggerPrice)") }
        if hasBracket {
            let exits = [
                takeProfit.map { "\(BracketLeg.takeProfit.id(entry: id)) at \($0)" },
                stopLoss.map { "\(BracketLeg.stopLoss.id(entry: id)) at \($0)" },
            ]
            parts.append("exits " + exits.compactMap { $0 }.joined(separator: ", "))
        }
        if let parentID { parts.append("exit of \(parentID)") }
        return parts
    }
}
