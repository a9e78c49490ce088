import Foundation
import Hummingbird

/// The pages' scripts and stylesheets, served under `/assets/` from memory.
///
/// They are files in each feature's `Public/` folder (`Layout/Public/bourse.js`,
/// `Exchange/Public/exchange.css`, …), resources of this target (Package.swift), read from
/// `Bundle.module` once, when the router is built; a file that is missing stops the app there,
/// naming it. A script is served as exactly its file; a stylesheet is whole CSS files joined as
/// they are. Every byte of a file is served, so what a file does is said here and in
/// docs/web-pages.md rather than in a comment at its top.
enum Assets {
    /// The scripts, in the order a page loads them; each is served under its file's name.
    static let scripts = [
        // Every page: getJSON with a time limit and messages a person understands, the loading
        // and error states, the source label and the stale notice (`window.Bourse`).
        "bourse.js",
        // Every page: the header's search form as an ARIA 1.2 combobox over /api/v1/search.
        "search-box.js",
        // /gnb and /gnb/{sku}: the product list or one product, into the shell already shown.
        "gnb.js",
        // A stock's chart: the crosshair over an inline /stocks/{symbol}/chart.svg (`Bourse.chart`).
        "chart.js",
        // What the markets screens and the exchange share (`window.BourseMarkets`): the API's
        // decimals with their sign, compared exactly as text; refreshing stale data every 30 s.
        "market-format.js",
        // /: the list, 50 rows at a time as the end comes near, sorted in the browser.
        "markets.js",
        // /stocks/{symbol}: the stock's data and its chart (range and style kept in the URL).
        "stock.js",
        // /stocks/{symbol}: the ☆ Follow button (POST / DELETE /api/v1/watchlist/{symbol}).
        "follow.js",
        // / once the user follows a stock: My stocks, priced, with sparklines; Edit to reorder
        // and remove (PUT / DELETE /api/v1/watchlist).
        "watchlist.js",
        // /exchange, run in this order; they share `window.BourseExchange`. The constants, the
        // state, exact decimals (the spread) and the feed badge.
        "exchange-state.js",
        // The price chart (SVG), the book and what each tick redraws, with its latency recorded
        // in `window.bourseTickLatencies` (scripts/tick-latency.py reads it).
        "exchange-chart.js",
        // Orders merged from the API and the socket, notifications, open orders with Cancel,
        // the history, and the POST and DELETE calls.
        "exchange-orders.js",
        // The position and the order ticket.
        "exchange-ticket.js",
        // The WebSocket to /exchange/ws (snapshot, ticks, feed state, order events), reconnecting
        // with backoff.
        "exchange-socket.js",
        // Starts it all once every part is there.
        "exchange-start.js",
    ]

    /// The stylesheets: each name served and the CSS files it is made of, joined as they are.
    static let stylesheets: KeyValuePairs<String, [String]> = [
        // Every page: the layout (system fonts, light and dark palettes at AA contrast, 44 px
        // targets, one column from 320 px), the charts' colours, and the search box and markets
        // screens, and My stocks. One request, so the files end as they must to join.
        "bourse.css": ["layout.css", "chart.css", "markets.css", "watchlist.css"],
        // Only /exchange: in bourse.css, its 10 KB would put /stocks/AAPL over its 50 KB page weight.
        "exchange.css": ["exchange.css"],
    ]

    /// One file served under `/assets/`.
    struct Asset: Sendable {
        let contentType: String
        let body: ByteBuffer
        /// A short hash of the body: pages link `?v=<version>`, so a changed file is a new URL.
        let version: String

        init(contentType: String, body: ByteBuffer) {
            self.contentType = contentType
            self.body = body
            self.version = Self.fnv1a(body.readableBytesView)
        }

        private static func fnv1a(_ bytes: some Sequence<UInt8>) -> String {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
            return String(hash, radix: 16)
        }
    }

    /// A file an asset is made of is not in the bundle.
    struct MissingFile: Error, CustomStringConvertible {
        let file: String
        let bundle: String

        var description: String {
            "The asset file \(file) is not in the app's resource bundle (\(bundle)). Every script and stylesheet "
                + "lives in a Public/ folder under Sources/BourseApp, declared in Package.swift's BourseApp resources; "
                + "rebuild with `swift build`, and ship the bourse_BourseApp.resources folder next to the binary."
        }
    }

    /// Every asset, by the name pages link. Read once, on first use: `AssetsController.addRoutes(to:)` makes that the start-up.
    static let all: [String: Asset] = {
        do {
            return try load(from: .module)
        } catch {
            fatalError("\(error)")
        }
    }()

    /// The assets, read from the files in `bundle`.
    static func load(from bundle: Bundle) throws(MissingFile) -> [String: Asset] {
        func read(_ file: String) throws(MissingFile) -> ByteBuffer {
            guard let url = bundle.url(forResource: file, withExtension: nil),
                let data = FileManager.default.contents(atPath: url.path)
            else {
                throw MissingFile(file: file, bundle: bundle.bundlePath)
            }
            return ByteBuffer(bytes: data)
        }
        var assets: [String: Asset] = [:]
        for name in scripts {
            assets[name] = Asset(contentType: "text/javascript; charset=utf-8", body: try read(name))
        }
        for (name, files) in stylesheets {
            var body = ByteBuffer()
            for file in files {
                var part = try read(file)
                body.writeBuffer(&part)
            }
            assets[name] = Asset(contentType: "text/css; charset=utf-8", body: body)
        }
        return assets
    }

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
            .cacheControl: versioned ? "public, max-age=31536000, immutable" : "no-cache",
        ]
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: asset.body))
    }
}
