/// The sentence the user reads when an order is placed, fills, is refused or is cancelled:
/// "bought 40 of 100 at 101.25; 60 could not be filled".
public enum OrderNotice {
    /// What happened to `order`, given the fills of this one event (the submission, a tick or a
    /// cancel).
    public static func text(for order: Order, newFills: [Fill]) -> String {
        let verb = order.side == .buy ? "bought" : "sold"
        let what =
            order.type == .limit
            ? "limit \(order.side.rawValue) of \(order.quantity) at \(order.limitPrice?.description ?? "?")"
            : "market \(order.side.rawValue) of \(order.quantity)"
        let newQuantity = newFills.reduce(0) { $0 + $1.quantity }
        let filledNow: String? = newQuantity > 0 ? "\(verb) \(newQuantity) of \(order.quantity) at \(averageText(newFills))" : nil
        switch order.status {
        case .rejected:
            return "order \(order.id) refused (\(what)): \(order.reason ?? "no reason given")"
        case .filled:
            if newQuantity == order.quantity { return "\(verb) \(order.quantity) at \(averageText(newFills))" }
            return
                "\(filledNow ?? verb); order \(order.id) is filled (\(order.quantity) at \(order.averagePrice.map(priceText) ?? "?") on average)"
        case .cancelled:
            let rest = order.quantity - order.filledQuantity
            if order.type == .market && order.reason != "cancelled by the user" {
                return "\(filledNow ?? "\(verb) none of \(order.quantity)"); \(rest) could not be filled"
            }
            return "order \(order.id) cancelled (\(what)): \(order.filledQuantity) filled, \(rest) cancelled"
        case .partiallyFilled:
            return "\(filledNow ?? verb); \(order.remainingQuantity) still pending at \(order.limitPrice?.description ?? "?")"
        case .pending:
            return "order \(order.id) pending: \(what)"
        }
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
