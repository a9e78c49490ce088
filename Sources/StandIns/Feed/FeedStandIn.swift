import BourseCore
import BundledData
import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import Synchronization

/// The exchange feed stand-in: one simulated market that publishes ticks at a steady rate to
/// every client of the WebSocket `GET /feed` (see `docs/feed-protocol.md`).
///
/// The market moves whether or not anyone listens (`run()` drives it); a client that connects
/// receives the latest tick at once, then every tick as it is made. For tests and demos it can
/// misbehave on purpose: drop every connection, send a message that is not a tick, skip
/// sequence numbers, or pause.
public final class FeedStandIn: Sendable {
    /// The market it simulates (its start price may be set once more by `restart(from:)`).
    public var simulator: FeedSimulator.Configuration { state.withLock { $0.simulator.configuration } }
    /// Ticks published per second.
    public let ticksPerSecond: Double
    /// Messages a connection may fall behind by before its oldest are dropped.
    public let clientBuffer: Int
    /// Who may use the Alpaca and Massive streams, on which plan (`FeedStandIn+Providers`).
    public let providerAccess: ProviderAccess
    private let clock: @Sendable () -> Date
    let state: Mutex<FeedBroadcast>

    /// A stand-in for the market `simulator` describes, publishing `ticksPerSecond` ticks a second
    /// (at least 0.1); `clock` stamps the ticks; `providerAccess` rules the Alpaca and Massive streams.
    public init(
        simulator: FeedSimulator.Configuration, ticksPerSecond: Double = 5, clientBuffer: Int = 64,
        providerAccess: ProviderAccess = ProviderAccess(), clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.ticksPerSecond = max(ticksPerSecond, 0.1)
        self.clientBuffer = max(clientBuffer, 1)
        self.providerAccess = providerAccess
        self.clock = clock
        state = Mutex(FeedBroadcast(simulator: FeedSimulator(simulator)))
    }

    /// A stand-in for `symbol` starting from its bundled price level (its last close in the
    /// shipped data), or 100.00 for a symbol without one.
    public static func bundled(
        symbol: String = "AAPL", seed: UInt64 = 1, ticksPerSecond: Double = 5,
        providerAccess: ProviderAccess = ProviderAccess(), clock: @escaping @Sendable () -> Date = { Date() }
    ) -> FeedStandIn {
        let symbol = symbol.uppercased()
        return FeedStandIn(
            simulator: .init(symbol: symbol, startPrice: bundledStartPrice(for: symbol), seed: seed),
            ticksPerSecond: ticksPerSecond, providerAccess: providerAccess, clock: clock)
    }

    /// The bundled last close of `symbol` on the tick size, or 100.00.
    public static func bundledStartPrice(for symbol: String) -> Price {
        let levels = (try? BundledData.priceLevels()) ?? []
        guard let level = levels.first(where: { $0.symbol == symbol }),
            let price = try? Price(level.lastClose.rounded(toPlaces: Price.places, .halfEven)), price.ticks > 0
        else { return Price(ticks: 100_00) }
        return price
    }

    /// Starts the market over from `price`, keeping its symbol, seed and connections: the app
    /// calls it before the first tick with the simulated market's last close, so that the
    /// exchange and the stock's page show the same price when the app starts.
    public func restart(from price: Price) {
        state.withLock { broadcast in
            var configuration = broadcast.simulator.configuration
            configuration.startPrice = price
            broadcast.simulator = FeedSimulator(configuration)
        }
    }

    // MARK: - Serving

    /// Adds `GET /feed`, the WebSocket, and the provider streams (`/v2/iex`, `/v2/sip`,
    /// `/stocks`) to a WebSocket router.
    public func addRoutes(to router: Router<BasicWebSocketRequestContext>) {
        router.ws("feed") { inbound, outbound, _ in
            try await self.serve(inbound: inbound, outbound: outbound)
        }
        addProviderRoutes(to: router)
    }

    /// One connection: the subscriber's messages go out while the inbound side is read (and
    /// ignored) so that pings are answered and a close is noticed; whichever ends first ends both.
    private func serve(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
        let (id, messages) = subscribe()
        defer { unsubscribe(id) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for await text in messages { try await outbound.writeTextMessage(text) }
            }
            group.addTask {
                for try await _ in inbound {}
            }
            try await group.next()
            group.cancelAll()
        }
    }

    /// A new subscriber's messages: the latest tick at once, then each message as it is sent.
    func subscribe() -> (id: Int, messages: AsyncStream<String>) {
        state.withLock { $0.subscribe(buffer: clientBuffer) }
    }

    func unsubscribe(_ id: Int) {
        state.withLock { $0.unsubscribe(id) }
    }

    /// A server on `host:port` serving the feed alone; `onServerRunning` receives the bound port
    /// (useful with port 0). The market moves only while `run()` runs.
    public func makeApplication(
        host: String = "127.0.0.1", port: Int = 8082, logger: Logger? = nil,
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let webSocketRouter = Router(context: BasicWebSocketRequestContext.self)
        addRoutes(to: webSocketRouter)
        return Application(
            router: Router(context: BasicRequestContext.self),
            server: .http1WebSocketUpgrade(webSocketRouter: webSocketRouter),
            configuration: .init(address: .hostname(host, port: port), serverName: "bourse-feed-stand-in"),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? port) },
            logger: logger)
    }

    // MARK: - The market's clock

    /// Publishes ticks at `ticksPerSecond` until the task is cancelled. Ticks keep to a fixed
    /// schedule; after a stall (a suspended process) it resumes from now rather than catching up.
    public func run() async {
        let clock = ContinuousClock()
        let interval = Duration.seconds(1 / ticksPerSecond)
        var deadline = clock.now
        while !Task.isCancelled {
            state.withLock { $0.publishNext(at: self.clock()) }
            deadline = deadline.advanced(by: interval)
            if clock.now - deadline > interval { deadline = clock.now }
            do { try await Task.sleep(until: deadline, clock: clock) } catch { break }
        }
    }

    /// Starts `run()` in a task; cancel the task to stop the market.
    public func start() -> Task<Void, Never> {
        Task { await self.run() }
    }

    // MARK: - Looking in

    /// The last tick published, if any.
    public var latestTick: FeedTick? { state.withLock { $0.latest } }
    /// The number of ticks published so far.
    public var publishedCount: Int { state.withLock { $0.published } }
    /// The number of open connections to `/feed`.
    public var connectionCount: Int { state.withLock { $0.subscribers.count } }
    /// The number of open connections to the provider streams (Alpaca, Massive).
    public var providerConnectionCount: Int { state.withLock { $0.providers.count } }

    // MARK: - Fault injection

    /// Closes every connection, the provider streams' too (clients are expected to reconnect).
    public func dropConnections() {
        state.withLock { $0.dropAll() }
    }

    /// Sends `text`, which should not be a valid tick, to every connection.
    public func sendGarbage(_ text: String = "this is not a tick") {
        state.withLock { $0.send(text) }
    }

    /// Skips `count` sequence numbers: the next tick's `seq` is `count` higher than it would be.
    public func skipSequenceNumbers(_ count: Int64) {
        state.withLock { $0.simulator.skipSequenceNumbers(count) }
    }

    /// Stops publishing (connections stay open and quiet) until `resume()`.
    public func pause() {
        state.withLock { $0.paused = true }
    }

    /// Publishes again after `pause()`.
    public func resume() {
        state.withLock { $0.paused = false }
    }
}
