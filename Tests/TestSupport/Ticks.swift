import BourseCore
import Foundation

/// Ticks of AAPL for the exchange's tests.
public enum Ticks {
    /// Asks 101.26 x 200, 101.27 x 300 and bids 101.24 x 300, 101.23 x 500 unless told; last
    /// 101.25; `seq` seconds after 2025-11-22 14:00 UTC.
    public static func make(
        _ seq: Int64, asks: [(Int64, Int)] = [(10_126, 200), (10_127, 300)],
        bids: [(Int64, Int)] = [(10_124, 300), (10_123, 500)]
    ) -> FeedTick {
        FeedTick(
            seq: seq, time: Date(timeIntervalSince1970: 1_763_820_000 + Double(seq)), symbol: "AAPL",
            last: LastTrade(price: Price(ticks: 10_125), size: 100),
            bids: bids.map { BookLevel(price: Price(ticks: $0.0), quantity: $0.1) },
            asks: asks.map { BookLevel(price: Price(ticks: $0.0), quantity: $0.1) })
    }
}
