import Foundation
import PropertyBased
import ReferenceEngines
import Testing

@testable import BourseCore

/// One random step over every order type, time in force and bracket (SPEC.md §10), drawn from a
/// seed so that PropertyBased can shrink a failing stream by dropping steps.
enum RandomOrderStep: CustomStringConvertible {
    case tick(FeedTick)
    case submit(id: String, OrderRequest)
    case cancel(pick: Int)
    case clearBook

    /// Ticks two hours apart, so a stream crosses sessions (16:00 New York) and day orders expire.
    static func time(_ number: Int) -> Date { Date(timeIntervalSince1970: 1_795_000_000 + Double(number) * 7200) }

    static func make(seed: UInt64, number: Int) -> RandomOrderStep {
        var random = SeededGenerator(seed: seed)
        func near(_ mid: Int64, _ spread: Int64) -> Price {
            Price(ticks: mid + Int64.random(in: -spread...spread, using: &random))
        }
        let roll = Int.random(in: 0..<20, using: &random)
        let mid = Int64(10_000 + Int.random(in: -8...8, using: &random))
        switch roll {
        case 0..<7:
            var bids: [BookLevel] = []
            var asks: [BookLevel] = []
            var bid = mid - Int64.random(in: 1...3, using: &random)
            var ask = mid + Int64.random(in: 0...2, using: &random)
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                bids.append(BookLevel(price: Price(ticks: bid), quantity: Int.random(in: 1...300, using: &random)))
                bid -= Int64.random(in: 1...3, using: &random)
            }
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                asks.append(BookLevel(price: Price(ticks: ask), quantity: Int.random(in: 1...300, using: &random)))
                ask += Int64.random(in: 1...3, using: &random)
            }
            let last = Int.random(in: 0..<5, using: &random) == 0 ? nil : LastTrade(price: near(mid, 6), size: 100)
            return .tick(FeedTick(seq: Int64(number + 1), time: time(number), symbol: "BRSE", last: last, bids: bids, asks: asks))
        case 7..<16:
            let side: Side = Bool.random(using: &random) ? .buy : .sell
            let quantity = Int.random(in: 1...400, using: &random)
            let kind: OrderKind
            switch Int.random(in: 0..<5, using: &random) {
            case 0: kind = .market
            case 1: kind = .limit(near(mid, 6))
            case 2: kind = .stop(near(mid, 6))
            case 3: kind = .stopLimit(stop: near(mid, 6), limit: near(mid, 6))
            default:
                kind = .trailingStop(
                    Bool.random(using: &random)
                        ? .amount(Price(ticks: Int64.random(in: 1...6, using: &random)))
                        : .percent(TrailPercent(ExactDecimal(significand: Int128.random(in: 1...80, using: &random), scale: 3))!))
            }
            let allowed = TimeInForce.allowed(for: kind.type)
            let tif = Bool.random(using: &random) ? allowed.randomElement(using: &random) : nil
            var bracket: Bracket?
            if kind == .market || kind.limitPrice != nil && kind.fixedStopPrice == nil, Int.random(in: 0..<3, using: &random) == 0
            {
                let reference = kind.limitPrice?.ticks ?? mid
                let up = Price(ticks: reference + Int64.random(in: 1...8, using: &random))
                let down = Price(ticks: reference - Int64.random(in: 1...8, using: &random))
                let (profit, loss) = side == .buy ? (up, down) : (down, up)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bracket = Bracket(takeProfit: profit, stopLoss: nil)
                case 1: bracket = Bracket(takeProfit: nil, stopLoss: loss)
                default: bracket = Bracket(takeProfit: profit, stopLoss: loss)
                }
            }
            let request = try! OrderRequest(side: side, kind: kind, quantity: quantity, timeInForce: tif, bracket: bracket)
            return .submit(id: "o\(number)", request)
        case 16..<19:
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
            return "\(id) \(r.side) \(r.kind) \(r.quantity) \(r.timeInForce) \(r.bracket.map { "\($0)" } ?? "")"
        case .cancel(let pick):
            return "cancel #\(pick)"
        case .clearBook:
            return "clear"
        }
    }
}

@Suite("Matching §10: the fast engine against the scanning one, over every order type")
struct OrderTypesPropertyTests {
    static let streams = Gen.uint64().array(of: 1...120)

    /// Every step gives the same report (fills, and each changed order in the same state and
    /// order), the same book and the same open orders.
    @Test func theFastEngineMatchesTheScanningOne() async {
        await propertyCheck(count: 400, input: Self.streams) { seeds in Self.checkSameReports(seeds) }
    }

    /// The random streams reach every rule: without this, the comparison above could pass by
    /// never triggering, expiring or making an exit at all.
    @Test func theRandomStreamsReachEveryRule() {
        var random = SeededGenerator(seed: 10)
        var seen: Set<String> = []
        for _ in 0..<300 {
            let seeds = (0..<120).map { _ in UInt64.random(in: 0...UInt64.max, using: &random) }
            for order in Self.checkSameReports(seeds) {
                if order.triggered && order.type.isStop { seen.insert("triggered \(order.type.rawValue)") }
                if order.parentID != nil { seen.insert("exit \(order.status.rawValue)") }
                if order.trailReference != nil { seen.insert("trailing reference") }
                seen.insert("\(order.status.rawValue) \(order.reason ?? "")")
            }
        }
        for rule in [
            "triggered stop", "triggered stop_limit", "triggered trailing_stop", "trailing reference", "exit FILLED",
            "exit PENDING", "EXPIRED expired at the close", "CANCELLED fill or kill", "CANCELLED the other exit filled",
            "CANCELLED its bracket's exits ended", "CANCELLED cancelled by the user",
        ] {
            #expect(seen.contains(rule), "no stream reached \(rule)")
        }
    }

    /// A restart before any tick (the open orders restored into a new engine, in time priority,
    /// with no book until the tick) changes nothing that follows: untriggered stops keep their
    /// level and trail reference, day orders their session, brackets their exits.
    @Test func aRestartBeforeATickChangesNothingThatFollows() async {
        await propertyCheck(count: 300, input: Self.streams) { seeds in
            var running = MatchingEngine()
            var restarted = MatchingEngine()
            var history: [String] = []
            for (number, seed) in seeds.enumerated() {
                let step = RandomOrderStep.make(seed: seed, number: number)
                history.append(step.description)
                let context = history.suffix(12).joined(separator: "\n")
                let time = RandomOrderStep.time(number)
                switch step {
                case .tick(let tick):
                    if seed % 3 == 0 {
                        restarted = MatchingEngine()
                        for order in running.openOrders { restarted.restore(order) }
                    }
                    let (a, b) = (running.apply(tick), restarted.apply(tick))
                    // The same fills in the same order, and the same orders in the same states. The
                    // order in which one tick's changes are listed may differ: day orders expire in
                    // the order they were restored, which is time priority, not placement.
                    #expect(a.fills == b.fills, "\(context)\nrunning: \(a.fills)\nrestarted: \(b.fills)")
                    #expect(
                        a.orders.sorted { $0.id < $1.id } == b.orders.sorted { $0.id < $1.id },
                        "\(context)\nrunning: \(a.orders)\nrestarted: \(b.orders)")
                    #expect(a.trailMoves == b.trailMoves, "\(context)")
                case .submit(let id, let request):
                    let (a, b) = (running.submit(request, id: id, at: time), restarted.submit(request, id: id, at: time))
                    #expect(a == b, "\(context)\nrunning: \(a.orders)\nrestarted: \(b.orders)")
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

    /// Runs both engines over the stream, checking each step; returns every order's states.
    @discardableResult
    static func checkSameReports(_ seeds: [UInt64]) -> [Order] {
        var fast = MatchingEngine()
        var scanning = ScanningEngine()
        var history: [String] = []
        var seen: [Order] = []
        for (number, seed) in seeds.enumerated() {
            let step = RandomOrderStep.make(seed: seed, number: number)
            history.append(step.description)
            let context = history.suffix(12).joined(separator: "\n")
            switch step {
            case .tick(let tick):
                let (a, b) = (fast.apply(tick), scanning.apply(tick))
                #expect(a == b, "\(context)\nfast: \(a.orders)\nscanning: \(b.orders)")
                seen += a.orders
            case .submit(let id, let request):
                let time = RandomOrderStep.time(number)
                let (a, b) = (fast.submit(request, id: id, at: time), scanning.submit(request, id: id, at: time))
                #expect(a == b, "\(context)\nfast: \(a.orders)\nscanning: \(b.orders)")
                seen += a.orders
            case .cancel(let pick):
                let open = scanning.openOrders
                guard !open.isEmpty else { continue }
                let id = open[pick % open.count].id
                let time = RandomOrderStep.time(number)
                let (a, b) = (try? fast.cancel(id: id, at: time), try? scanning.cancel(id: id, at: time))
                #expect(a != nil && a == b, "\(context)")
                seen += a?.orders ?? []
            case .clearBook:
                fast.clearBook()
                scanning.clearBook()
            }
            #expect(fast.book == scanning.book, "\(context)")
            #expect(fast.openOrders == scanning.openOrders, "\(context)")
        }
        return seen
    }
}
