/// The FIFO lots behind a `Position`, kept up to date one fill at a time, so that the position
/// after many fills costs only its open lots to show, not a read of every fill again.
///
/// Fills close the oldest open lots of the other direction first; each closed share realizes
/// the difference between its lot's price and the closing fill's (see `Position`).
public struct PositionLedger: Sendable, Hashable {
    /// The lots, oldest first; those before `head` are closed (kept until compacted).
    private var lots: [Position.Lot] = []
    private var head = 0
    private var realizedTicks: Int128 = 0

    /// No fills yet: flat.
    public init() {}

    /// The ledger after `fills`, in the order given (the order they happened).
    public init(fills: [Fill]) {
        for fill in fills { apply(fill) }
    }

    /// Takes one more fill, after every fill applied before it.
    public mutating func apply(_ fill: Fill) {
        let sign = fill.side == .buy ? 1 : -1
        var left = fill.quantity
        // Close lots of the other direction, oldest first.
        while left > 0, head < lots.count, lots[head].quantity.signum() == -sign {
            let lot = lots[head]
            let closed = min(left, abs(lot.quantity))
            // A long lot sold: (sell - cost); a short lot bought back: (proceeds - buy).
            realizedTicks += Int128(closed) * Int128(fill.price.ticks - lot.price.ticks) * Int128(-sign)
            left -= closed
            if closed == abs(lot.quantity) {
                head += 1
            } else {
                lots[head] = Position.Lot(quantity: lot.quantity + sign * closed, price: lot.price)
            }
        }
        if left > 0 { lots.append(Position.Lot(quantity: sign * left, price: fill.price)) }
        // The closed lots go once they are most of the array, so it stays the size of the open ones.
        if head >= 64, head * 2 >= lots.count {
            lots.removeFirst(head)
            head = 0
        }
    }

    /// The position now, valued at `lastPrice`.
    public func position(lastPrice: Price?) -> Position {
        Position(open: Array(lots[head...]), realizedTicks: realizedTicks, lastPrice: lastPrice)
    }
}
