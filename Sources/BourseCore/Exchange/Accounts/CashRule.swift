/// The checks a new order meets when accounts have cash (SPEC.md §14), before it is matched.
///
/// **Buying power** is cash minus what the open buys reserve: a limit or stop-limit buy its limit
/// times the shares it has left, a stop or trailing-stop buy its stop level times them (it buys at
/// the market when it triggers, which may cost more: cash is checked when an order is placed).
/// A new buy costs its limit times its shares, a market buy what it would take from the book,
/// level by level; a stop buy its stop level, a trailing stop buy its level from the last price.
/// Over the buying power it is REJECTED "insufficient buying power".
///
/// **No short selling**: a sell of more shares than the position holds, minus what the open sells
/// would sell, is REJECTED "no short selling".
///
/// A bracket's exits reserve nothing and are never checked: they only close what their entry
/// opened.
public enum CashRule {
    public static let insufficientBuyingPower = "insufficient buying power"
    public static let noShortSelling = "no short selling"

    /// Why `request` is refused, or nil when it may go to the engine.
    ///
    /// - Parameters:
    ///   - ledger: the account's fills so far.
    ///   - open: the account's open orders.
    ///   - book: what the account's orders left of the current book.
    public static func refusal(
        of request: OrderRequest, cash: StartingCash, ledger: AccountLedger, open: [Order], book: FeedTick?
    ) -> String? {
        switch request.side {
        case .buy:
            let power = buyingPower(cash: cash, ledger: ledger, open: open)
            return cost(of: request, book: book) > power ? insufficientBuyingPower : nil
        case .sell:
            let held = ledger.lots.position(lastPrice: nil).quantity
            let selling = open.filter { $0.side == .sell && $0.parentID == nil }.reduce(0) { $0 + $1.remainingQuantity }
            return request.quantity > held - selling ? noShortSelling : nil
        }
    }

    /// Cash minus what the open buys reserve, in ticks.
    public static func buyingPower(cash: StartingCash, ledger: AccountLedger, open: [Order]) -> Int128 {
        let reserved = open.filter { $0.side == .buy && $0.parentID == nil }.reduce(Int128(0)) {
            $0 + Int128($1.remainingQuantity) * Int128(($1.limitPrice ?? $1.stopPrice)?.ticks ?? 0)
        }
        return cash.ticks + ledger.cashFlowTicks - reserved
    }

    /// What a new buy may cost, in ticks.
    static func cost(of request: OrderRequest, book: FeedTick?) -> Int128 {
        let shares = Int128(request.quantity)
        switch request.kind {
        case .limit(let limit), .stopLimit(_, let limit): return shares * Int128(limit.ticks)
        case .stop(let level): return shares * Int128(level.ticks)
        case .trailingStop(let trail):
            guard let reference = book?.last?.price ?? book?.asks.first?.price else { return 0 }
            return shares * Int128(trail.stopLevel(reference: reference, side: .buy).ticks)
        case .market:
            var left = request.quantity
            var cost: Int128 = 0
            for level in book?.asks ?? [] where left > 0 {
                let taken = min(left, level.quantity)
                cost += Int128(taken) * Int128(level.price.ticks)
                left -= taken
            }
            return cost
        }
    }
}
