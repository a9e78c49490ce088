import Foundation

/// A deterministic replay: a recorded feed and a script of orders and cancels, run through the
/// matching engine with no clock, no network and no storage, so the same input always gives the
/// same output.
///
/// The ticks replace the book one after another. An entry with `atSeq` N runs once the last
/// tick with `seq <= N` has replaced the book (and its resting orders matched), before the next
/// tick; entries that land between the same two ticks run in file order, and entries whose
/// `atSeq` is before the first tick run before any (a market order there is REJECTED, "no
/// market data yet"). Orders are submitted at the time of the tick whose book is current (the
/// first tick's time before any), and that is the time of their fills.
public struct Replay: Sendable, Hashable {
    /// The ticks, in strictly increasing `seq` order.
    public let ticks: [FeedTick]
    /// The script's entries, in file order.
    public let entries: [ReplayEntry]

    /// Reads both inputs, one JSON object per line, blank lines ignored. If any line is bad,
    /// nothing is returned: the error lists every bad line of both files.
    public static func parse(feed: String, orders: String) throws(ReplayInputError) -> Replay {
        let (ticks, feedErrors) = parseFeed(feed)
        let (entries, orderErrors) = parseOrders(orders)
        let errors = feedErrors + orderErrors
        guard errors.isEmpty else { throw ReplayInputError(lines: errors) }
        return Replay(ticks: ticks, entries: entries)
    }

    /// Already checked input; `parse(feed:orders:)` is how text becomes one.
    public init(ticks: [FeedTick], entries: [ReplayEntry]) {
        self.ticks = ticks
        self.entries = entries
    }

    /// Runs the script against the feed and returns every order's outcome in script order, each
    /// bracket entry followed by the exits it made (`ID.tp`, then `ID.sl`).
    ///
    /// A cancel of an order that is already final (filled, cancelled, or rejected) changes
    /// nothing: it is recorded as a note on that order's result, as the live app would tell
    /// the user that the order could no longer be cancelled.
    public func run(index: RestingOrderIndexKind = .priceTime) -> ReplayResult {
        var engine = MatchingEngine(index: index)
        var results: [ReplayOrderResult] = []
        var position: [String: Int] = [:]
        /// The exits brackets made, by id; each is reported after its entry.
        var exits: [String: ReplayOrderResult] = [:]
        for entry in entries {
            if case .submit(let id, let request) = entry.action {
                position[id] = results.count
                results.append(ReplayOrderResult(id: id, request: request))
            }
        }
        func absorb(_ report: MatchReport) {
            for order in report.orders {
                if let i = position[order.id] {
                    results[i].update(order)
                } else if exits[order.id] != nil {
                    exits[order.id]?.update(order)
                } else if order.parentID != nil {
                    exits[order.id] = ReplayOrderResult(order)
                }
            }
            for fill in report.fills {
                let replayFill = ReplayFill(seq: fill.seq, price: fill.price, quantity: fill.quantity)
                if let i = position[fill.orderID] {
                    results[i].fills.append(replayFill)
                } else {
                    exits[fill.orderID]?.fills.append(replayFill)
                }
            }
        }
        /// A cancel that changed nothing, noted on the order it named (or, for an exit that was
        /// never made, on its entry).
        func noteUnchanged(_ id: String, entry: ReplayEntry) {
            let cancel = "cancel at seq \(entry.atSeq) (orders line \(entry.line)) changed nothing: "
            if let i = position[id] {
                results[i].notes.append(cancel + "the order was already \(results[i].status.rawValue)")
            } else if let exit = exits[id] {
                exits[id]?.notes.append(cancel + "the exit was already \(exit.status.rawValue)")
            } else if let dot = id.lastIndex(of: "."), let i = position[String(id[..<dot])] {
                results[i].notes.append(cancel + "its entry had filled nothing, so exit \(id) did not exist")
            }
        }

        // How many ticks come at or before each entry's atSeq: entries run after that many.
        let scheduled = entries.map { entry in (after: ticksThrough(entry.atSeq), entry: entry) }
            .enumerated().sorted { ($0.element.after, $0.offset) < ($1.element.after, $1.offset) }
            .map(\.element)
        var next = 0
        var time = ticks.first?.time ?? Date(timeIntervalSince1970: 0)
        for tickCount in 0...ticks.count {
            if tickCount > 0 {
                let tick = ticks[tickCount - 1]
                time = tick.time
                absorb(engine.apply(tick))
            }
            while next < scheduled.count, scheduled[next].after == tickCount {
                let entry = scheduled[next].entry
                next += 1
                switch entry.action {
                case .submit(let id, let request):
                    absorb(engine.submit(request, id: id, at: time))
                case .cancel(let id):
                    do {
                        absorb(try engine.cancel(id: id, at: time))
                    } catch {
                        noteUnchanged(id, entry: entry)
                    }
                }
            }
        }
        // The trailing stops still waiting moved with their groups (`TrailMove`): as they stand.
        absorb(MatchReport(orders: engine.openOrders.filter { $0.type == .trailingStop }))
        return ReplayResult(
            orders: results.flatMap { result in
                [result] + BracketLeg.allCases.compactMap { exits[$0.id(entry: result.id)] }
            })
    }

    /// The number of ticks with `seq <= atSeq`.
    private func ticksThrough(_ atSeq: Int64) -> Int {
        var low = 0
        var high = ticks.count
        while low < high {
            let mid = (low + high) / 2
            if ticks[mid].seq <= atSeq { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
