/// Why market data could not be had. Messages never contain the API key.
public enum MarketDataError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The source does not know this symbol (404, or an empty `results` for a details call).
    case unknownSymbol(String)
    /// The source refused the key or the plan (401/403), with the source's own message.
    case notAuthorized(String)
    /// Still rate limited after backing off, with nothing cached to fall back to.
    case rateLimited(retryAfterSeconds: Int)
    /// This client already has its fair share of requests waiting for the source's rate limit
    /// (`SourceCaller`), with nothing cached to fall back to: the client's fault, a 429.
    case tooManyWaiting(retryAfterSeconds: Int)
    /// The source could not be reached or kept failing (5xx), with nothing cached to fall back to.
    case unavailable(String)
    /// The answer did not come by the caller's deadline, and nothing is saved: it is still on its
    /// way (waiting for the source's rate limit, or a slow source) and is saved when it comes.
    /// `reason` says why in a person's words ("Massive's free tier allows 5 requests a minute").
    case onItsWay(retryAfterSeconds: Int, reason: String)
    /// The source answered with something that is not the documented shape.
    case invalidResponse(String)
    /// The request itself was wrong (a 400 from the source, or a bad argument caught first).
    case badRequest(String)

    public var description: String {
        switch self {
        case .unknownSymbol(let symbol): return "unknown symbol \(symbol)"
        case .notAuthorized(let message): return "the market data source refused the request: \(message)"
        case .rateLimited(let seconds): return "rate limited by the market data source, retry in \(seconds) s"
        case .tooManyWaiting(let seconds):
            return "too many of your requests are waiting for the market data source's rate limit, retry in \(seconds) s"
        case .unavailable(let message): return "the market data source is unavailable: \(message)"
        case .onItsWay(let seconds, let reason):
            return "on its way from the market data source (\(reason)); it is saved when it comes: try again in \(seconds) s"
        case .invalidResponse(let message): return "the market data source sent an unexpected answer: \(message)"
        case .badRequest(let message): return "bad market data request: \(message)"
        }
    }
}
