/// The sentence the user reads when an order is placed, fills, is refused or is cancelled, in a
/// trader's words (SPEC.md §12): "bought 40 of 100 at 101.25; 60 could not be filled",
/// "stop-loss set at 135.93", "buy 100 at 101.20 or less cancelled". Never the engine's words
/// ("order 6.sl waiting for its trigger"): the order's id is on the row it belongs to.
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
        let rest = order.quantity - order.filledQuantity
        let leg = order.parentID == nil ? nil : BracketLeg(exitID: order.id)
        switch order.status {
        case .rejected:
            return "\(trigger)\(what) refused: \(order.reason ?? "no reason given")"
        case .filled:
            if newQuantity == order.quantity { return "\(trigger)\(verb) \(order.quantity) at \(averageText(newFills))" }
            return trigger
                + "\(filledNow ?? verb); all \(order.quantity) \(verb), at \(order.averagePrice.map(priceText) ?? "?") on average"
        case .cancelled:
            if order.reason?.hasSuffix("in the book") == true {
                return "\(trigger)\(filledNow ?? "\(verb) none of \(order.quantity)"); \(rest) could not be filled"
            }
            if let leg, order.reason == "cancelled by the user" {
                return "\(what) cancelled, and with it any \(leg.other.words) (one cancels the other)"
            }
            if let leg, order.reason == "the other exit filled" {
                return "\(what) cancelled: its \(leg.other.words) filled (one cancels the other)"
            }
            let why = order.reason.flatMap { $0 == "cancelled by the user" ? nil : ": \($0)" } ?? ""
            let filled = order.filledQuantity > 0 ? "; \(order.filledQuantity) filled, \(rest) cancelled" : ""
            return "\(trigger)\(what) cancelled\(why)\(filled)"
        case .expired:
            let filled = order.filledQuantity > 0 ? ": \(order.filledQuantity) filled, \(rest) expired" : ""
            return "\(what) expired at the close\(filled)"
        case .partiallyFilled:
            return
                "\(trigger)\(filledNow ?? verb); \(order.remainingQuantity) still pending at \(order.limitPrice?.description ?? "?")"
        case .pending:
            if let leg { return "\(leg.words) set at \(level(of: order))" }
            if !order.triggered {
                return (order.type == .trailingStop ? "trailing stop set: " : "stop set: ") + what
            }
            return trigger.isEmpty ? "limit order placed: \(what), waiting" : "\(trigger)\(what), waiting"
        }
    }

    /// The order as a trader says it: "buy 100 at market", "buy 100 at 101.20 or less", "sell 100
    /// if the price falls to 99.00", "buy 100 at 101.05 or less once the price reaches 101.00",
    /// "sell 40 trailing 1.00 below the high (stop 100.90)", "take-profit at 105.00 (sell 60)".
    public static func description(of order: Order) -> String {
        let buy = order.side == .buy
        let base = "\(order.side.rawValue) \(order.quantity)"
        let limitWords = buy ? "or less" : "or more"
        if order.parentID != nil {
            let leg = BracketLeg(exitID: order.id) ?? .takeProfit
            return "\(leg.words) at \(level(of: order)) (\(base))"
        }
        switch order.kind {
        case .market: return "\(base) at market"
        case .limit(let limit): return "\(base) at \(limit) \(limitWords)"
        case .stop(let stop): return "\(base) if the price \(buy ? "rises" : "falls") to \(stop)"
        case .stopLimit(let stop, let limit): return "\(base) at \(limit) \(limitWords) once the price reaches \(stop)"
        case .trailingStop(let trail):
            let distance: String
            switch trail {
            case .amount(let amount): distance = "\(amount)"
            case .percent(let percent): distance = "\(percent) %"
            }
            return "\(base) trailing \(distance) \(buy ? "above the low" : "below the high")"
                + (order.stopPrice.map { " (stop \($0))" } ?? "")
        }
    }

    /// An exit's price: a take-profit's limit, a stop-loss's stop.
    static func level(of order: Order) -> String {
        (order.limitPrice ?? order.stopPrice).map { "\($0)" } ?? "?"
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

extension BracketLeg {
    /// "take-profit", "stop-loss".
    fileprivate var words: String { self == .takeProfit ? "take-profit" : "stop-loss" }
}
