import Foundation
import PropertyBased
import ReferenceEngines
import Testing

@testable import BourseCore

/// One random step of a stream made for trailing stops (SPEC.md §10, step 2): lasts that wander
/// far enough to make new highs and lows often, trailing stops of both sides with amount and
/// percent trails placed on many ticks (so that many groups form and merge), some fixed stops
/// and limits, cancels, ticks without a last, and cleared books.
enum TrailingStep: CustomStringConvertible {
    case tick(FeedTick)
    case submit(id: String, OrderRequest)
    case cancel(pick: Int)
    case clearBook

    /// Two hours apart, so that `day` trailing stops expire at a session's end.
    static func time(_ number: Int) -> Date { RandomOrderStep.time(number) }

    static func make(seed: UInt64, number: Int) -> TrailingStep {
        var random = SeededGenerator(seed: seed)
        let roll = Int.random(in: 0..<20, using: &random)
        let last = Int64(10_000 + Int.random(in: -60...60, using: &random))
        switch roll {
        case 0..<7:
            var bids: [BookLevel] = []
            var asks: [BookLevel] = []
            var bid = last - Int64.random(in: 1...3, using: &random)
            var ask = last + Int64.random(in: 1...3, using: &random)
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                bids.append(BookLevel(price: Price(ticks: bid), quantity: Int.random(in: 1...300, using: &random)))
                bid -= Int64.random(in: 1...3, using: &random)
            }
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                asks.append(BookLevel(price: Price(ticks: ask), quantity: Int.random(in: 1...300, using: &random)))
                ask += Int64.random(in: 1...3, using: &random)
            }
            let trade = Int.random(in: 0..<7, using: &random) == 0 ? nil : LastTrade(price: Price(ticks: last), size: 100)
            return .tick(
                FeedTick(seq: Int64(number + 1), time: time(number), symbol: "BRSE", last: trade, bids: bids, asks: asks))
        case 7..<17:
            let side: Side = Bool.random(using: &random) ? .buy : .sell
            let quantity = Int.random(in: 1...200, using: &random)
            let kind: OrderKind
            switch Int.random(in: 0..<10, using: &random) {
            case 0: kind = .limit(Price(ticks: last + Int64.random(in: -30...30, using: &random)))
            case 1: kind = .stop(Price(ticks: last + Int64.random(in: -30...30, using: &random)))
            case 2..<6: kind = .trailingStop(.amount(Price(ticks: Int64.random(in: 1...150, using: &random))))
            default:
                let percent = ExactDecimal(significand: Int128.random(in: 1...1_500, using: &random), scale: 3)
                kind = .trailingStop(.percent(TrailPercent(percent)!))
            }
            let tif: TimeInForce? = Int.random(in: 0..<6, using: &random) == 0 ? .day : nil
            return .submit(id: "t\(number)", try! OrderRequest(side: side, kind: kind, quantity: quantity, timeInForce: tif))
        case 17..<19:
            return .cancel(pick: Int.random(in: 0..<1000, using: &random))
        default:
            return .clearBook
        }
    }

    var description: String {
        switch self {
        case .tick(let tick):
            let bids = tick.bids.map { "\($0.price)x\($0.quantity)" }.joined(separator: " ")
            let asks = tick.asks.map { "\($0.price)x\($0.quantity)" }.joined(separator: " ")
            return "tick \(tick.seq) last \(tick.last?.price.description ?? "-") bids \(bids) asks \(asks)"
        case .submit(let id, let r):
            return "\(id) \(r.side) \(r.kind) \(r.quantity) \(r.timeInForce)"
        case .cancel(let pick):
            return "cancel #\(pick)"
        case .clearBook:
            return "clear"
        }
    }
}

/// A reader that keeps a copy of every open order from the reports alone, as a store does,
/// bringing waiting trailing stops up to date with each `TrailMove`.
struct OrderCopies {
    private(set) var open: [String: Order] = [:]

    mutating func absorb(_ report: MatchReport) {
        for order in report.orders { open[order.id] = order.status.isOpen ? order : nil }
        for move in report.trailMoves {
            for (id, order) in open { open[id] = move.applied(to: order) }
        }
    }
}

@Suite("Matching §10: trailing stops in groups, against the scanning engine")
struct TrailingStopsPropertyTests {
    static let streams = Gen.uint64().array(of: 1...150)

    /// Every step gives the same report (fills, changed orders, moves) as the scanning engine,
    /// told both ways (`.summarized` and `.listed`), the same book and the same open orders; and
    /// a reader that keeps copies from the summarized reports sees the engine's open orders.
    @Test func theGroupsMatchTheScanningEngine() async {
        await propertyCheck(count: 300, input: Self.streams) { seeds in Self.check(seeds) }
    }

    /// The streams do what the comparison needs: many trailing stops wait at once, moves of both
    /// sides happen, and trailing stops of both sides and both trails trigger.
    @Test func theStreamsReachEveryCase() {
        var random = SeededGenerator(seed: 35)
        var seen: Set<String> = []
        var mostWaiting = 0
        for _ in 0..<100 {
            let seeds = (0..<150).map { _ in UInt64.random(in: 0...UInt64.max, using: &random) }
            let outcome = Self.check(seeds)
            seen.formUnion(outcome.seen)
            mostWaiting = max(mostWaiting, outcome.mostWaiting)
        }
        for rule in [
            "move buy", "move sell", "triggered buy amount", "triggered buy percent", "triggered sell amount",
            "triggered sell percent", "expired trailing", "cancelled trailing", "moves merged groups",
        ] {
            #expect(seen.contains(rule), "no stream reached \(rule)")
        }
        #expect(mostWaiting >= 20, "at most \(mostWaiting) trailing stops waited at once")
    }

    /// A restart before a tick (the open orders, trailing stops at their current reference,
    /// restored into a new engine) changes nothing that follows, however the groups were formed.
    @Test func aRestartKeepsEveryLevel() async {
        await propertyCheck(count: 200, input: Self.streams) { seeds in
            var running = MatchingEngine()
            var restarted = MatchingEngine()
            var history: [String] = []
            for (number, seed) in seeds.enumerated() {
                let step = TrailingStep.make(seed: seed, number: number)
                history.append(step.description)
                let context = history.suffix(12).joined(separator: "\n")
                let time = TrailingStep.time(number)
                switch step {
                case .tick(let tick):
                    if seed % 4 == 0 {
                        restarted = MatchingEngine()
                        for order in running.openOrders { restarted.restore(order) }
                    }
                    let (a, b) = (running.apply(tick), restarted.apply(tick))
                    // Day orders expire in the order they were restored: compare the sets.
                    #expect(a.fills == b.fills, "\(context)")
                    #expect(a.orders.sorted { $0.id < $1.id } == b.orders.sorted { $0.id < $1.id }, "\(context)")
                    #expect(a.trailMoves == b.trailMoves, "\(context)")
                case .submit(let id, let request):
                    #expect(
                        running.submit(request, id: id, at: time) == restarted.submit(request, id: id, at: time), "\(context)")
                case .cancel(let pick):
                    let open = running.openOrders
                    guard !open.isEmpty else { continue }
                    let id = open[pick % open.count].id
                    let (a, b) = (try? running.cancel(id: id, at: time), try? restarted.cancel(id: id, at: time))
                    #expect(a != nil && a == b, "\(context)")
                case .clearBook:
                    running.clearBook()
                    restarted.clearBook()
                }
                #expect(running.openOrders == restarted.openOrders, "\(context)")
            }
        }
    }

    struct Outcome {
        var seen: Set<String> = []
        var mostWaiting = 0
    }

    /// Runs the fast engine told both ways, the scanning engine told both ways and a reader of
    /// copies over the stream, checking each step.
    @discardableResult
    static func check(_ seeds: [UInt64]) -> Outcome {
        var fast = MatchingEngine()
        var fastListed = MatchingEngine()
        var scanning = ScanningEngine()
        var scanningListed = ScanningEngine()
        var copies = OrderCopies()
        var outcome = Outcome()
        var history: [String] = []
        for (number, seed) in seeds.enumerated() {
            let step = TrailingStep.make(seed: seed, number: number)
            history.append(step.description)
            let context = history.suffix(12).joined(separator: "\n")
            let time = TrailingStep.time(number)
            let reports: [MatchReport]
            switch step {
            case .tick(let tick):
                let trailingBefore = fast.openOrders.filter { $0.kind.trail != nil }
                reports = [
                    fast.apply(tick), scanning.apply(tick), fastListed.apply(tick, movedStops: .listed),
                    scanningListed.apply(tick, movedStops: .listed),
                ]
                for move in reports[0].trailMoves {
                    outcome.seen.insert("move \(move.side)")
                    let references = Set(trailingBefore.filter { $0.side == move.side }.compactMap(\.trailReference))
                    let short = references.filter { move.side == .buy ? $0 > move.reference : $0 < move.reference }
                    if short.count > 1 { outcome.seen.insert("moves merged groups") }
                }
            case .submit(let id, let request):
                reports = [
                    fast.submit(request, id: id, at: time), scanning.submit(request, id: id, at: time),
                    fastListed.submit(request, id: id, at: time), scanningListed.submit(request, id: id, at: time),
                ]
            case .cancel(let pick):
                let open = scanning.openOrders
                guard !open.isEmpty else { continue }
                let id = open[pick % open.count].id
                reports = [
                    (try? fast.cancel(id: id, at: time)) ?? MatchReport(),
                    (try? scanning.cancel(id: id, at: time)) ?? MatchReport(),
                    (try? fastListed.cancel(id: id, at: time)) ?? MatchReport(),
                    (try? scanningListed.cancel(id: id, at: time)) ?? MatchReport(),
                ]
                #expect(!reports[0].isEmpty, "\(context)")
            case .clearBook:
                fast.clearBook()
                scanning.clearBook()
                fastListed.clearBook()
                scanningListed.clearBook()
                reports = []
            }
            if reports.count == 4 {
                #expect(reports[0] == reports[1], "\(context)\nfast: \(reports[0])\nscanning: \(reports[1])")
                #expect(reports[2] == reports[3], "\(context)\nfast: \(reports[2])\nscanning: \(reports[3])")
                #expect(reports[0].fills == reports[2].fills && reports[0].trailMoves == reports[2].trailMoves, "\(context)")
                copies.absorb(reports[0])
                note(reports[0], in: &outcome)
            }
            let open = fast.openOrders
            #expect(open == scanning.openOrders, "\(context)")
            #expect(fastListed.openOrders == open, "\(context)")
            #expect(fast.book == scanning.book, "\(context)")
            #expect(copies.open.values.sorted { $0.id < $1.id } == open.sorted { $0.id < $1.id }, "\(context)")
            outcome.mostWaiting = max(outcome.mostWaiting, open.count(where: { $0.kind.trail != nil }))
        }
        return outcome
    }

    static func note(_ report: MatchReport, in outcome: inout Outcome) {
        for order in report.orders {
            guard let trail = order.kind.trail else { continue }
            let kind: String
            switch trail {
            case .amount: kind = "amount"
            case .percent: kind = "percent"
            }
            if order.triggered { outcome.seen.insert("triggered \(order.side) \(kind)") }
            if order.status == .expired { outcome.seen.insert("expired trailing") }
            if order.status == .cancelled, order.reason == "cancelled by the user" { outcome.seen.insert("cancelled trailing") }
        }
    }
}
