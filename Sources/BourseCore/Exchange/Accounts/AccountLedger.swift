/// One account's standing on the exchange, kept from its fills one at a time: the position's
/// lots, the cash the fills moved and how many there were. Exact: whole ticks times shares.
public struct AccountLedger: Sendable, Hashable {
    /// The position's FIFO lots.
    public private(set) var lots = PositionLedger()
    /// What the sells brought in minus what the buys cost, in ticks (cents).
    public private(set) var cashFlowTicks: Int128 = 0
    /// What every buy cost, in ticks: the money put in, for a return without cash.
    public private(set) var boughtTicks: Int128 = 0
    /// Fills taken so far.
    public private(set) var fillCount = 0

    /// No fills yet.
    public init() {}

    /// Takes one more fill, after every fill applied before it.
    public mutating func apply(_ fill: Fill) {
        lots.apply(fill)
        let value = Int128(fill.quantity) * Int128(fill.price.ticks)
        switch fill.side {
        case .buy:
            cashFlowTicks -= value
            boughtTicks += value
        case .sell:
            cashFlowTicks += value
        }
        fillCount += 1
    }

    /// Every account's ledger from all their fills, in the order they happened.
    public static func byAccount(_ fills: [Fill]) -> [AccountID: AccountLedger] {
        var ledgers: [AccountID: AccountLedger] = [:]
        for fill in fills { ledgers[fill.account, default: AccountLedger()].apply(fill) }
        return ledgers
    }
}
