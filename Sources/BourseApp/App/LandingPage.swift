import Hummingbird

/// The page at `/` until the screens arrive: what is running and where the API is.
struct LandingPage: ResponseGenerator {
    let source: String

    func response(from request: Request, context: some RequestContext) throws -> Response {
        let label = source == "simulated" ? "Simulated market" : "Polygon.io"
        let html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Bourse</title></head>
            <body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem">
            <h1>Bourse</h1>
            <p>Data source: <strong>\(HTML.escape(label))</strong></p>
            <ul>
            <li><a href="/api/v1/tickers?limit=20">/api/v1/tickers?limit=20</a></li>
            <li><a href="/api/v1/stocks/AAPL">/api/v1/stocks/AAPL</a></li>
            <li><a href="/api/v1/stocks/AAPL/bars?range=1M">/api/v1/stocks/AAPL/bars?range=1M</a></li>
            </ul>
            </body></html>
            """
        return Response(
            status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: html)))
    }
}
