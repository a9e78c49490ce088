/// The sentence the user reads when an order is placed, fills, is refused or is cancelled:
/// "bought 40 of 100 at 101.25; 60 could not be filled".
public enum OrderNotice {
    /// What happened to `order`, given the fills of this one event (the submission, a tick or a
    /// cancel).
    public static func text(for order: Order, newFills: [Fill]) -> String {
        let verb = order.side == .buy ? "bought" : "sold"
        let what = description(of: order)
        let newQuantity = newFills.reduce(0) { $0 + $1.quantity }
        let filledNow: String? = newQuantity > 0 ? "\(verb) \(newQuantity) of \(order.quantity) at \(averageText(newFills))" : nil
        // "stop triggered at 101.20: bought 100 at 101.22"
        let trigger = order.type.isStop && order.triggered ? order.triggerPrice.map { "stop triggered at \($0): " } ?? "" : ""
        switch order.status {
        case .rejected:
            return "\(trigger)order \(order.id) refused (\(what)): \(order.reason ?? "no reason given")"
        case .filled:
            if newQuantity == order.quantity { return "\(trigger)\(verb) \(order.quantity) at \(averageText(newFills))" }
            return trigger
                + "\(filledNow ?? verb); order \(order.id) is filled (\(order.quantity) at \(order.averagePrice.map(priceText) ?? "?") on average)"
        case .cancelled:
            let rest = order.quantity - order.filledQuantity
            if order.reason?.hasSuffix("in the book") == true {
                return "\(trigger)\(filledNow ?? "\(verb) none of \(order.quantity)"); \(rest) could not be filled"
            }
            let why = order.reason.flatMap { $0 == "cancelled by the user" ? nil : ": \($0)" } ?? ""
            return "\(trigger)order \(order.id) cancelled (\(what))\(why); \(order.filledQuantity) filled, \(rest) cancelled"
        case .expired:
            let rest = order.quantity - order.filledQuantity
            return "order \(order.id) expired at the close (\(what)): \(order.filledQuantity) filled, \(rest) expired"
        case .partiallyFilled:
            return
                "\(trigger)\(filledNow ?? verb); \(order.remainingQuantity) still pending at \(order.limitPrice?.description ?? "?")"
        case .pending:
            if !order.triggered { return "order \(order.id) waiting for its trigger: \(what)" }
            return "\(trigger)order \(order.id) pending: \(what)"
        }
    }

    /// The order in a few words: "limit buy of 100 at 101.20", "stop sell of 100 at 99.00",
    /// "trailing stop sell of 100, 2.5 % behind (stop 97.50)", "take-profit of order 7: limit sell of 100 at 105.00".
    public static func description(of order: Order) -> String {
        let side = order.side.rawValue
        let quantity = order.quantity
        let base: String
        switch order.kind {
        case .market: base = "market \(side) of \(quantity)"
        case .limit(let limit): base = "limit \(side) of \(quantity) at \(limit)"
        case .stop(let stop): base = "stop \(side) of \(quantity) at \(stop)"
        case .stopLimit(let stop, let limit): base = "stop-limit \(side) of \(quantity), stop \(stop), limit \(limit)"
        case .trailingStop(let trail):
            let distance: String
            switch trail {
            case .amount(let amount): distance = "\(amount) behind"
            case .percent(let percent): distance = "\(percent) % behind"
            }
            base = "trailing stop \(side) of \(quantity), \(distance)" + (order.stopPrice.map { " (stop \($0))" } ?? "")
        }
        guard let parent = order.parentID else { return base }
        let leg = BracketLeg(exitID: order.id) == .stopLoss ? "stop-loss" : "take-profit"
        return "\(leg) of order \(parent): \(base)"
    }

    /// The fills' average price: two places when exact, four otherwise.
    public static func averageText(_ fills: [Fill]) -> String {
        let quantity = fills.reduce(0) { $0 + $1.quantity }
        guard quantity > 0 else { return "?" }
        let ticks = fills.reduce(Int64(0)) { $0 + $1.price.ticks * Int64($1.quantity) }
        return Price.average(ticks: Int128(ticks), quantity: quantity).map(priceText) ?? "?"
    }

    /// A price for people: two places when that is exact, up to four otherwise.
    public static func priceText(_ value: ExactDecimal) -> String {
        let normalized = value.normalized()
        return normalized.scale <= Price.places ? value.formatted(places: Price.places) : normalized.description
    }
}
