import BourseCore
import Exchange
import Foundation
import MetricsTestKit
import TestSupport
import Testing

@testable import ExchangeLive

/// The exchange's metrics (docs/metrics.md): orders by how they were answered and each commit's
/// time (the desk); the feed's state, ticks, gaps, malformed messages and reconnects.
@Suite("Exchange metrics")
struct ExchangeMetricsTests {
    static func orders(_ metrics: TestMetrics, _ status: String) -> Int64 {
        metrics.counterTotal(label: "bourse_orders_total", dimensions: [("status", status)])
    }

    @Test func ordersAreCountedByTheirAnsweredStatusAndEachCommitIsTimed() async throws {
        let metrics = TestMetrics()
        // A save happens only for a batch that changes orders; the third one fails.
        let store = MemoryOrderStore(failingSave: 3)
        let desk = try await TradingDesk(
            store: store, broadcaster: TradingBroadcaster(bufferSize: 1_000), now: { Date(timeIntervalSince1970: 1_763_820_000) },
            logger: quietLogger(), metrics: metrics)

        try await withRunningDesk(desk) {
            await desk.handle(.state(.live))
            await desk.handle(.tick(tick(1)))
            _ = try await desk.place(try .market(.buy, quantity: 50))  // save 1: filled
            let resting = try await desk.place(try .limit(.buy, quantity: 10, price: Price(ticks: 9_000)))  // save 2
            await #expect(throws: TradingError.notSaved) {
                _ = try await desk.place(try .limit(.buy, quantity: 10, price: Price(ticks: 9_001)))  // save 3 fails
            }
            _ = try await desk.cancel(id: resting.order.id)  // save 4
        }

        #expect(Self.orders(metrics, "filled") == 1)
        #expect(Self.orders(metrics, "pending") == 1)
        #expect(Self.orders(metrics, "not_saved") == 1)
        #expect(Self.orders(metrics, "cancelled") == 1)
        #expect(Self.orders(metrics, "rejected") == 0)
        // Three commits went through; the failed one is not timed.
        #expect(store.snapshot.saveCalls == 4)
        #expect(try metrics.expectTimer("bourse_order_commit_duration_seconds").values.count == 3)
    }

    @Test func theFeedsStateTicksGapsMalformedMessagesAndReconnectsAreRecorded() throws {
        let metrics = TestMetrics()
        let feed = FeedMetrics(factory: metrics)
        func state(_ name: String) throws -> Double? {
            try metrics.expectMeter("bourse_feed_state", [("state", name)]).lastValue
        }
        #expect(try state("connecting") == 1)

        feed.record(.state(.live))
        feed.record(.tick(tick(1)))
        feed.record(.tick(tick(3)))
        feed.record(.gap(expected: 2, received: 3))
        feed.record(.malformed(FeedMessageError("not JSON")))
        feed.record(.state(.reconnecting(attempt: 1, retryIn: .seconds(1))))
        feed.record(.state(.connecting))
        feed.record(.state(.reconnecting(attempt: 2, retryIn: .seconds(2))))

        #expect(try metrics.expectCounter("bourse_feed_ticks_total").totalValue == 2)
        #expect(try metrics.expectCounter("bourse_feed_gaps_total").totalValue == 1)
        #expect(try metrics.expectCounter("bourse_feed_malformed_messages_total").totalValue == 1)
        #expect(try metrics.expectCounter("bourse_feed_reconnects_total").totalValue == 2)
        #expect(try state("reconnecting") == 1)
        #expect(try state("live") == 0)
        #expect(try state("connecting") == 0)
    }
}
