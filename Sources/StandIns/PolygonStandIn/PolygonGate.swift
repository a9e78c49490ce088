import Foundation
import Hummingbird

/// Counts every request and, with a rate limit, refuses those over it with Polygon's 429 body.
struct PolygonGate<Context: RequestContext>: RouterMiddleware {
    let standIn: PolygonStandIn
    /// Whether a path no route matched is answered here (a 400 in Polygon's shape).
    let answersUnknownPaths: Bool

    /// Polygon's rate-limit answer, word for word.
    static var rateLimitBody: String {
        #"{"status":"ERROR","error":"You've exceeded the maximum requests per minute, please wait or upgrade your subscription to continue. https://polygon.io/pricing"}"#
    }

    /// What the stand-in answers during an outage (`PolygonStandIn.isDown`).
    static var outageBody: String { #"{"status":"ERROR","error":"The service is temporarily unavailable."}"# }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        standIn.served.add(1, ordering: .relaxed)
        if standIn.isDown {
            return PolygonStandIn.json(text: Self.outageBody, status: .serviceUnavailable)
        }
        if let window = standIn.window, !window.admit(at: standIn.clock()) {
            return PolygonStandIn.json(text: Self.rateLimitBody, status: .tooManyRequests)
        }
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound && answersUnknownPaths {
            // The client asked for an endpoint that does not exist (a misspelling, a missing segment).
            return PolygonStandIn.json(
                PolygonFailure.badRequest(
                    "Unknown path '\(request.uri.path)'; see the Polygon REST API for the supported endpoints."
                )
                .body(requestID: PolygonStandIn.requestID(for: request)),
                status: .badRequest)
        }
    }
}
