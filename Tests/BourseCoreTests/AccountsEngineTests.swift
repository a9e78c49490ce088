import Foundation
import Testing

@testable import BourseCore

/// An `AccountsEngine` against its definition: one lone `MatchingEngine` per account, fed every
/// tick. The accounts engine visits only the engines a tick could move (`EngineWake`); these
/// tests check that the accounts it skips behave exactly as if they had seen every tick.
@Suite("AccountsEngine: each account as if alone, ticks visiting only the accounts they move")
struct AccountsEngineTests {
    // MARK: - Plain cases

    static let start = MatchingScript.start

    static func tick(_ seq: Int64, last: String? = nil, bids: [(String, Int)] = [], asks: [(String, Int)] = []) -> FeedTick {
        MatchingScript.tick(seq, last: last, bids: bids, asks: asks)
    }

    /// Each account takes from the whole book: two buys of the same 100-share ask both fill 100.
    @Test func twoAccountsBuyingTheSameAskBothFill() throws {
        var engine = AccountsEngine()
        _ = engine.apply(Self.tick(1, bids: [("99.99", 100)], asks: [("100.01", 100)]))
        let buy = try OrderRequest.limit(.buy, quantity: 100, price: MatchingScript.price("100.01"))

        let first = engine.submit(buy, id: "a", account: AccountID(1), at: Self.start)
        let second = engine.submit(buy, id: "b", account: AccountID(2), at: Self.start)

        #expect(first.fills.map(\.quantity) == [100])
        #expect(second.fills.map(\.quantity) == [100])
        #expect(second.fills.first?.account == AccountID(2))
        #expect(engine.book(account: AccountID(1))?.asks == [])
        #expect(engine.book(account: AccountID(2))?.asks == [])
        #expect(engine.book(account: AccountID(3))?.asks.first?.quantity == 100, "a third account sees the whole book")
    }

    /// Resting buys of two accounts both fill on the tick that reaches them, account by account.
    @Test func restingOrdersOfTwoAccountsBothFillOnOneTick() throws {
        var engine = AccountsEngine()
        _ = engine.apply(Self.tick(1, bids: [("99.99", 100)], asks: [("100.05", 100)]))
        let buy = try OrderRequest.limit(.buy, quantity: 100, price: MatchingScript.price("100.01"))
        _ = engine.submit(buy, id: "b", account: AccountID(7), at: Self.start)
        _ = engine.submit(buy, id: "a", account: AccountID(3), at: Self.start)

        let report = engine.apply(Self.tick(2, bids: [("99.99", 100)], asks: [("100.01", 100)]))

        #expect(report.fills.map(\.orderID) == ["a", "b"])
        #expect(report.fills.map(\.quantity) == [100, 100])
        #expect(engine.openOrders.isEmpty)
    }

    /// An order is found by its id and its account: another account's id is not found.
    @Test func cancellingAnotherAccountsOrderIsNotFound() throws {
        var engine = AccountsEngine()
        let buy = try OrderRequest.limit(.buy, quantity: 10, price: MatchingScript.price("90.00"))
        _ = engine.submit(buy, id: "mine", account: AccountID(1), at: Self.start)
        _ = engine.submit(buy, id: "theirs", account: AccountID(2), at: Self.start)

        #expect(throws: OrderError.notFound("mine")) { try engine.cancel(id: "mine", account: AccountID(2), at: Self.start) }
        #expect(throws: OrderError.notFound("mine")) { try engine.cancel(id: "mine", account: AccountID(9), at: Self.start) }
        #expect(engine.openOrder(id: "mine", account: AccountID(2)) == nil)
        #expect(engine.openOrder(id: "mine", account: AccountID(1))?.status == .pending)
        let cancelled = try engine.cancel(id: "mine", account: AccountID(1), at: Self.start)
        #expect(cancelled.orders.map(\.status) == [.cancelled])
        #expect(engine.openOrders.map(\.id) == ["theirs"])
    }

    /// A new account's first market order takes the current tick's book, not an older one.
    @Test func aNewAccountsFirstMarketOrderMatchesTheCurrentTick() throws {
        var engine = AccountsEngine()
        let far = try OrderRequest.limit(.buy, quantity: 10, price: MatchingScript.price("90.00"))
        _ = engine.submit(far, id: "far", account: AccountID(1), at: Self.start)
        _ = engine.apply(Self.tick(1, bids: [("99.99", 100)], asks: [("100.01", 100)]))
        _ = engine.apply(Self.tick(2, bids: [("100.19", 100)], asks: [("100.21", 300)]))

        let market = try OrderRequest.market(.buy, quantity: 50)
        let report = engine.submit(market, id: "new", account: AccountID(5), at: Self.start)

        #expect(report.fills.map(\.price) == [MatchingScript.price("100.21")])
        #expect(report.fills.map(\.seq) == [2])
        #expect(engine.book(account: AccountID(5))?.asks.first?.quantity == 250)
    }

    /// An account the ticks did not reach still has the current book, and its next order
    /// matches it: the skipped ticks are as if seen.
    @Test func anAccountTheTicksSkippedTradesOnTheCurrentBook() throws {
        var engine = AccountsEngine()
        _ = engine.apply(Self.tick(1, bids: [("99.99", 100)], asks: [("100.01", 100)]))
        let far = try OrderRequest.limit(.sell, quantity: 10, price: MatchingScript.price("120.00"))
        _ = engine.submit(far, id: "far", account: AccountID(1), at: Self.start)
        let report = engine.apply(Self.tick(2, last: "100.40", bids: [("100.39", 100)], asks: [("100.41", 100)]))
        #expect(report.isEmpty)
        #expect(engine.accounts[AccountID(1)]?.seen != engine.moment, "the tick skipped the account")
        #expect(engine.book(account: AccountID(1))?.seq == 2)

        let market = try OrderRequest.market(.sell, quantity: 30)
        let sell = engine.submit(market, id: "now", account: AccountID(1), at: Self.start)

        #expect(sell.fills.map(\.price) == [MatchingScript.price("100.39")])
        #expect(engine.book(account: AccountID(1))?.bids.first?.quantity == 70)
    }

    /// A day order of an account no tick reached expires at the first tick of the next session.
    @Test func aSkippedAccountsDayOrderExpiresAtTheNextSession() throws {
        var engine = AccountsEngine()
        let day = try OrderRequest.limit(.buy, quantity: 10, price: MatchingScript.price("90.00"), timeInForce: .day)
        let time = RandomOrderStep.time(0)
        _ = engine.apply(FeedTick(seq: 1, time: time, symbol: "BRSE", last: nil, bids: [], asks: []))
        _ = engine.submit(day, id: "d", account: AccountID(4), at: time)
        var expired: [Order] = []
        for step in 1...24 {
            let tick = FeedTick(
                seq: Int64(step + 1), time: RandomOrderStep.time(step), symbol: "BRSE", last: nil, bids: [], asks: [])
            expired += engine.apply(tick).orders
        }
        #expect(expired.map(\.status) == [.expired])
        #expect(expired.first?.updatedAt == RandomOrderStep.time(5), "at the first tick after 16:00 New York")
        #expect(engine.openOrders.isEmpty)
    }

    // MARK: - The wake

    /// Whenever an engine's wake says a tick cannot move it, applying the tick reports nothing,
    /// changes no order and leaves the wake as it was: skipping the engine is exact.
    @Test func aTickTheWakeRulesOutChangesNothingButTheBook() {
        var skipped = 0
        for seed in 1...150 as ClosedRange<UInt64> {
            var random = SplitMix64(seed: seed)
            var engine = MatchingEngine()
            for number in 0..<150 {
                switch RandomOrderStep.make(seed: random.next(), number: number) {
                case .tick(let tick):
                    let wake = engine.wake()
                    let before = engine.openOrders
                    let acts = wake.acts(on: tick, session: NewYorkTime.sessionDate(of: tick.time))
                    let report = engine.apply(tick)
                    guard !acts else { continue }
                    skipped += 1
                    #expect(report.isEmpty, "seed \(seed), step \(number)")
                    #expect(engine.openOrders == before, "seed \(seed), step \(number)")
                    #expect(engine.wake() == wake, "seed \(seed), step \(number)")
                case .submit(let id, let request):
                    _ = engine.submit(request, id: id, at: RandomOrderStep.time(number))
                case .cancel(let pick):
                    let open = engine.openOrders
                    guard !open.isEmpty else { continue }
                    _ = try? engine.cancel(id: open[pick % open.count].id, at: RandomOrderStep.time(number))
                case .clearBook:
                    engine.clearBook()
                }
            }
        }
        #expect(skipped > 1_000, "the streams have ticks that move nothing")
    }

    // MARK: - Against one lone engine per account

    /// Random streams over 5 to 20 accounts: ticks crossing sessions (some jumping the market
    /// far enough to reach orders placed away from it), every order type, time in force and
    /// bracket, cancels (some naming another account's order), rejects, restores and cleared
    /// books. After every step the accounts engine's report is the lone engines' reports,
    /// account by account, and every account's open orders and book are the lone engine's.
    @Test func everyAccountBehavesAsIfAlone() {
        var totals = AccountsDifferential.Totals()
        for seed in 1...120 as ClosedRange<UInt64> {
            var run = AccountsDifferential(seed: seed)
            run.run(steps: 200)
            totals.add(run.totals)
        }
        #expect(totals.skipped > 10 * totals.visited / 100, "ticks skip accounts: \(totals)")
        #expect(totals.visited > 1_000, "ticks visit accounts: \(totals)")
        #expect(totals.staleOrders > 100, "orders reach accounts that skipped ticks: \(totals)")
        #expect(totals.fills > 1_000, "orders fill: \(totals)")
        #expect(totals.expired > 50, "day orders expire: \(totals)")
        #expect(totals.triggered > 100, "stops trigger: \(totals)")
        #expect(totals.notFound > 50, "another account's order is not found: \(totals)")
    }

    /// The same with many accounts and few orders each: most ticks visit no account at all.
    @Test func manyQuietAccountsBehaveAsIfAlone() {
        var totals = AccountsDifferential.Totals()
        for seed in 1_000...1_019 as ClosedRange<UInt64> {
            var run = AccountsDifferential(seed: seed, accounts: 60...80)
            run.run(steps: 300)
            totals.add(run.totals)
        }
        #expect(totals.skipped > totals.visited, "most accounts skip most ticks: \(totals)")
    }
}

/// One random stream through an `AccountsEngine` and, as its reference, a lone `MatchingEngine`
/// per account fed every tick. Steps are `RandomOrderStep`'s (ticks two hours apart, so streams
/// cross sessions), with the market jumping now and then and each account's orders placed at
/// its own distance from it, so that ticks reach some accounts and not others.
struct AccountsDifferential {
    struct Totals: CustomStringConvertible {
        var visited = 0
        var skipped = 0
        var staleOrders = 0
        var fills = 0
        var expired = 0
        var triggered = 0
        var notFound = 0

        mutating func add(_ other: Totals) {
            visited += other.visited
            skipped += other.skipped
            staleOrders += other.staleOrders
            fills += other.fills
            expired += other.expired
            triggered += other.triggered
            notFound += other.notFound
        }

        var description: String {
            "visited \(visited), skipped \(skipped), orders to stale accounts \(staleOrders), fills \(fills), "
                + "expired \(expired), triggered \(triggered), not found \(notFound)"
        }
    }

    var random: SplitMix64
    var engine = AccountsEngine()
    /// Every account's lone engine, fed every tick from the start.
    var lone: [AccountID: MatchingEngine] = [:]
    let ids: [AccountID]
    /// Each account's distance from the market, in ticks, for its orders.
    let bias: [AccountID: Int64]
    /// Where the market is, in ticks from `RandomOrderStep`'s 100.00.
    var drift: Int64 = 0
    var history: [String] = []
    var totals = Totals()
    let seed: UInt64

    init(seed: UInt64, accounts: ClosedRange<Int> = 5...20) {
        self.seed = seed
        random = SplitMix64(seed: seed)
        let count = random.int(in: accounts)
        // Scattered ids, so that "account by account" is not the order the accounts appear in.
        ids = (0..<count).map { AccountID(Int64(($0 * 37) % 101 + 2)) }
        var bias: [AccountID: Int64] = [:]
        for id in ids { bias[id] = [-30, -12, 0, 0, 12, 30][random.int(in: 0...5)] }
        self.bias = bias
        for id in ids { lone[id] = MatchingEngine(account: id) }
    }

    var context: String { "seed \(seed):\n" + history.suffix(15).joined(separator: "\n") }

    mutating func run(steps: Int) {
        for number in 0..<steps {
            step(number)
            check()
        }
    }

    mutating func step(_ number: Int) {
        let time = RandomOrderStep.time(number)
        let account = ids[random.int(in: 0...ids.count - 1)]
        let roll = random.int(in: 0...99)
        switch RandomOrderStep.make(seed: random.next(), number: number) {
        case .tick(let base):
            if random.int(in: 0...9) == 0 { drift = [-45, -20, 0, 0, 20, 45][random.int(in: 0...5)] }
            let tick = base.shifted(by: drift)
            history.append("tick \(tick.seq) drift \(drift): \(RandomOrderStep.tick(tick))")
            let session = NewYorkTime.sessionDate(of: tick.time)
            let woken = Set(
                engine.accounts.filter { _, state in
                    var copy = state.engine
                    return copy.wake().acts(on: tick, session: session)
                }.keys)
            var expected = MatchReport()
            for id in ids.sorted() { expected.absorb(lone[id]?.apply(tick) ?? MatchReport()) }
            let report = engine.apply(tick)
            #expect(report == expected, "\(context)\naccounts: \(report.orders)\nlone: \(expected.orders)")
            let visited = Set(engine.accounts.filter { $0.value.seen == engine.moment }.keys)
            #expect(visited == woken, "the tick visits exactly the accounts it could move: \(context)")
            totals.visited += visited.count
            totals.skipped += engine.accounts.count - visited.count
            count(report)
        case .submit(let id, let base):
            let request = base.shifted(by: drift + (bias[account] ?? 0))
            history.append("\(account): \(RandomOrderStep.submit(id: id, request))")
            if let state = engine.accounts[account], state.seen != engine.moment { totals.staleOrders += 1 }
            if roll < 5 {
                let reason = "the market is closed"
                let expected = lone[account]?.reject(request, id: id, reason: reason, at: time)
                #expect(engine.reject(request, id: id, account: account, reason: reason, at: time) == expected, "\(context)")
                return
            }
            let expected = lone[account]?.submit(request, id: id, at: time) ?? MatchReport()
            let report = engine.submit(request, id: id, account: account, at: time)
            #expect(report == expected, "\(context)\naccounts: \(report.orders)\nlone: \(expected.orders)")
            count(report)
        case .cancel(let pick):
            let open = ids.sorted().flatMap { lone[$0]?.openOrders ?? [] }
            guard !open.isEmpty else { return }
            let order = open[pick % open.count]
            // One cancel in five names another account (or one with no engine yet).
            let owner = roll < 20 ? account : order.account
            history.append("cancel \(order.id) of \(order.account) as \(owner)")
            if let state = engine.accounts[owner], state.seen != engine.moment { totals.staleOrders += 1 }
            let expected = Result { () throws(OrderError) in try lone[owner]?.cancel(id: order.id, at: time) ?? MatchReport() }
            let result = Result { () throws(OrderError) in try engine.cancel(id: order.id, account: owner, at: time) }
            #expect(result == expected, "\(context)")
            if case .failure = result { totals.notFound += 1 }
        case .clearBook:
            if roll < 50 {
                history.append("clear")
                engine.clearBook()
                for id in ids { lone[id]?.clearBook() }
            } else {
                restore(number)
            }
        }
    }

    /// A copy of a random open order, under a new id, put back into a random account (as a
    /// restart restores its orders), into both engines.
    mutating func restore(_ number: Int) {
        let open = ids.sorted().flatMap { lone[$0]?.openOrders ?? [] }
        guard !open.isEmpty else { return }
        let original = open[random.int(in: 0...open.count - 1)]
        let account = ids[random.int(in: 0...ids.count - 1)]
        let order = Order(
            id: "r\(number)", account: account, side: original.side, kind: original.kind, quantity: original.quantity,
            timeInForce: original.timeInForce, bracket: original.bracket, parentID: nil, createdAt: original.createdAt,
            status: original.status, filledQuantity: original.filledQuantity, filledTicks: original.filledTicks,
            updatedAt: original.updatedAt, triggered: original.triggered, triggerPrice: original.triggerPrice,
            trailReference: original.trailReference)
        history.append("restore \(original.id) as r\(number) into \(account)")
        if let state = engine.accounts[account], state.seen != engine.moment { totals.staleOrders += 1 }
        engine.restore(order)
        lone[account]?.restore(order)
    }

    func check() {
        var all: [Order] = []
        for id in ids.sorted() {
            let expected = lone[id]?.openOrders ?? []
            #expect(engine.openOrders(account: id) == expected, "\(context)\naccount \(id)")
            #expect(engine.book(account: id) == lone[id]?.book, "\(context)\naccount \(id)")
            if let order = expected.last { #expect(engine.openOrder(id: order.id, account: id) == order, "\(context)") }
            all += expected
        }
        #expect(engine.openOrders == all, "\(context)")
    }

    mutating func count(_ report: MatchReport) {
        totals.fills += report.fills.count
        totals.expired += report.orders.filter { $0.status == .expired }.count
        totals.triggered += report.orders.filter { $0.triggered && $0.type.isStop }.count
    }
}

extension FeedTick {
    /// The same tick with every price `ticks` higher.
    func shifted(by ticks: Int64) -> FeedTick {
        func move(_ level: BookLevel) -> BookLevel { BookLevel(price: level.price.shifted(by: ticks), quantity: level.quantity) }
        return FeedTick(
            seq: seq, time: time, symbol: symbol, last: last.map { LastTrade(price: $0.price.shifted(by: ticks), size: $0.size) },
            bids: bids.map(move), asks: asks.map(move))
    }
}

extension OrderRequest {
    /// The same request with every price `ticks` higher (a trail is a distance, so it stays).
    func shifted(by ticks: Int64) -> OrderRequest {
        let kind: OrderKind
        switch self.kind {
        case .market: kind = .market
        case .limit(let price): kind = .limit(price.shifted(by: ticks))
        case .stop(let price): kind = .stop(price.shifted(by: ticks))
        case .stopLimit(let stop, let limit): kind = .stopLimit(stop: stop.shifted(by: ticks), limit: limit.shifted(by: ticks))
        case .trailingStop(let trail): kind = .trailingStop(trail)
        }
        let bracket = self.bracket.flatMap {
            Bracket(takeProfit: $0.takeProfit?.shifted(by: ticks), stopLoss: $0.stopLoss?.shifted(by: ticks))
        }
        return try! OrderRequest(side: side, kind: kind, quantity: quantity, timeInForce: timeInForce, bracket: bracket)
    }
}

extension Price {
    func shifted(by ticks: Int64) -> Price { Price(ticks: self.ticks + ticks) }
}
