import Hummingbird

/// The stylesheet and scripts the pages use, served by the app itself from string constants
/// (no bundle to ship, no network): `/assets/bourse.css`, `/assets/bourse.js`, `/assets/gnb.js`,
/// `/assets/chart.js` (charts' crosshair), `/assets/search-box.js` (the header's stock search),
/// `/assets/market-format.js`, `/assets/markets.js` and `/assets/stock.js` (the markets screens),
/// and `/assets/exchange.css` with `/assets/exchange.js` (the exchange screen; its styles are a
/// file of their own so that the markets pages stay within their 50 KB page weight).
enum Assets {
    /// One file served under `/assets/`.
    struct Asset: Sendable {
        let contentType: String
        let body: String
        /// A short hash of the body: pages link `?v=<version>`, so a changed file is a new URL.
        let version: String

        init(contentType: String, body: String) {
            self.contentType = contentType
            self.body = body
            self.version = Self.fnv1a(body)
        }

        private static func fnv1a(_ text: String) -> String {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in text.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
            return String(hash, radix: 16)
        }
    }

    static let all: [String: Asset] = [
        "bourse.css": Asset(contentType: "text/css; charset=utf-8", body: stylesheet + chartStylesheet + "\n" + marketsStylesheet),
        "bourse.js": Asset(contentType: "text/javascript; charset=utf-8", body: pageScript),
        "gnb.js": Asset(contentType: "text/javascript; charset=utf-8", body: gnbScript),
        "chart.js": Asset(contentType: "text/javascript; charset=utf-8", body: chartScript),
        "search-box.js": Asset(contentType: "text/javascript; charset=utf-8", body: searchBoxScript),
        "market-format.js": Asset(contentType: "text/javascript; charset=utf-8", body: marketFormatScript),
        "markets.js": Asset(contentType: "text/javascript; charset=utf-8", body: marketsListScript),
        "stock.js": Asset(contentType: "text/javascript; charset=utf-8", body: stockPageScript),
        "exchange.css": Asset(contentType: "text/css; charset=utf-8", body: exchangeStylesheet),
        "exchange.js": Asset(contentType: "text/javascript; charset=utf-8", body: exchangeScript),
    ]

    /// The versioned URL of an asset, for a page to link.
    static func url(for name: String) -> String {
        guard let asset = all[name] else { return "/assets/\(name)" }
        return "/assets/\(name)?v=\(asset.version)"
    }

    /// The answer for `/assets/{name}`: cached for a year when asked for by its current
    /// versioned URL, otherwise revalidated each time.
    static func response(name: String, request: Request) throws -> Response {
        guard let asset = all[name] else {
            throw HTTPError(.notFound)
        }
        let versioned = request.uri.queryParameters.get("v") == asset.version
        let headers: HTTPFields = [
            .contentType: asset.contentType,
            .xContentTypeOptions: "nosniff",
            .cacheControl: versioned ? "public, max-age=31536000, immutable" : "no-cache",
        ]
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: asset.body)))
    }
}

/// Serves the app's stylesheet and scripts under `/assets/`.
public func addAssets<Context: RequestContext>(to router: Router<Context>) {
    router.get("assets/:name") { request, context in
        try Assets.response(name: try context.parameters.require("name"), request: request)
    }
}
