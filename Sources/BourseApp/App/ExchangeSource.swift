import BourseCore
import Exchange
import Foundation
import Logging

/// Where the exchange's feed comes from: `BOURSE_FEED_URL` (a `ws://` or `wss://` URL) when
/// set, else the embedded feed simulator, spoken to over WebSocket by the same client.
public enum ExchangeSource {
    /// The feed URL and the source's name ("feed" or "simulated").
    public static func feed(environment: [String: String], embeddedFeedURL: URL) throws(ExchangeSourceError) -> (url: URL, source: String) {
        guard let text = environment["BOURSE_FEED_URL"], !text.isEmpty else { return (embeddedFeedURL, "simulated") }
        guard let url = feedURL(text) else { throw .badFeedURL }
        return (url, "feed")
    }

    /// `text` as a feed URL: `ws://` or `wss://` with a host; nil for anything else.
    public static func feedURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "ws" || scheme == "wss",
            url.host != nil
        else { return nil }
        return url
    }

    /// Opens the desk on `store` (its open orders resume) and starts the feed client feeding it.
    /// Cancel the returned task to stop the client.
    public static func start(
        store: any OrderStore, feedURL: URL, logger: Logger
    ) throws -> (desk: TradingDesk, client: Task<Void, Never>) {
        let desk = try TradingDesk(store: store, logger: logger)
        let client = FeedClient(url: feedURL, logger: logger)
        let task = Task { await client.run { event in await desk.handle(event) } }
        return (desk, task)
    }
}

/// A feed configuration that cannot work.
public enum ExchangeSourceError: Error, CustomStringConvertible {
    case badFeedURL

    // The URL itself is not repeated: it may carry a token.
    public var description: String {
        "BOURSE_FEED_URL must be a ws:// or wss:// URL with a host, e.g. ws://127.0.0.1:8081/feed"
    }
}
