import BourseCore
import Exchange
import ExchangeLive
import FeedProviders
import Foundation
import Logging
import Metrics
import ServiceLifecycle

/// Where the exchange's feed comes from: `BOURSE_FEED_URL` (a `ws://` or `wss://` URL) when
/// set, else the embedded feed simulator, spoken to over WebSocket by the same client.
public enum ExchangeSource {
    /// The feed `BOURSE_FEED_URL` names, or nil when it is not set.
    public static func configuredFeedURL(_ environment: [String: String]) throws(SettingError) -> URL? {
        guard let text = environment["BOURSE_FEED_URL"], !text.isEmpty else { return nil }
        // The URL itself is not repeated: it may carry a token.
        guard let url = feedURL(text) else {
            throw SettingError(
                "BOURSE_FEED_URL", problem: "not a ws:// or wss:// URL with a host",
                fix: "set it to the feed's WebSocket URL, e.g. ws://127.0.0.1:8081/feed, or unset it for the embedded feed")
        }
        return url
    }

    /// `text` as a feed URL: `ws://` or `wss://` with a host; nil for anything else.
    public static func feedURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "ws" || scheme == "wss",
            url.host != nil
        else { return nil }
        return url
    }

    /// Opens the desk on `store` (its open orders resume) and the feed client that feeds it,
    /// speaking `dialect` (a provider's stream) or, when nil, Bourse's own protocol.
    ///
    /// Nothing runs until `services` do: register them with the application, in this order
    /// (`Application(..., services: services)`). A service group starts them in order and, on
    /// SIGTERM, shuts down the HTTP server first and then these in reverse: the broadcaster (the
    /// screens' sockets end), the desk (it refuses new orders, commits and answers those it took)
    /// and last the feed client. The database may be closed once they have all returned.
    /// The feed's events and the desk's orders are recorded in `metrics`; the desk trades during
    /// `marketHours`. With `startingCash` every account starts with that cash (nil: infinite
    /// capital).
    public static func make(
        store: any OrderStore, startingCash: StartingCash? = nil, feedURL: URL, dialect: (any FeedDialect)? = nil,
        configuration: FeedClient.Configuration = .init(), marketHours: MarketHours = .alwaysOpen, logger: Logger,
        metrics: any MetricsFactory = NOOPMetricsHandler.instance, now: @escaping @Sendable () -> Date = { Date() }
    ) async throws -> (desk: TradingDesk, services: [any Service]) {
        let desk = try await TradingDesk(
            store: store, startingCash: startingCash, now: now, marketHours: marketHours, logger: logger, metrics: metrics)
        let feedMetrics = FeedMetrics(factory: metrics)
        let client = FeedClient(url: feedURL, dialect: dialect, configuration: configuration, logger: logger)
        let feed = FeedService(client: client) { event in
            feedMetrics.record(event)
            await desk.handle(event)
        }
        return (desk, [feed, desk, desk.broadcaster])
    }
}
