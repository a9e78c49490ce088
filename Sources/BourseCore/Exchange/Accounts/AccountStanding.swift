/// Where an account stands on the exchange, valued at the last trade: what the screen's summary
/// and the leaderboard show (SPEC.md §14). Exact decimals, two places.
public struct AccountStanding: Sendable, Hashable {
    /// Shares held (positive long, negative short).
    public let quantity: Int
    /// Realised plus unrealised profit or loss; nil without a price to value the shares at.
    public let profitAndLoss: ExactDecimal?
    /// The shares at the last trade; nil without a price.
    public let positionValue: ExactDecimal?
    /// With cash: the cash the account has now (starting cash plus sells minus buys).
    public let cash: ExactDecimal?
    /// With cash: cash minus what the open buys reserve (`CashRule`).
    public let buyingPower: ExactDecimal?
    /// With cash: cash plus the shares at the last trade. Without: nil.
    public let equity: ExactDecimal?
    /// With cash: equity over starting cash, minus one, in percent; without: profit or loss over
    /// what the buys cost, in percent. Two places, half-even; nil when it cannot be said (no
    /// price yet, or nothing bought without cash).
    public let returnPercent: ExactDecimal?
    /// Fills so far.
    public let fills: Int

    /// The standing of `ledger` valued at `mark` (the last trade), with `cash` if accounts have it
    /// and `open` orders reserving buying power.
    public init(ledger: AccountLedger, mark: Price?, cash: StartingCash?, open: [Order] = []) {
        let position = ledger.lots.position(lastPrice: mark)
        quantity = position.quantity
        fills = ledger.fillCount
        positionValue = position.marketValue
        profitAndLoss =
            position.unrealizedPnL.map { $0 + position.realizedPnL }
            ?? (position.isFlat ? position.realizedPnL : nil)
        if let cash {
            let cashTicks = cash.ticks + ledger.cashFlowTicks
            self.cash = Self.money(cashTicks)
            buyingPower = Self.money(CashRule.buyingPower(cash: cash, ledger: ledger, open: open))
            let value = position.isFlat ? ExactDecimal.zero : position.marketValue
            equity = value.map { Self.money(cashTicks) + $0 }
            returnPercent = equity.flatMap { Self.percent(of: $0 - cash.decimal, over: cash.decimal) }
        } else {
            self.cash = nil
            buyingPower = nil
            equity = nil
            returnPercent = profitAndLoss.flatMap { Self.percent(of: $0, over: Self.money(ledger.boughtTicks)) }
        }
    }

    private static func money(_ ticks: Int128) -> ExactDecimal {
        ExactDecimal(significand: ticks, scale: Price.places)
    }

    /// `part / whole × 100`, two places half-even; nil for a zero whole.
    private static func percent(of part: ExactDecimal, over whole: ExactDecimal) -> ExactDecimal? {
        guard !whole.isZero else { return nil }
        return try? (part * ExactDecimal(100)).divided(by: whole, places: 2, .halfEven)
    }
}
