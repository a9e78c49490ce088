import Foundation

extension MatchingEngine {
    /// A new stop: it triggers at once if the current last price meets it, else it waits.
    mutating func submitStop(_ new: Order, at time: Date, into report: inout MatchReport) {
        var order = new
        let rank = takeRank()
        let last = book?.last?.price
        if case .trailingStop = order.kind { order.trailReference = last }
        entries[rank] = Entry(order: order, place: .waiting)
        ranks[order.id] = rank
        if let last, let level = order.stopPrice, WaitingStops.triggers(last, side: order.side, level: level) {
            trigger(rank: rank, at: last, time: time, into: &report)
            return
        }
        wait(rank: rank, order)
        report.note(order)
    }

    /// Puts an open, untriggered stop in the waiting index.
    mutating func wait(rank: Int64, _ order: Order) {
        entries[rank]?.place = .waiting
        switch order.kind {
        case .trailingStop(let trail):
            stops.insert(rank: rank, side: order.side, trail: trail, reference: order.trailReference)
        case .stop(let level), .stopLimit(let level, _):
            stops.insert(rank: rank, side: order.side, level: level)
        case .market, .limit:
            preconditionFailure("order \(order.id) is not a stop")
        }
    }

    /// Step 2: trailing stops take `last` as their reference where it is beyond it: one
    /// `TrailMove` per side that moved, and with `.listed` each moved order, in placement order.
    mutating func trail(to last: Price, movedStops: MovedStops, into report: inout MatchReport) {
        let moved = stops.trail(to: last, listing: movedStops == .listed)
        guard !moved.sides.isEmpty else { return }
        for side in moved.sides { report.trailMoves.append(TrailMove(account: account, side: side, reference: last)) }
        for rank in moved.ranks.sorted() {
            guard let order = order(at: rank) else { continue }
            report.note(order)
        }
    }

    /// Step 4 (and a new stop that triggers at once): the stop at `rank` trades now, against what
    /// is left of the book: a stop or trailing stop as a market order, a stop-limit as a limit
    /// order whose rest rests with its trigger as its time. A trailing stop that waited comes with
    /// the `reference` it had in `stops`, which it has already left.
    mutating func trigger(
        rank: Int64, reference: Price? = nil, at last: Price, time: Date, into report: inout MatchReport
    ) {
        guard var entry = entries.removeValue(forKey: rank) else { return }
        ranks[entry.order.id] = nil
        if let reference { entry.order.trailReference = reference }
        entry.order.triggered = true
        entry.order.triggerPrice = last
        entry.order.updatedAt = time
        switch entry.order.kind {
        case .stopLimit(_, let limit):
            submitLimit(entry.order, limit: limit, rank: takeRank(), at: time, into: &report)
        case .stop, .trailingStop, .market:
            submitMarket(entry.order, at: time, into: &report)
        case .limit:
            preconditionFailure("order \(entry.order.id) is not a stop")
        }
    }
}
