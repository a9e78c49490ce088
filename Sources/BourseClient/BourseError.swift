/// What went wrong with a call, as an app shows it: each case says what to do next.
public enum BourseError: Error, Sendable, Equatable {
    /// 401: no token, or a token that was revoked or never existed. Sign in again (a new token).
    case signInRequired
    /// 403: the account may not do this (a viewer placing an order), or the request came from another site.
    case forbidden(reason: String)
    /// 404: no such stock, order, alert or product, or another person's (never told apart).
    case notFound(reason: String)
    /// 400, 413, 415: the request was refused as it is; `reason` says why in words (a price off
    /// the tick, a symbol that cannot be one).
    case rejected(reason: String)
    /// 409: the request clashes with what is there (an order already filled, a stock already on
    /// the list, the same alert already set).
    case conflict(reason: String)
    /// 429, 502, 503: the market-data source (or the exchange's desk) cannot answer now: try
    /// again after `retryAfter` seconds when the server says how long.
    case sourceUnavailable(reason: String, retryAfter: Int?)
    /// The server could not be reached (refused, timed out, a name that does not resolve).
    case unreachable(reason: String)
    /// Any other answer: a status the document does not give this call, or a body that is not its shape.
    case unexpected(status: Int?, reason: String)
}

extension BourseError: CustomStringConvertible {
    /// One line for a person.
    public var description: String {
        switch self {
        case .signInRequired: "sign-in required: the token is missing, wrong or revoked"
        case .forbidden(let reason), .notFound(let reason), .rejected(let reason), .conflict(let reason): reason
        case .sourceUnavailable(let reason, let retryAfter):
            reason + (retryAfter.map { " (retry after \($0) s)" } ?? "")
        case .unreachable(let reason): "cannot reach the server: \(reason)"
        case .unexpected(let status, let reason): (status.map { "HTTP \($0): " } ?? "") + reason
        }
    }
}
