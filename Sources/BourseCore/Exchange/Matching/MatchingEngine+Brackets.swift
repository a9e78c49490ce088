import Foundation

/// A bracket's exits (SPEC.md §10): they exist for what the entry has filled and grow as it fills;
/// a fill of one shrinks the other; an exit made or grown on a tick joins the book on the next.
extension MatchingEngine {
    /// After `order` got `fills`: an entry's exits grow by them; an exit's fills shrink the other.
    mutating func filled(_ order: Order, _ fills: [Fill], at time: Date, into report: inout MatchReport) {
        let quantity = fills.reduce(0) { $0 + $1.quantity }
        guard quantity > 0 else { return }
        if let bracket = order.bracket {
            growExits(of: order, bracket: bracket, by: quantity, at: time, into: &report)
        } else if let parent = order.parentID, let leg = BracketLeg(exitID: order.id) {
            shrink(leg.other.id(entry: parent), by: quantity, at: time, into: &report)
        }
    }

    /// An order became final: when it is an exit, or an entry, its bracket may be done.
    mutating func finished(_ order: Order, at time: Date, into report: inout MatchReport) {
        if let parent = order.parentID {
            endBracketIfDone(entry: parent, at: time, into: &report)
        } else if order.bracket != nil {
            endBracketIfDone(entry: order.id, at: time, into: &report)
        }
    }

    /// When no exit of a made bracket is open any more, the bracket ends, and what its entry has
    /// not filled is cancelled: an entry never fills without its exits.
    mutating func endBracketIfDone(entry id: String, at time: Date, into report: inout MatchReport) {
        guard exitsMade.contains(id), !BracketLeg.allCases.contains(where: { ranks[$0.id(entry: id)] != nil }) else {
            return
        }
        exitsMade.remove(id)
        close(id, .cancelled, "its bracket's exits ended", at: time, into: &report)
    }

    /// Makes the entry's exits at its first fill, or grows the open ones, by `quantity`.
    private mutating func growExits(
        of entry: Order, bracket: Bracket, by quantity: Int, at time: Date, into report: inout MatchReport
    ) {
        let first = !exitsMade.contains(entry.id)
        if first { exitsMade.insert(entry.id) }
        let side: Side = entry.side == .buy ? .sell : .buy
        for leg in BracketLeg.allCases {
            let id = leg.id(entry: entry.id)
            if first {
                let kind: OrderKind
                switch leg {
                case .takeProfit:
                    guard let price = bracket.takeProfit else { continue }
                    kind = .limit(price)
                case .stopLoss:
                    guard let price = bracket.stopLoss else { continue }
                    kind = .stop(price)
                }
                let exit = Order(
                    id: id, account: entry.account, side: side, kind: kind, quantity: quantity, timeInForce: .gtc, bracket: nil,
                    parentID: entry.id, createdAt: time, status: .pending)
                hold(exit, rank: takeRank())
                report.note(exit)
            } else if let rank = ranks[id], var exit = entries[rank]?.order {
                forget(rank: rank)
                exit.quantity += quantity
                exit.updatedAt = time
                hold(exit, rank: takeRank())
                report.note(exit)
            }
        }
    }

    /// The other exit loses what this one filled; with nothing left it is cancelled.
    private mutating func shrink(_ id: String, by quantity: Int, at time: Date, into report: inout MatchReport) {
        guard let rank = ranks[id], var entry = entries[rank] else { return }
        entry.order.quantity -= min(quantity, entry.order.remainingQuantity)
        entry.order.updatedAt = time
        entries[rank] = entry
        if entry.order.remainingQuantity == 0 {
            close(id, .cancelled, "the other exit filled", at: time, into: &report)
        } else {
            report.note(entry.order)
        }
    }

    /// Keeps an exit out of the book until the next tick.
    private mutating func hold(_ exit: Order, rank: Int64) {
        entries[rank] = Entry(order: exit, place: .held)
        ranks[exit.id] = rank
        held.append(rank)
    }

    /// The exits held since the last tick join the book (take-profits) or the waiting stops
    /// (stop-losses), in the order they were made or grew.
    mutating func placeHeldExits() {
        guard !held.isEmpty else { return }
        for rank in held {
            guard let entry = entries[rank] else { continue }
            switch entry.order.kind {
            case .limit(let limit):
                let key = RestingKey(side: entry.order.side, limit: limit, priority: rank)
                index.insert(key)
                entries[rank]?.place = .resting(key)
            default:
                wait(rank: rank, entry.order)
            }
        }
        held.removeAll()
    }
}

extension BracketLeg {
    /// The leg an exit's id names (`ENTRY.tp`, `ENTRY.sl`).
    init?(exitID: String) {
        guard let dot = exitID.lastIndex(of: ".") else { return nil }
        self.init(rawValue: String(exitID[exitID.index(after: dot)...]))
    }
}
