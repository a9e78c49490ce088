import BourseCore
import Foundation
import Logging
import MarketData
import Metrics
import Networking

/// The Polygon REST client: rate limited, coalescing, cached, and careful with the key.
///
/// One instance is meant to be shared by the whole process: its rate limiter counts every
/// request it sends, whoever asked. Works the same against the embedded stand-in.
public final class PolygonClient: MarketDataProvider {
    public let configuration: PolygonConfiguration
    let transport: any HTTPTransport
    let cache: any AnswerStore
    let clock: any SleepingClock
    let now: @Sendable () -> Date
    let freshness: FreshnessPolicy
    let logger: Logger
    let limiter: SlidingWindowRateLimiter
    let coalescer: RequestCoalescer
    /// The hot cache: fresh decoded answers in memory, in front of `cache`.
    let decoded: DecodedAnswers
    let redactor: KeyRedactor
    let onEvent: @Sendable (PolygonClientEvent) -> Void
    let metrics: PolygonMetrics
    /// The sends every instance on the database counts, when there is one (SPEC §15).
    let sharedTurn: SharedTurn?

    /// A client speaking to `configuration.baseURL` through `transport`.
    ///
    /// - Parameters:
    ///   - cache: where every answer is kept; the database cache in production.
    ///   - clock: paces the rate limiter and the retry backoff.
    ///   - now: the wall-clock time stamped on cached answers and compared with their freshness.
    ///   - freshness: how long each kind of answer stays fresh.
    ///   - onEvent: told of waits, retries and stale answers, to show them to the user.
    ///   - metrics: where requests, limiter waits and cache results are counted (`PolygonMetrics`).
    ///   - sends: the sends every instance on the database shares (SPEC §15); nil: this client
    ///     counts its own alone.
    ///   - sendsAnchor: the real time when `clock` reads now: the sends are counted in real time
    ///     (tests set it, to drive it with their clock).
    public init(
        configuration: PolygonConfiguration,
        transport: (any HTTPTransport)? = nil,
        cache: any AnswerStore = InMemoryAnswerStore(),
        clock: any SleepingClock = SystemSleepingClock(),
        now: @escaping @Sendable () -> Date = { Date() },
        freshness: FreshnessPolicy = .standard(),
        logger: Logger = Logger(label: "bourse.polygon"),
        metrics: any MetricsFactory = NOOPMetricsHandler.instance,
        sends: (any SendLedger)? = nil,
        sendsAnchor: Date = Date(),
        onEvent: @escaping @Sendable (PolygonClientEvent) -> Void = { _ in }
    ) {
        self.onEvent = onEvent
        self.metrics = PolygonMetrics(factory: metrics)
        self.configuration = configuration
        self.decoded = DecodedAnswers(maximumAge: configuration.hotCacheAge)
        // The transport stops reading past the largest answer taken (plus one byte, to know).
        self.transport = transport ?? AsyncHTTPClientTransport(maxBodyBytes: configuration.maxAnswerBytes + 1)
        self.cache = cache
        self.clock = clock
        self.now = now
        self.freshness = freshness
        self.logger = logger
        self.limiter = SlidingWindowRateLimiter(
            limit: configuration.requestsPerMinute, maxWaitingPerClient: configuration.maxWaitingPerClient, clock: clock)
        self.redactor = KeyRedactor(apiKey: configuration.apiKey)
        let limiter = self.limiter
        self.sharedTurn = sends.map { ledger in
            SharedTurn(
                ledger: ledger, source: "polygon:\(configuration.baseURL.absoluteString)", limit: limiter.limit,
                reservedForPeople: limiter.reservedForPeople, window: limiter.window, clock: clock, anchor: sendsAnchor,
                anchorReading: clock.now(), logger: logger)
        }
        // A person joining a background fetch waiting for a slot lifts it: the limiter looks again.
        self.coalescer = RequestCoalescer(lifted: { [limiter] in await limiter.reconsider() })
    }

    /// A live client configured from `environment`'s `POLYGON_API_KEY`, `POLYGON_BASE_URL`,
    /// `POLYGON_RATE_LIMIT` and `POLYGON_KEY_IN`, on AsyncHTTPClient and the real clock. The caller
    /// hands the environment in (only the bootstrap reads the process's).
    public static func live(
        environment: [String: String],
        cache: any AnswerStore = InMemoryAnswerStore(),
        freshness: FreshnessPolicy = .standard(),
        logger: Logger = Logger(label: "bourse.polygon"),
        onEvent: @escaping @Sendable (PolygonClientEvent) -> Void = { _ in }
    ) throws(PolygonConfigurationError) -> PolygonClient {
        PolygonClient(
            configuration: try PolygonConfiguration(environment: environment),
            cache: cache, freshness: freshness, logger: logger, onEvent: onEvent)
    }

    public func tickers(_ query: TickerQuery) async throws(MarketDataError) -> Fetched<TickerPage> {
        guard (1...1000).contains(query.limit) else {
            throw .badRequest("a ticker page holds 1 to 1000 tickers, not \(query.limit)")
        }
        return try await fetch(.tickers(query), decode: PolygonDecoding.tickerPage)
    }

    public func tickerDetails(_ symbol: String) async throws(MarketDataError) -> Fetched<TickerDetails> {
        try Self.validate(symbol: symbol)
        return try await fetch(.tickerDetails(symbol)) { body throws(MarketDataError) in
            try PolygonDecoding.tickerDetails(body, symbol: symbol)
        }
    }

    public func aggregates(_ request: AggregatesRequest) async throws(MarketDataError) -> Fetched<[Bar]> {
        try Self.validate(symbol: request.symbol)
        guard request.multiplier >= 1 else {
            throw .badRequest("the bar multiplier must be 1 or more, not \(request.multiplier)")
        }
        guard request.from <= request.to else {
            throw .badRequest("the range starts (\(request.from)) after it ends (\(request.to))")
        }
        return try await fetchAllPages(.aggregates(request))
    }

    public func groupedDaily(_ date: MarketDate) async throws(MarketDataError) -> Fetched<[String: Bar]> {
        try await fetch(.groupedDaily(date), decode: PolygonDecoding.groupedDaily)
    }

    public func previousClose(_ symbol: String) async throws(MarketDataError) -> Fetched<Bar?> {
        try Self.validate(symbol: symbol)
        return try await fetch(.previousClose(symbol), decode: PolygonDecoding.previousClose)
    }

    public func snapshots() async throws(MarketDataError) -> Fetched<MarketSnapshot> {
        try await fetch(.snapshots(), decode: PolygonDecoding.snapshots)
    }

    public func snapshot(_ symbol: String) async throws(MarketDataError) -> Fetched<MarketSnapshot> {
        try Self.validate(symbol: symbol)
        return try await fetch(.snapshot(symbol), decode: PolygonDecoding.snapshot)
    }

    /// Symbols are letters, digits, `.` and `-` (BRK.A, BF-B), up to 20 of them.
    static func validate(symbol: String) throws(MarketDataError) {
        let allowed = symbol.unicodeScalars.allSatisfy {
            ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "." || $0 == "-"
        }
        guard !symbol.isEmpty, symbol.count <= 20, allowed else {
            throw .badRequest("'\(symbol)' is not a ticker symbol (letters, digits, '.' and '-')")
        }
    }
}
