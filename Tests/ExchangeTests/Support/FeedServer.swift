import BourseCore
import Foundation
import Hummingbird
import Logging
import StandIns

/// A feed stand-in served on a free loopback port while `body` runs.
func withFeedServer<T: Sendable>(
    _ feed: FeedStandIn, _ body: @Sendable (URL) async throws -> T
) async throws -> T {
    var quiet = Logger(label: "test.feed-server")
    quiet.logLevel = .critical
    let (port, server) = try await LoopbackServer.start { onRunning in
        feed.makeApplication(port: 0, logger: quiet, onServerRunning: onRunning)
    }
    let market = feed.start()
    defer {
        market.cancel()
        server.cancel()
    }
    return try await body(URL(string: "ws://127.0.0.1:\(port)/feed")!)
}

enum FeedTestError: Error {
    case timedOut(String)
}

/// A feed stand-in for tests: AAPL from 230.00, seed 11.
func testFeed(ticksPerSecond: Double = 20) -> FeedStandIn {
    FeedStandIn(
        simulator: .init(symbol: "AAPL", startPrice: Price(ticks: 230_00), seed: 11), ticksPerSecond: ticksPerSecond)
}
