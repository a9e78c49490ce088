import Foundation
import Hummingbird

/// Counts every request; with a rate limit, refuses those over it with Polygon's 429 body; on the
/// free tier, refuses the paid-only endpoints with Massive's 403; holds the answers to slow paths
/// back; and writes each answer's line to the request log.
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
        let outcome: Result<Response, any Error>
        do {
            outcome = .success(try await answer(request, context: context, next: next))
        } catch {
            outcome = .failure(error)
        }
        if let delay = PathDelay.delay(forPath: request.uri.path, in: standIn.delays) {
            try await Task.sleep(for: delay)
        }
        if let log = standIn.requestLog {
            let status: HTTPResponse.Status =
                switch outcome {
                case .success(let response): response.status
                case .failure(let error as any HTTPResponseError): error.status
                case .failure: .internalServerError
                }
            log.record(status: status.code, path: request.uri.path, query: request.uri.query)
        }
        return try outcome.get()
    }

    private func answer(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if standIn.isDown {
            return PolygonStandIn.json(text: Self.outageBody, status: .serviceUnavailable)
        }
        if let window = standIn.window, !window.admit(at: standIn.clock()) {
            return PolygonStandIn.json(text: Self.rateLimitBody, status: .tooManyRequests)
        }
        if !standIn.tier.allows(path: request.uri.path) {
            let failure = PolygonFailure.notAuthorized
            return PolygonStandIn.json(
                failure.body(requestID: PolygonStandIn.requestID(for: request)), status: failure.httpStatus)
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
