import Foundation

extension MatchingEngine {
    /// Puts back an open order loaded from storage. Call it in the orders' original rank order:
    /// each restored order ranks after those restored before it and before any submitted later,
    /// and keeps its filled quantity, trigger state and trail reference. It does not trade against
    /// the current book; it matches or triggers from the next tick on. A final order, a market
    /// order or an id already open is ignored.
    public mutating func restore(_ order: Order) {
        guard order.status.isOpen, ranks[order.id] == nil, order.remainingQuantity > 0 else { return }
        if order.timeInForce == .day { rememberDayOrder(order.id, session: NewYorkTime.sessionDate(of: order.createdAt)) }
        if order.bracket != nil, order.filledQuantity > 0 { exitsMade.insert(order.id) }
        if let parent = order.parentID { exitsMade.insert(parent) }
        let rank = takeRank()
        if !order.triggered {
            entries[rank] = Entry(order: order, place: .waiting)
            ranks[order.id] = rank
            wait(rank: rank, order)
        } else if let limit = order.limitPrice {
            rest(order, limit: limit, rank: rank)
        }
    }
}
