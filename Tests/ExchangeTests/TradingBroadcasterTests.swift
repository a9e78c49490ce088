import BourseCore
import Exchange
import Foundation
import Testing

@testable import ExchangeLive

@Suite("Trading broadcaster")
struct TradingBroadcasterTests {
    @Test func everySubscriberGetsEveryUpdateInOrderUntilTheBroadcasterCloses() async throws {
        let broadcaster = TradingBroadcaster()
        let first = broadcaster.updates()
        let second = broadcaster.updates()

        for state in [FeedState.live, .stale, .live] { broadcaster.publish(.state(state)) }
        broadcaster.close()

        for stream in [first, second] {
            let states = await stream.reduce(into: [String]()) { labels, update in
                if case .state(let state) = update { labels.append(state.label) }
            }
            #expect(states == ["live", "stale", "live"])
        }
        #expect(broadcaster.subscriberCount == 0)
        // After closing, a new subscriber's stream ends at once.
        var late = broadcaster.updates().makeAsyncIterator()
        let next = await late.next()
        #expect(next == nil)
    }

    @Test func aSubscriberThatGoesAwayIsForgotten() async throws {
        let broadcaster = TradingBroadcaster()
        let reader = Task {
            for await _ in broadcaster.updates() {}
        }
        while broadcaster.subscriberCount == 0 { try await Task.sleep(for: .milliseconds(1)) }

        reader.cancel()
        await reader.value

        #expect(broadcaster.subscriberCount == 0)
    }

    @Test func aSlowSubscriberKeepsTheNewestUpdates() async throws {
        let broadcaster = TradingBroadcaster(bufferSize: 2)
        let stream = broadcaster.updates()

        for seq in 1...5 { broadcaster.publish(.tick(tick(Int64(seq)), left: [:])) }
        broadcaster.close()

        let seqs = await stream.reduce(into: [Int64]()) { if case .tick(let tick, _) = $1 { $0.append(tick.seq) } }
        #expect(seqs == [4, 5])
    }
}

@Suite("Trade chart")
struct TradeChartTests {
    @Test func keepsTheLastPointsOldestFirst() {
        var chart = TradeChart(capacity: 3)
        for seq in 1...5 { chart.record(tick(Int64(seq))) }
        #expect(chart.points.map(\.seq) == [3, 4, 5])
        chart.record(tick(6))
        #expect(chart.points.map(\.seq) == [4, 5, 6])
    }

    @Test func aTickWithoutATradeAddsNoPoint() {
        var chart = TradeChart(capacity: 3)
        chart.record(FeedTick(seq: 1, time: Date(), symbol: "AAPL", last: nil, bids: [], asks: []))
        #expect(chart.points.isEmpty)
    }
}
