/// Step 2 of a tick (SPEC.md §10) for one account's trailing stops on one side, told once
/// instead of once per order: every trailing stop of `account` on `side` that was waiting at that
/// step and whose reference had not reached `reference` (none yet, or above it for a buy, below
/// it for a sell) now has `reference`, and its stop level follows (`Order.stopPrice`).
///
/// A new high moves every waiting sell's level at once; the engine keeps those stops in groups
/// that share their reference, so the move costs it O(log n), and this is how it says so. A
/// reader that keeps a copy of each order brings a copy up to date with `applied(to:)`.
public struct TrailMove: Hashable, Sendable {
    public let account: AccountID
    public let side: Side
    /// The tick's last price: the new reference.
    public let reference: Price

    public init(account: AccountID, side: Side, reference: Price) {
        self.account = account
        self.side = side
        self.reference = reference
    }

    /// `order` as the move leaves it: a waiting trailing stop of this account and side takes the
    /// reference where it is beyond its own (lower for a buy, higher for a sell); any other order
    /// is returned as it is. Applying a move twice changes nothing more.
    public func applied(to order: Order) -> Order {
        guard order.account == account, order.side == side, order.isWaitingTrailingStop else { return order }
        var moved = order
        moved.trailReference =
            order.trailReference.map { side == .buy ? min($0, reference) : max($0, reference) } ?? reference
        return moved
    }
}

extension Order {
    /// An open trailing stop that has not triggered: one that `TrailMove`s move.
    public var isWaitingTrailingStop: Bool {
        guard status.isOpen, !triggered, case .trailingStop = kind else { return false }
        return true
    }
}
