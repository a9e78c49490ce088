import Foundation
import MarketData

/// How the client reaches Polygon (or the embedded stand-in that speaks its protocol).
public struct PolygonConfiguration: Sendable, Equatable {
    /// Where the API lives; request paths such as `/v3/reference/tickers` are appended to it.
    public var baseURL: URL
    /// The API key; nil sends no key (the stand-in does not need one).
    public var apiKey: String?
    /// How the key travels with each request.
    public var keyPlacement: KeyPlacement
    /// The most requests sent in any 60-second window (Polygon's free tier allows 5).
    public var requestsPerMinute: Int
    /// When and how long to retry after a 429, a 5xx or a network failure.
    public var retry: RetryPolicy
    /// How long to wait for the source when an expired answer is cached: after this, the cached
    /// answer is served marked stale and the request finishes in the background to refresh the
    /// cache. Nil waits for the source (then falls back to the cache only if it fails).
    public var patience: Duration?
    /// The most a request may take when nothing is cached (every attempt, wait and retry
    /// together): past it the caller gets `onItsWay` (a 503 with `Retry-After` that the pages
    /// show as loading, naming the rate limit when requests wait for it) and the request goes on
    /// in the background to fill the cache. Nil: no limit.
    public var deadline: Duration?
    /// The largest answer taken from the source: a larger one is a failure of the source (the
    /// saved answer is served stale, or an error), never stored. 16 MB: the whole market's
    /// snapshot (about 12,000 stocks) is the largest real answer, 6 to 10 MB.
    public var maxAnswerBytes: Int = 16 << 20
    /// The most requests one client (an address) may have waiting for the rate limiter at once:
    /// its fair share of the queue. One more is refused at once (a 429 with `Retry-After`).
    public var maxWaitingPerClient: Int = 10
    /// How long a decoded answer is used from memory before the database is asked again whether
    /// it still holds that answer (`DecodedAnswers`).
    public var hotCacheAge: Duration = .seconds(10)

    /// Massive's public REST endpoint (Polygon.io's until October 2025; `api.polygon.io` still answers).
    public static let defaultBaseURL = URL(string: "https://api.massive.com")!
    /// Massive's free tier (Stocks Basic): 5 requests a minute, the default rate.
    public static let freeTierRequestsPerMinute = 5

    public init(
        baseURL: URL = PolygonConfiguration.defaultBaseURL,
        apiKey: String? = nil,
        keyPlacement: KeyPlacement = .queryParameter,
        requestsPerMinute: Int = freeTierRequestsPerMinute,
        retry: RetryPolicy = RetryPolicy(),
        patience: Duration? = nil,
        deadline: Duration? = nil
    ) {
        self.deadline = deadline
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.keyPlacement = keyPlacement
        self.requestsPerMinute = requestsPerMinute
        self.retry = retry
        self.patience = patience
    }
}

/// Where the API key goes in a request; Polygon accepts both.
public enum KeyPlacement: String, Sendable, Equatable, CaseIterable {
    /// As the `apiKey=` query item.
    case queryParameter
    /// As `Authorization: Bearer <key>`.
    case bearerHeader
}

/// Bounds on retrying a request that failed for a reason that may pass.
public struct RetryPolicy: Sendable, Equatable {
    /// Attempts in all, the first included; 1 means no retry.
    public var maxAttempts: Int
    /// The wait after the first failure; it doubles after each further one.
    public var baseBackoff: Duration
    /// The longest backoff between two attempts after a 5xx or a network error.
    public var maxBackoff: Duration
    /// The longest wait accepted after a 429; a longer `Retry-After` gives up at once.
    public var maxRateLimitWait: Duration

    public init(
        maxAttempts: Int = 3,
        baseBackoff: Duration = .seconds(1),
        maxBackoff: Duration = .seconds(30),
        maxRateLimitWait: Duration = .seconds(65)
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseBackoff = baseBackoff
        self.maxBackoff = maxBackoff
        self.maxRateLimitWait = maxRateLimitWait
    }

    /// The exponential backoff before attempt `attempt + 1`, after `attempt` failures (1-based).
    public func backoff(afterAttempt attempt: Int) -> Duration {
        let doublings = min(max(attempt - 1, 0), 30)
        let wait = baseBackoff * (1 << doublings)
        return min(wait, maxBackoff)
    }
}
