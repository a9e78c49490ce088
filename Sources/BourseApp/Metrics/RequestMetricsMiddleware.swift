import Hummingbird
import Metrics
import Synchronization

/// Counts every request by route, method and status, and times it
/// (`bourse_http_requests_total`, `bourse_http_request_duration_seconds`).
///
/// The route is the pattern that matched (`/api/v1/stocks/{symbol}`), never the path itself,
/// so a scan of made-up paths adds one series (`NotFound`), not one per path. It runs outside
/// `ErrorMiddleware`, so an error is counted with the status its answer has. The duration ends
/// when the answer is ready to be written (the app's bodies are made whole before that).
struct RequestMetricsMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let series: RequestSeries

    init(factory: any MetricsFactory) {
        series = RequestSeries(factory: factory)
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        let start = ContinuousClock.now
        let route = context.endpointPath ?? "NotFound"
        do {
            let response = try await next(request, context)
            series.record(route: route, method: request.method, status: response.status.code, since: start)
            return response
        } catch {
            // Only what ErrorMiddleware passes on (a refused socket upgrade, a lost connection).
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            series.record(route: route, method: request.method, status: status, since: start)
            throw error
        }
    }
}

/// The counter and timer of each route, method and status seen, made once and kept.
final class RequestSeries: Sendable {
    struct Key: Hashable {
        let route: String
        let method: HTTPRequest.Method
        let status: Int
    }

    struct Handles: Sendable {
        let requests: Counter
        let duration: Timer
    }

    private let factory: any MetricsFactory
    private let made = Mutex<[Key: Handles]>([:])

    init(factory: any MetricsFactory) {
        self.factory = factory
    }

    func record(route: String, method: HTTPRequest.Method, status: Int, since start: ContinuousClock.Instant) {
        let handles = handles(route: route, method: method, status: status)
        handles.requests.increment()
        handles.duration.record(duration: start.duration(to: .now))
    }

    private func handles(route: String, method: HTTPRequest.Method, status: Int) -> Handles {
        let key = Key(route: route, method: method, status: status)
        return made.withLock { made in
            if let handles = made[key] { return handles }
            let dimensions = [("route", route), ("method", method.rawValue), ("status", String(status))]
            let handles = Handles(
                requests: Counter(label: "bourse_http_requests_total", dimensions: dimensions, factory: factory),
                duration: Timer(label: "bourse_http_request_duration_seconds", dimensions: dimensions, factory: factory))
            made[key] = handles
            return handles
        }
    }
}
