import BourseCore
import Foundation
import Testing

@testable import StandIns

/// A provider connection's queue: a slow client loses its oldest ticks, never its own messages.
@Suite("Provider inbox")
struct ProviderInboxTests {
    static func event(_ seq: Int64) -> MarketEvent {
        let tick = FeedTick(
            seq: seq, time: Date(timeIntervalSince1970: 1_763_649_000), symbol: "AAPL", last: nil, bids: [], asks: [])
        return MarketEvent(tick: tick, previous: nil, newTrade: false)
    }

    static func describe(_ items: [ProviderInbox.Item]) -> [String] {
        items.map { item in
            switch item {
            case .client(.text(let text)): "client \(text)"
            case .client(.binary(let bytes)): "client \(bytes)"
            case .market(let event): "tick \(event.tick.seq)"
            case .authTimeout: "timeout"
            }
        }
    }

    @Test func keepsTheNewestTicksAndEveryClientMessageInOrder() {
        let inbox = ProviderInbox(buffer: 3)
        for seq: Int64 in 1...4 { inbox.post(.market(Self.event(seq))) }
        inbox.post(.client(.text("a")))
        for seq: Int64 in 5...6 { inbox.post(.market(Self.event(seq))) }
        inbox.post(.authTimeout)
        let (items, finished) = inbox.take()
        #expect(!finished)
        #expect(Self.describe(items) == ["tick 4", "client a", "tick 5", "tick 6", "timeout"])
        #expect(inbox.take().items.isEmpty)
    }

    @Test func aFinishedInboxTakesNothingMore() {
        let inbox = ProviderInbox(buffer: 3)
        inbox.post(.client(.text("a")))
        inbox.finish()
        inbox.post(.client(.text("b")))
        let (items, finished) = inbox.take()
        #expect(items.isEmpty)
        #expect(finished)
    }

    @Test func aTickChangesTheQuoteWhenTheBestBidOrAskDoes() {
        let level = BookLevel(price: Price(ticks: 101_24), quantity: 300)
        let tick = FeedTick(
            seq: 2, time: Date(timeIntervalSince1970: 0), symbol: "AAPL", last: LastTrade(price: level.price, size: 1),
            bids: [level], asks: [BookLevel(price: Price(ticks: 101_26), quantity: 100)])
        var resized = tick
        resized.asks[0].quantity = 200
        var deeper = tick
        deeper.bids.append(BookLevel(price: Price(ticks: 101_20), quantity: 100))
        #expect(MarketEvent(tick: tick, previous: nil, newTrade: false).quoteChanged)
        #expect(MarketEvent(tick: resized, previous: tick, newTrade: false).quoteChanged)
        #expect(!MarketEvent(tick: deeper, previous: tick, newTrade: false).quoteChanged)
        #expect(MarketEvent(tick: tick, previous: tick, newTrade: true).newTrade)
    }
}
