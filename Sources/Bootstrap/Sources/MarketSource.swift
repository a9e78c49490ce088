import BourseCore
import Foundation
import Logging
import MarketData
import MarketDataLive
import Metrics

/// The market: Massive (formerly Polygon.io) when `MASSIVE_API_KEY` or `POLYGON_API_KEY` is set, else the embedded simulated market,
/// spoken to over HTTP by the same client.
public enum MarketSource {
    /// The market `settings` ask for, caching every answer in `cache`.
    ///
    /// - Parameters:
    ///   - embedded: the running stand-ins; must include the market when the settings have no key.
    ///   - servingPages: for `bourse serve`: requests have the source deadline.
    ///   - metrics: where the client's requests, limiter waits and cache results are counted.
    ///   - sends: the sends every instance on the database counts against a real source's limit
    ///     (SPEC §15); the embedded simulated market is each instance's own, and counts alone.
    public static func make(
        settings: SourceSettings, cache: any AnswerStore, sends: (any SendLedger)? = nil, embedded: EmbeddedServices?,
        simulatedRateLimit: Int? = nil, servingPages: Bool = false, logger: Logger,
        metrics: any MetricsFactory = NOOPMetricsHandler.instance,
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws -> Market {
        var configuration = settings.polygon
        // A page never waits long on a slow source when the database has an answer.
        configuration.patience = .milliseconds(1500)
        // With nothing saved, a page waits at most this for the source (a 503 "try again" after);
        // a command waits for its answer.
        if servingPages { configuration.deadline = .seconds(settings.sourceDeadlineSeconds) }
        if settings.marketKind == .simulated {
            guard let embedded, embedded.polygon != nil else { throw BootstrapError.missingStandIn("the simulated market") }
            configuration.baseURL = embedded.baseURL
            // Local and free: the client paces itself only when the stand-in is told to limit.
            configuration.requestsPerMinute = simulatedRateLimit ?? 6000
        }
        let client = PolygonClient(
            configuration: configuration, cache: cache, now: now, logger: logger, metrics: metrics,
            sends: settings.marketKind == .polygon ? sends : nil)
        // On a real key the lists are priced from one snapshot when the tier allows it (a 403 is
        // remembered); pages answer within the deadline, with prices pending past 2 s.
        return Market(
            source: settings.marketKind, provider: client, snapshots: settings.marketKind == .polygon,
            pricingPatience: servingPages ? pricingPatience : nil,
            deadline: servingPages ? .seconds(settings.sourceDeadlineSeconds) : nil, now: now)
    }

    /// How long a page waits for the list's prices before answering with them pending.
    public static let pricingPatience = Duration.seconds(2)

    /// Asks for the list's prices at once, ahead of any background work: on the free tier they
    /// are the first of the minute's 5 requests (docs/market-data.md). The task ends with the
    /// quotes of `symbols`, or nil when the source failed; it waits as long as the source takes
    /// (background work: on a busy machine the simulated market's day takes more than a page's
    /// deadline, and the feed must still open at the list's price).
    public static func warmUp(_ market: Market, symbols: [String]) -> Task<[String: Quote]?, Never> {
        Task { try? await market.quotesWithoutDeadline(for: symbols).value }
    }
}

/// The bootstrap was asked to wire something it was not given (a bug, not a bad setting).
enum BootstrapError: Error, CustomStringConvertible {
    case missingStandIn(String)

    var description: String {
        switch self {
        case .missingStandIn(let what): "internal error: \(what) was not started"
        }
    }
}
