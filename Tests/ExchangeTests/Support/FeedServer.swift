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
    let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
    let application = feed.makeApplication(port: 0, logger: quiet) { port in
        continuation.yield(port)
        continuation.finish()
    }
    let server = Task { try await application.run() }
    let market = feed.start()
    defer {
        market.cancel()
        server.cancel()
    }
    guard let port = await ports.first(where: { _ in true }) else { throw FeedTestError.serverDidNotStart }
    return try await body(URL(string: "ws://127.0.0.1:\(port)/feed")!)
}

enum FeedTestError: Error {
    case serverDidNotStart
    case timedOut(String)
}

/// A feed stand-in for tests: AAPL from 230.00, seed 11.
func testFeed(ticksPerSecond: Double = 20) -> FeedStandIn {
    FeedStandIn(
        simulator: .init(symbol: "AAPL", startPrice: Price(ticks: 230_00), seed: 11), ticksPerSecond: ticksPerSecond)
}
