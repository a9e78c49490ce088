import BourseCore
import BundledData
import Foundation
import Testing

@testable import StandIns

/// The feed stand-in's market and fan-out, through the subscription each WebSocket connection
/// uses (the WebSocket itself is tested with the real client in ExchangeTests).
@Suite("Feed stand-in")
struct FeedStandInTests {
    static let market = FeedSimulator.Configuration(symbol: "AAPL", startPrice: Price(ticks: 230_00), seed: 3)

    /// The next `count` messages, or fewer if the stream ends or two minutes pass (which only
    /// stops a hang: on a loaded machine the test tasks can wait long for a thread).
    static func take(_ count: Int, from messages: AsyncStream<String>) async -> [String] {
        await withTaskGroup(of: [String]?.self) { group in
            group.addTask {
                var taken: [String] = []
                for await message in messages {
                    taken.append(message)
                    if taken.count == count { break }
                }
                return taken
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(120))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? []
        }
    }

    static func seqs(_ messages: [String]) throws -> [Int64] {
        try messages.map { try FeedTick.parse($0).seq }
    }

    @Test func publishesConsecutiveValidTicksWhileRunning() async throws {
        // A buffer that holds every tick taken: a starved test task must not lose any.
        let feed = FeedStandIn(simulator: Self.market, ticksPerSecond: 50, clientBuffer: 1_000)
        let (_, messages) = feed.subscribe()
        let market = feed.start()
        defer { market.cancel() }
        let taken = await Self.take(60, from: messages)
        #expect(taken.count == 60)
        #expect(try Self.seqs(taken) == Array(1...60))
        #expect(try taken.allSatisfy { try FeedTick.parse($0).symbol == "AAPL" })
    }

    @Test func aNewSubscriberGetsTheLatestTickAtOnce() async throws {
        let feed = FeedStandIn(simulator: Self.market)
        feed.state.withLock { $0.publishNext(at: Date(timeIntervalSince1970: 1_763_649_000)) }
        let (_, messages) = feed.subscribe()
        let first = await Self.take(1, from: messages)
        #expect(try Self.seqs(first) == [1])
        #expect(first == [feed.latestTick?.jsonText])
    }

    @Test func everySubscriberGetsTheSameTicks() async throws {
        let feed = FeedStandIn(simulator: Self.market, ticksPerSecond: 50, clientBuffer: 1_000)
        let subscribers = (0..<5).map { _ in feed.subscribe().messages }
        let market = feed.start()
        defer { market.cancel() }
        var received: [[String]] = []
        for messages in subscribers { received.append(await Self.take(20, from: messages)) }
        #expect(received.allSatisfy { $0 == received[0] })
        #expect(try Self.seqs(received[0]) == Array(1...20))
    }

    @Test func aSlowSubscriberLosesItsOldestMessagesAndHoldsNobodyBack() async throws {
        let feed = FeedStandIn(simulator: Self.market, clientBuffer: 4)
        let (_, slow) = feed.subscribe()
        let (_, fast) = feed.subscribe()
        let time = Date(timeIntervalSince1970: 1_763_649_000)
        var fastSeen: [String] = []
        for _ in 0..<10 {
            feed.state.withLock { $0.publishNext(at: time) }
            fastSeen += await Self.take(1, from: fast)
        }
        #expect(try Self.seqs(fastSeen) == Array(1...10))
        #expect(try Self.seqs(await Self.take(4, from: slow)) == [7, 8, 9, 10])
    }

    @Test func faultsReachEverySubscriber() async throws {
        let feed = FeedStandIn(simulator: Self.market)
        let (_, first) = feed.subscribe()
        let (_, second) = feed.subscribe()
        let time = Date(timeIntervalSince1970: 1_763_649_000)
        feed.state.withLock { $0.publishNext(at: time) }
        feed.sendGarbage("{oops")
        feed.skipSequenceNumbers(3)
        feed.state.withLock { $0.publishNext(at: time) }
        feed.pause()
        feed.state.withLock { $0.publishNext(at: time) }  // paused: nothing
        feed.resume()
        feed.state.withLock { $0.publishNext(at: time) }
        #expect(feed.connectionCount == 2)
        feed.dropConnections()
        #expect(feed.connectionCount == 0)
        for messages in [first, second] {
            let all = await Self.take(100, from: messages)  // ends early: the stream was finished
            #expect(all.count == 4)
            #expect(all[1] == "{oops")
            #expect(try Self.seqs([all[0], all[2], all[3]]) == [1, 5, 6])
        }
        #expect(feed.publishedCount == 3)
    }

    @Test func bundledStartsAtTheSymbolsPriceLevel() throws {
        let level = try #require(try BundledData.priceLevels().first { $0.symbol == "AAPL" })
        let expected = try Price(level.lastClose.rounded(toPlaces: 2, .halfEven))
        #expect(FeedStandIn.bundled(symbol: "aapl").simulator.startPrice == expected)
        #expect(FeedStandIn.bundled(symbol: "aapl").simulator.symbol == "AAPL")
        #expect(FeedStandIn.bundledStartPrice(for: "NO-SUCH-SYMBOL") == Price(ticks: 100_00))
    }
}
