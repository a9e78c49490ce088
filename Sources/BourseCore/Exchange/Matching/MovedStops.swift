/// How a tick's `MatchReport` tells of the trailing stops whose reference moved (SPEC.md §10,
/// step 2).
public enum MovedStops: Sendable {
    /// One `TrailMove` per account and side whose stops moved, and no order for a move alone:
    /// O(log n) a tick however many stops move. The stops' current levels are read from the
    /// engine (`openOrders`), or from a copy kept up to date with `TrailMove.applied(to:)`.
    case summarized
    /// The `TrailMove`s, and also every moved order in its new state in `orders` (in placement
    /// order, before the tick's other changes): O(k) for k moved stops. For a reader that wants
    /// each moved order (the property tests; the desk's store keeps the moves, `OrderStore`).
    case listed
}
