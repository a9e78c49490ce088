import BourseCore
import Exchange
import Foundation
import ServiceLifecycleTestKit
import TestSupport
import Testing

@testable import ExchangeLive

/// The trading desk's commit pipeline: order, group commit, failures and shutdown, on a store in
/// memory that can be slowed down, held and made to fail.
@Suite("Trading desk")
struct TradingDeskTests {
    /// A limit order away from the market (it rests) or a market order (it fills at once), by `n`.
    static func request(_ n: Int) throws -> OrderRequest {
        switch n % 3 {
        case 0: try .market(.buy, quantity: 10)
        case 1: try .limit(.buy, quantity: 10, price: Price(ticks: 9_000 + Int64(n % 50)))
        default: try .limit(.sell, quantity: 10, price: Price(ticks: 11_000 + Int64(n % 50)))
        }
    }

    @Test func updatesAreTheTicksStatesAndOrdersInTheOrderTheyHappened() async throws {
        let store = MemoryOrderStore()
        let desk = try await makeDesk(store: store)
        let log = UpdateLog(desk.broadcaster)

        try await withRunningDesk(desk) {
            await desk.handle(.state(.live))
            await desk.handle(.tick(tick(1)))
            let resting = try await desk.place(try .limit(.buy, quantity: 100, price: Price(ticks: 10_120)))
            #expect(resting.order.status == .pending)
            await desk.handle(.tick(tick(2, asks: [(10_120, 100)])))
            await desk.handle(.state(.stale))
        }

        let kinds = await log.all.map { update -> String in
            switch update {
            case .state(let state): "state \(state.label)"
            case .tick(let tick, _): "tick \(tick.seq)"
            case .order(let event): "order \(event.order.id) \(event.order.status.rawValue)"
            case .market(let status): "market \(status.isOpen)"
            case .trail(let move): "trail \(move.side.rawValue) \(move.reference)"
            }
        }
        #expect(kinds == ["state live", "tick 1", "order 1 PENDING", "tick 2", "order 1 FILLED", "state stale"])
        #expect(await desk.feedState == .stale)
        #expect(await desk.lastTick?.seq == 2)
        #expect(await desk.recentTrades.map(\.seq) == [1, 2])
        #expect(store.snapshot.orders["1"]?.status == .filled)
    }

    @Test func concurrentOrdersAreAcknowledgedInIdOrderOnlyAfterTheirCommitAndInFewerCommits() async throws {
        // Each commit takes 5 ms, as an fsync would: orders queue up behind it.
        let store = MemoryOrderStore(saveDuration: .milliseconds(5))
        let desk = try await makeDesk(store: store)
        let log = UpdateLog(desk.broadcaster)
        let count = 200

        let acknowledged = try await withRunningDesk(desk) {
            await desk.handle(.state(.live))
            await desk.handle(.tick(tick(1)))
            return try await withThrowingTaskGroup(of: (id: Int, earlierAllStored: Bool).self) { group in
                for n in 0..<count {
                    group.addTask {
                        let event = try await desk.place(try Self.request(n))
                        let id = try #require(Int(event.order.id))
                        // Told of order k: orders 1...k are all committed already.
                        return (id, store.holdsEveryOrder(upTo: id))
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
        }

        #expect(acknowledged.map { $0.id }.sorted() == Array(1...count))
        #expect(acknowledged.allSatisfy { $0.earlierAllStored })
        let contents = store.snapshot
        #expect(contents.placement == (1...count).map(String.init))
        // Group commit: far fewer transactions than orders, and each one's new orders in id order.
        #expect(contents.saveCalls < count)
        let committedIDs = contents.commits.flatMap { $0 }.compactMap(Int.init)
        var seen = Set<Int>()
        let firstCommits = committedIDs.filter { seen.insert($0).inserted }
        #expect(firstCommits == Array(1...count))
        // The screen heard of each new order in id order, and only of committed states.
        let announced = await log.orders.map(\.order)
        var announcedFirst = Set<String>()
        #expect(announced.filter { announcedFirst.insert($0.id).inserted }.map(\.id) == (1...count).map(String.init))
        #expect(announced.allSatisfy { contents.orders[$0.id] != nil })
        #expect(await desk.engineOpenOrders == (try await store.openOrders()))
    }

    @Test func aFailedCommitAcknowledgesNothingOfItAndTheEngineGoesBackToTheStore() async throws {
        let store = MemoryOrderStore(failingSave: 2)
        let desk = try await makeDesk(store: store)
        let log = UpdateLog(desk.broadcaster)

        try await withRunningDesk(desk) {
            await desk.handle(.state(.live))
            await desk.handle(.tick(tick(1)))
            let first = try await desk.place(try .limit(.buy, quantity: 100, price: Price(ticks: 10_000)))
            await #expect(throws: TradingError.notSaved) {
                _ = try await desk.place(try .limit(.sell, quantity: 50, price: Price(ticks: 10_500)))
            }
            let third = try await desk.place(try .limit(.sell, quantity: 30, price: Price(ticks: 10_600)))

            #expect(first.order.id == "1")
            // The failed order's number was never told to anyone, so it is given again.
            #expect(third.order.id == "2")
            #expect(third.order.quantity == 30)
        }

        let contents = store.snapshot
        #expect(contents.placement == ["1", "2"])
        #expect(contents.orders["2"]?.quantity == 30)
        #expect(await log.orders.map(\.order) == ["1", "2"].compactMap { contents.orders[$0] })
        #expect(await desk.engineOpenOrders == (try await store.openOrders()))
    }

    @Test func aTickWhoseFillsCannotBeCommittedLeavesTheRestingOrderAsStored() async throws {
        let store = MemoryOrderStore(failingSave: 2)
        let desk = try await makeDesk(store: store)
        let log = UpdateLog(desk.broadcaster)

        try await withRunningDesk(desk) {
            await desk.handle(.state(.live))
            await desk.handle(.tick(tick(1)))
            _ = try await desk.place(try .limit(.buy, quantity: 100, price: Price(ticks: 10_120)))
            // The market comes down to the limit, but the fills cannot be committed.
            await desk.handle(.tick(tick(2, asks: [(10_120, 100)])))
            #expect(await desk.engineOpenOrders.map(\.filledQuantity) == [0])
            #expect(await desk.book == nil)
            // The next tick fills it, and that commit works.
            await desk.handle(.tick(tick(3, asks: [(10_119, 100)])))
        }

        let contents = store.snapshot
        #expect(contents.orders["1"]?.status == .filled)
        #expect(contents.fills.map(\.seq) == [3])
        #expect(await log.orders.map(\.order.status) == [.pending, .filled])
        #expect(await !log.all.contains { if case .tick(let tick, _) = $0 { tick.seq == 2 } else { false } })
    }

    @Test func whenACommitOfManyOrdersFailsNoneOfThemIsAcknowledgedAndTheEngineEqualsTheStore() async throws {
        // The first commit is held on the disk while 90 more orders queue up behind it; the
        // second commit, theirs, fails; 20 more come after it.
        let gate = Gate()
        let store = MemoryOrderStore(failingSave: 2, beforeSave: { call in if call == 1 { await gate.wait() } })
        let desk = try await makeDesk(store: store)
        let log = UpdateLog(desk.broadcaster)

        let (beforeFailure, afterFailure) = try await withRunningDesk(desk) {
            await desk.handle(.state(.live))
            await desk.handle(.tick(tick(1)))
            return try await withThrowingTaskGroup(of: Result<OrderEvent, any Error>.self) { group in
                for n in 0..<100 {
                    group.addTask {
                        do { return .success(try await desk.place(try Self.request(n))) } catch { return .failure(error) }
                    }
                    if n == 9 {
                        while store.snapshot.saveCalls == 0 { try await Task.sleep(for: .milliseconds(1)) }
                    }
                }
                while await desk.queuedJobs < 90 { try await Task.sleep(for: .milliseconds(1)) }
                await gate.open()
                var beforeFailure: [Result<OrderEvent, any Error>] = []
                for _ in 0..<100 { beforeFailure.append(try #require(try await group.next())) }
                for n in 100..<120 {
                    group.addTask {
                        do { return .success(try await desk.place(try Self.request(n))) } catch { return .failure(error) }
                    }
                }
                var afterFailure: [Result<OrderEvent, any Error>] = []
                for try await result in group { afterFailure.append(result) }
                return (beforeFailure, afterFailure)
            }
        }

        let told = (beforeFailure + afterFailure).compactMap { try? $0.get() }
        let refused = beforeFailure.compactMap { if case .failure(let error) = $0 { error as? TradingError } else { nil } }
        #expect(refused.count >= 90)
        #expect(refused.allSatisfy { $0 == .notSaved })
        #expect(told.count + refused.count == 120)
        #expect(afterFailure.allSatisfy { (try? $0.get()) != nil })
        let contents = store.snapshot
        // Exactly the orders someone was told of are stored, in the state they were told; the
        // numbers of the refused ones were given again.
        #expect(Set(contents.placement) == Set(told.map(\.order.id)))
        #expect(told.allSatisfy { contents.orders[$0.order.id] == $0.order })
        #expect(told.map(\.order.id).compactMap(Int.init).sorted() == Array(1...told.count))
        #expect(await log.orders.map(\.order.id) == contents.placement)
        #expect(await desk.engineOpenOrders == (try await store.openOrders()))
    }

    @Test func shutdownCommitsAndAnswersWhatItTookAndRefusesTheRest() async throws {
        let gate = Gate()
        let store = MemoryOrderStore(beforeSave: { _ in await gate.wait() })
        let desk = try await makeDesk(store: store)

        try await testGracefulShutdown { trigger in
            try await withThrowingTaskGroup(of: Void.self) { tasks in
                tasks.addTask { try await desk.run() }
                // An order whose commit is held on the disk...
                let inFlight = Task { try await desk.place(try .limit(.buy, quantity: 10, price: Price(ticks: 9_000))) }
                while store.snapshot.saveCalls == 0 { try await Task.sleep(for: .milliseconds(1)) }
                // ...and one queued behind it, when the shutdown comes.
                let queued = Task { try await desk.place(try .limit(.buy, quantity: 20, price: Price(ticks: 9_000))) }
                try await Task.sleep(for: .milliseconds(20))
                trigger.triggerGracefulShutdown()
                await #expect(throws: TradingError.shuttingDown) {
                    _ = try await desk.place(try .market(.buy, quantity: 5))
                }
                await desk.handle(.tick(tick(9)))  // ignored, and returns at once

                await gate.open()
                #expect(try await inFlight.value.order.id == "1")
                #expect(try await queued.value.order.id == "2")
                try await tasks.waitForAll()
            }
        }

        #expect(store.snapshot.placement == ["1", "2"])
        #expect(await desk.lastTick == nil)
        await #expect(throws: TradingError.shuttingDown) {
            _ = try await desk.cancel(id: "1")
        }
    }

    @Test func cancellingTheDesksTaskAnswersTheBatchInHandAndRefusesWhatIsQueued() async throws {
        let gate = Gate()
        let store = MemoryOrderStore(beforeSave: { _ in await gate.wait() })
        let desk = try await makeDesk(store: store)
        let running = Task { try await desk.run() }
        let inFlight = Task { try await desk.place(try .limit(.buy, quantity: 10, price: Price(ticks: 9_000))) }
        while store.snapshot.saveCalls == 0 { try await Task.sleep(for: .milliseconds(1)) }
        let queued = Task { try await desk.place(try .limit(.buy, quantity: 20, price: Price(ticks: 9_000))) }
        while await desk.queuedJobs == 0 { try await Task.sleep(for: .milliseconds(1)) }

        // A shutdown past its deadline cancels the desk's task while a commit is on disk.
        running.cancel()
        await gate.open()

        #expect(try await inFlight.value.order.id == "1")
        await #expect(throws: TradingError.shuttingDown) { _ = try await queued.value }
        try await running.value
        #expect(store.snapshot.placement == ["1"])
    }

    @Test func cancellingAnOrderThatIsNotOpenSaysWhy() async throws {
        let store = MemoryOrderStore()
        let desk = try await makeDesk(store: store)

        try await withRunningDesk(desk) {
            await desk.handle(.state(.live))
            await desk.handle(.tick(tick(1)))
            let filled = try await desk.place(try .market(.buy, quantity: 10))
            let resting = try await desk.place(try .limit(.sell, quantity: 10, price: Price(ticks: 10_500)))

            let cancelled = try await desk.cancel(id: resting.order.id)
            #expect(cancelled.order.status == .cancelled)
            await #expect(throws: OrderError.notOpen(id: filled.order.id, status: .filled)) {
                _ = try await desk.cancel(id: filled.order.id)
            }
            await #expect(throws: OrderError.notFound("99")) {
                _ = try await desk.cancel(id: "99")
            }
        }
        #expect(store.snapshot.orders["2"]?.status == .cancelled)
    }

    @Test func gapsAndMalformedMessagesAreCounted() async throws {
        let desk = try await makeDesk(store: MemoryOrderStore())

        await desk.handle(.gap(expected: 3, received: 5))
        await desk.handle(.gap(expected: 8, received: 9))
        await desk.handle(.malformed(FeedMessageError("not JSON")))

        #expect(await desk.feedStatistics.gaps == 2)
        #expect(await desk.feedStatistics.malformedMessages == 1)
    }

    @Test func mergingABatchKeepsEachOrderOnceInItsLastStateWhereItFirstAppeared() throws {
        let t0 = Date(timeIntervalSince1970: 1_763_820_000)
        let one = try Order(id: "1", request: .limit(.buy, quantity: 10, price: Price(ticks: 100)), createdAt: t0)
        let two = try Order(id: "2", request: .market(.buy, quantity: 5), createdAt: t0)
        var oneFilled = one
        oneFilled.status = .filled
        let fill = Fill(orderID: "1", seq: 2, time: t0, side: .buy, price: Price(ticks: 100), quantity: 10)

        let merged = TradingDesk.merged([
            MatchReport(orders: [one]), MatchReport(orders: [two]), MatchReport(fills: [fill], orders: [oneFilled]),
        ])

        #expect(merged.orders == [oneFilled, two])
        #expect(merged.fills == [fill])
    }
}
