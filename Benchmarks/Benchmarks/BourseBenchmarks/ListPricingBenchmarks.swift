import Benchmark
import BourseCore
import Foundation
import Logging
import MarketData
import MarketDataLive
import StandIns

/// Requests to price a list of 100 tickers, counted at the stand-in: Bourse's way (one page of
/// tickers and two grouped-daily calls, at the free tier's 5 requests/minute) against the naive
/// way (one `/prev` call per ticker). The naive run has no rate limit at the stand-in: at
/// 5/minute its 101 requests would take 20 minutes.
enum ListPricingBenchmarks {
    static func register() {
        let configuration = Benchmark.Configuration(
            metrics: [.wallClock, .custom("requests", polarity: .prefersSmaller, useScalingFactor: false)],
            warmupIterations: 0, maxDuration: .seconds(60), maxIterations: 5)
        Benchmark("Price 100 tickers cold, 5 req/min stand-in (bourse)", configuration: configuration) { benchmark in
            let stack = try await Stack.start(rateLimit: 5)
            defer { stack.stop() }
            benchmark.startMeasurement()
            let page = try await stack.service.tickers(limit: 100, cursor: nil)
            benchmark.stopMeasurement()
            precondition(page.rows.count == 100 && page.rows.allSatisfy { $0.quote != nil })
            benchmark.measurement(.custom("requests"), stack.standIn.requestCount)
        }
        Benchmark("Price 100 tickers cold, 5 req/min stand-in (baseline)", configuration: configuration) { benchmark in
            let stack = try await Stack.start(rateLimit: nil)
            defer { stack.stop() }
            benchmark.startMeasurement()
            let page = try await stack.client.tickers(TickerQuery(limit: 100))
            var priced = 0
            for ticker in page.value.tickers {
                if try await stack.client.previousClose(ticker.symbol).value != nil { priced += 1 }
            }
            benchmark.stopMeasurement()
            precondition(priced == 100)
            benchmark.measurement(.custom("requests"), stack.standIn.requestCount)
        }
    }

    /// A fresh stand-in on a loopback port and a client with an empty cache: a cold start.
    struct Stack {
        let standIn: PolygonStandIn
        let client: PolygonClient
        let service: Market
        let server: Task<Void, any Error>

        static func start(rateLimit: Int?) async throws -> Stack {
            let standIn = PolygonStandIn(market: try SimulatedMarket.bundled(), rateLimit: rateLimit)
            var quiet = Logger(label: "benchmark")
            quiet.logLevel = .critical
            let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
            let application = standIn.makeApplication(host: "127.0.0.1", port: 0, logger: quiet) { port in
                continuation.yield(port)
                continuation.finish()
            }
            let server = Task { try await application.run() }
            guard let port = await ports.first(where: { _ in true }) else { throw CancellationError() }
            let configuration = PolygonConfiguration(
                baseURL: URL(string: "http://127.0.0.1:\(port)")!, requestsPerMinute: rateLimit ?? 10_000)
            let client = PolygonClient(configuration: configuration, logger: quiet)
            return Stack(
                standIn: standIn, client: client,
                service: Market(source: .simulated, provider: client, now: { Date() }), server: server)
        }

        func stop() { server.cancel() }
    }
}
