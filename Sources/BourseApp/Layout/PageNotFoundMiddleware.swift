import Hummingbird

/// Answers a browser's request for a path that is no page with the HTML "Page not found" page
/// instead of the API's JSON 404.
///
/// Only GET requests that accept `text/html` and lie outside `/api/` and `/assets/` get the page:
/// scripts and API clients keep their JSON errors. Add it inside `ErrorMiddleware`, which would
/// otherwise turn the 404 into JSON first.
struct PageNotFoundMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The market's source for the page's header badge, as on every page of the app.
    var sourceLabel: String? = nil

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound && Self.wantsPage(request) {
            return try HTMLPage(status: .notFound, html: NotFoundPage.render(path: request.uri.path, sourceLabel: sourceLabel))
                .response(from: request, context: context)
        }
    }

    static func wantsPage(_ request: Request) -> Bool {
        let path = request.uri.path
        guard request.method == .get, !path.hasPrefix("/api/"), !path.hasPrefix("/assets/") else { return false }
        return request.headers[.accept]?.contains("text/html") == true
    }
}
