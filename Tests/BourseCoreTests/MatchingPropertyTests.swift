import Foundation
import PropertyBased
import Testing

@testable import BourseCore

/// One random engine step, drawn from a seed so that PropertyBased can shrink a failing stream
/// by dropping steps.
enum RandomStep: CustomStringConvertible {
    case tick(FeedTick)
    case submit(id: String, OrderRequest)
    case cancel(pick: Int)
    case clearBook

    static func make(seed: UInt64, number: Int) -> RandomStep {
        var random = SeededGenerator(seed: seed)
        let roll = Int.random(in: 0..<20, using: &random)
        // Prices wander around 100.00 so that limits sometimes cross and sometimes do not.
        let mid = Int64(10_000 + Int.random(in: -8...8, using: &random))
        switch roll {
        case 0..<6:
            var bids: [BookLevel] = []
            var asks: [BookLevel] = []
            var bid = mid - Int64.random(in: 1...3, using: &random)
            var ask = mid + Int64.random(in: 0...2, using: &random)
            for _ in 0..<Int.random(in: 0...5, using: &random) {
                bids.append(BookLevel(price: Price(ticks: bid), quantity: Int.random(in: 1...300, using: &random)))
                bid -= Int64.random(in: 1...3, using: &random)
            }
            for _ in 0..<Int.random(in: 0...5, using: &random) {
                asks.append(BookLevel(price: Price(ticks: ask), quantity: Int.random(in: 1...300, using: &random)))
                ask += Int64.random(in: 1...3, using: &random)
            }
            let time = MatchingScript.time(Int64(number))
            return .tick(FeedTick(seq: Int64(number + 1), time: time, symbol: "BRSE", last: nil, bids: bids, asks: asks))
        case 6..<16:
            let side: Side = Bool.random(using: &random) ? .buy : .sell
            let quantity = Int.random(in: 1...400, using: &random)
            let isMarket = Int.random(in: 0..<4, using: &random) == 0
            let limit = Price(ticks: mid + Int64.random(in: -6...6, using: &random))
            let request =
                isMarket
                ? try! OrderRequest.market(side, quantity: quantity)
                : try! OrderRequest.limit(side, quantity: quantity, price: limit)
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
            return "tick \(tick.seq) bids \(bids) asks \(asks)"
        case .submit(let id, let r):
            return "\(id) \(r.side) \(r.type) \(r.quantity) \(r.limitPrice?.description ?? "")"
        case .cancel(let pick):
            return "cancel #\(pick)"
        case .clearBook:
            return "clear"
        }
    }
}

@Suite("Matching: properties over random books and order streams")
struct MatchingPropertyTests {
    static let streams = Gen.uint64().array(of: 1...80)

    /// No fill goes beyond the order or the liquidity shown, none is worse than the limit, and
    /// each order's filled quantity and ticks are the sums of its fills.
    @Test func fillsStayWithinTheOrderTheBookAndTheLimit() async {
        await propertyCheck(count: 300, input: Self.streams) { seeds in Self.checkLimits(seeds) }
    }

    /// The heap index and the naive scan are two ways to the same answer: every step gives the
    /// same report, the same book and the same open orders.
    @Test func thePriceTimeIndexMatchesTheScanningOne() async {
        await propertyCheck(count: 300, input: Self.streams) { seeds in Self.checkSameReports(seeds) }
    }

    static func checkLimits(_ seeds: [UInt64]) {
        var engine = MatchingEngine()
        var fills: [String: [Fill]] = [:]
        var orders: [String: Order] = [:]
        for (number, seed) in seeds.enumerated() {
            let step = RandomStep.make(seed: seed, number: number)
            let bookBefore: FeedTick?
            var report = MatchReport()
            switch step {
            case .tick(let tick):
                bookBefore = tick
                report = engine.apply(tick)
            case .submit(let id, let request):
                bookBefore = engine.book
                report = engine.submit(request, id: id, at: MatchingScript.time(Int64(number)))
                #expect(report.orders.first?.id == id, "the submitted order is reported: \(step)")
            case .cancel(let pick):
                bookBefore = engine.book
                let open = engine.openOrders
                if !open.isEmpty, let cancelled = try? engine.cancel(id: open[pick % open.count].id, at: .distantPast) {
                    report = cancelled
                }
            case .clearBook:
                bookBefore = nil
                engine.clearBook()
            }
            checkTaken(report, from: bookBefore, leaving: engine.book, step: step)
            for fill in report.fills { fills[fill.orderID, default: []].append(fill) }
            for order in report.orders { orders[order.id] = order }
        }
        for (id, order) in orders {
            checkOrder(order, fills: fills[id] ?? [], isKept: engine.openOrder(id: id) != nil)
        }
    }

    /// What was taken at each price is at most what the book showed there, and is gone from it.
    static func checkTaken(_ report: MatchReport, from before: FeedTick?, leaving after: FeedTick?, step: RandomStep) {
        guard let before else {
            #expect(report.fills.isEmpty, "no fills without a book: \(step)")
            return
        }
        var taken: [Side: [Price: Int]] = [:]
        for fill in report.fills {
            #expect(fill.quantity > 0)
            taken[fill.side, default: [:]][fill.price, default: 0] += fill.quantity
        }
        for side in Side.allCases {
            let levels = side == .buy ? before.asks : before.bids
            let shown = Dictionary(uniqueKeysWithValues: levels.map { ($0.price, $0.quantity) })
            let took = taken[side] ?? [:]
            for (price, quantity) in took {
                #expect(quantity <= shown[price] ?? 0, "\(side) took \(quantity) at \(price): \(step)")
            }
            let left: [BookLevel] = levels.compactMap { level in
                let rest = level.quantity - (took[level.price] ?? 0)
                return rest > 0 ? BookLevel(price: level.price, quantity: rest) : nil
            }
            let remaining = side == .buy ? after?.asks : after?.bids
            #expect(remaining == left, "the book lost what was taken: \(step)")
        }
    }

    static func checkOrder(_ order: Order, fills: [Fill], isKept: Bool) {
        let quantity = fills.reduce(0) { $0 + $1.quantity }
        let ticks = fills.reduce(Int64(0)) { $0 + $1.price.ticks * Int64($1.quantity) }
        #expect(order.filledQuantity <= order.quantity)
        #expect(quantity == order.filledQuantity, "\(order.id)")
        #expect(ticks == order.filledTicks, "\(order.id)")
        if let limit = order.limitPrice {
            let withinLimit = fills.allSatisfy { order.side == .buy ? $0.price <= limit : $0.price >= limit }
            #expect(withinLimit, "\(order.id) filled beyond its limit")
        }
        switch order.status {
        case .filled: #expect(order.filledQuantity == order.quantity)
        case .pending, .rejected: #expect(order.filledQuantity == 0)
        case .partiallyFilled: #expect(order.filledQuantity > 0 && order.filledQuantity < order.quantity)
        case .cancelled, .expired: #expect(order.filledQuantity < order.quantity)
        }
        #expect(order.status.isOpen == isKept, "\(order.id) is kept exactly while open")
    }

    static func checkSameReports(_ seeds: [UInt64]) {
        var fast = MatchingEngine(index: .priceTime)
        var naive = MatchingEngine(index: .scanning)
        for (number, seed) in seeds.enumerated() {
            let step = RandomStep.make(seed: seed, number: number)
            switch step {
            case .tick(let tick):
                #expect(fast.apply(tick) == naive.apply(tick), "\(step)")
            case .submit(let id, let request):
                let time = MatchingScript.time(Int64(number))
                #expect(fast.submit(request, id: id, at: time) == naive.submit(request, id: id, at: time), "\(step)")
            case .cancel(let pick):
                let open = naive.openOrders
                guard !open.isEmpty else { continue }
                let id = open[pick % open.count].id
                #expect((try? fast.cancel(id: id, at: .distantPast)) == (try? naive.cancel(id: id, at: .distantPast)))
            case .clearBook:
                fast.clearBook()
                naive.clearBook()
            }
            #expect(fast.book == naive.book)
            #expect(fast.openOrders == naive.openOrders)
        }
    }

    /// Many cancels deep in the heap (lazy deletion, then a rebuild) leave the priority intact.
    @Test func manyCancelsKeepThePriceTimeOrder() {
        var fast = MatchingEngine(index: .priceTime)
        var naive = MatchingEngine(index: .scanning)
        var random = SeededGenerator(seed: 7)
        for i in 0..<400 {
            let side: Side = Bool.random(using: &random) ? .buy : .sell
            let quantity = Int.random(in: 1...50, using: &random)
            let limit = Price(ticks: Int64.random(in: 9_950...10_050, using: &random))
            let request = try! OrderRequest.limit(side, quantity: quantity, price: limit)
            _ = fast.submit(request, id: "o\(i)", at: .distantPast)
            _ = naive.submit(request, id: "o\(i)", at: .distantPast)
        }
        for i in 0..<400 where i % 3 != 0 {
            _ = try? fast.cancel(id: "o\(i)", at: .distantPast)
            _ = try? naive.cancel(id: "o\(i)", at: .distantPast)
        }
        let sellers = [BookLevel(price: Price(ticks: 9_940), quantity: 5_000)]
        let buyers = [BookLevel(price: Price(ticks: 10_060), quantity: 5_000)]
        let asks = FeedTick(seq: 1, time: .distantPast, symbol: "BRSE", last: nil, bids: [], asks: sellers)
        let bids = FeedTick(seq: 2, time: .distantPast, symbol: "BRSE", last: nil, bids: buyers, asks: [])

        let first = fast.apply(asks)
        let second = fast.apply(bids)

        #expect(first == naive.apply(asks))
        #expect(second == naive.apply(bids))
        #expect(first.fills.count + second.fills.count == 134, "every order left open fills")
        #expect(fast.openOrders.isEmpty)
        #expect(naive.openOrders.isEmpty)
    }
}
