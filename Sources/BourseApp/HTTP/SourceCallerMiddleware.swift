import Foundation
import HTTPTypes
import Hummingbird
import MarketData

/// Tells the market source who each request is for (`SourceCaller.current`), so its rate
/// limiter serves what a person is looking at first and shares the queue fairly by client.
///
/// The client is the address `ConnectionMiddleware` resolved (registered after it). A request is
/// interactive unless it says it is not with RFC 9218's `Priority` header at urgency 5 to 7 (the
/// pages' own refreshes of stale data send `u=6`): a client may lower its own priority, never
/// raise it above another's.
struct SourceCallerMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response
    {
        let caller = SourceCaller(priority: Self.priority(request.headers), client: context.connection.clientAddress)
        return try await SourceCaller.$current.withValue(caller) {
            try await next(request, context)
        }
    }

    /// `.background` for an RFC 9218 urgency of 5 or more (`Priority: u=6`); else `.interactive`.
    static func priority(_ headers: HTTPFields) -> SourceCaller.Priority {
        guard let field = headers[.priority] else { return .interactive }
        for member in field.split(separator: ",") {
            let parts = member.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, parts[0] == "u", let urgency = Int(parts[1]), (0...7).contains(urgency) {
                return urgency >= 5 ? .background : .interactive
            }
        }
        return .interactive
    }
}

extension HTTPField.Name {
    /// RFC 9218's `Priority` (`u=0` most urgent to `u=7`, `i` incremental).
    static let priority = HTTPField.Name("Priority")!
}
