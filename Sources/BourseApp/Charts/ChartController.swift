import BourseCore
import Hummingbird
import MarketData
import MarketsFeature

/// `GET /stocks/{symbol}/chart.svg?range=1D|5D|1M|3M|1Y&style=line|candles&width=W&height=H`:
/// a stock's price chart as SVG, drawn on the server from the same bars as the JSON API.
///
/// Defaults: 1D, line, 800 × 320. A bad parameter is a 400 with a message, an unknown symbol a
/// 404, a source that fails with nothing saved a 503 (as JSON, like every API error).
struct ChartController: FeatureController {
    let market: Market
    /// Whether a symbol is a stock (`ListingLookup`): a symbol that is not is a 404.
    let lookup: ListingLookup

    /// The chart's allowed sizes, in SVG user units (the image still scales to its container).
    static let widths = 200...4000
    static let heights = 120...2000

    /// Adds `/stocks/{symbol}/chart.svg` to `router`.
    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("stocks/:symbol/chart.svg") { request, context in
            try await chart(request, symbol: MarketsController.listedSymbol(context, in: lookup))
        }
        router.get("stocks/:symbol/sparkline.svg") { _, context in
            try await sparkline(symbol: MarketsController.listedSymbol(context, in: lookup))
        }
    }

    func chart(_ request: Request, symbol: String) async throws -> SVGImage {
        let parameters = try ChartParameters(request)
        async let overview = market.stock(symbol)
        async let fetched = market.bars(symbol, range: parameters.range)
        // The symbol is checked first, so an unknown one is a 404 whatever the bars say.
        let stock = try await overview
        let bars = try await fetched
        let previousClose =
            parameters.range == .oneDay
            ? Self.previousClose(before: bars.value, quote: stock.quote)
            : nil
        let layout = ChartGeometry(
            bars: bars.value, style: parameters.style, width: Double(parameters.width),
            height: Double(parameters.height), previousClose: previousClose,
            slots: Self.sessionSlots(of: bars.value, range: parameters.range)
        ).layout()
        let summary = ChartSummary.text(symbol: symbol, range: parameters.range, layout: layout)
        let svg = ChartSVG(
            layout: layout, summary: summary,
            data: [
                ("symbol", symbol), ("range", parameters.range.rawValue), ("source", market.source.rawValue),
                ("fetched-at", Timestamp.iso8601(min(bars.fetchedAt, stock.fetchedAt))),
                ("stale", String(bars.isStale || stock.isStale)),
            ]
        ).render()
        return SVGImage(svg: svg)
    }

    /// `/stocks/{symbol}/sparkline.svg`: the 1M chart's bars (the same saved answer as the
    /// stock page's month) as a small line.
    func sparkline(symbol: String) async throws -> SVGImage {
        let bars = try await market.bars(symbol, range: .oneMonth)
        let closes = bars.value.compactMap { Double($0.close.description) }
        return SVGImage(svg: SparklineSVG(symbol: symbol, closes: closes).render())
    }

    /// 1D's axis: the session of the bars' day in slots of the range's bar size, so a session in
    /// progress is drawn as far as it has come across the whole day (09:30-16:00 ET, 13:00 on an
    /// early close). Other ranges keep their bars side by side.
    static func sessionSlots(
        of bars: [Bar], range: ChartRange, calendar: TradingCalendar = TradingCalendar()
    ) -> SessionSlots? {
        guard range == .oneDay, let first = bars.first,
            let session = calendar.session(on: NewYorkTime.marketDate(of: first.start))
        else { return nil }
        let day = NewYorkTime.marketDate(of: first.start)
        return SessionSlots(session: session, minutes: range.window(endingOn: day, calendar: calendar).multiplier)
    }

    /// The close before the day the 1D bars are from: the quote's previous close when the bars
    /// are from the quote's day, its price when they are from the session after it (today,
    /// while the market is open); nil otherwise.
    static func previousClose(before bars: [Bar], quote: Quote?) -> ExactDecimal? {
        guard let quote, let first = bars.first else { return quote?.previousClose }
        let day = NewYorkTime.marketDate(of: first.start)
        if day == quote.asOf { return quote.previousClose }
        return day > quote.asOf ? quote.price : nil
    }
}

/// The query of a chart request, checked.
struct ChartParameters {
    var range: ChartRange
    var style: ChartStyle
    var width: Int
    var height: Int

    init(_ request: Request) throws {
        let rangeText = request.uri.queryParameters.get("range") ?? ChartRange.oneDay.rawValue
        guard let range = ChartRange(rawValue: rangeText.uppercased()) else {
            let known = ChartRange.allCases.map(\.rawValue).joined(separator: ", ")
            throw APIError(.badRequest, "range must be one of \(known), got \"\(rangeText.prefix(20))\"")
        }
        let styleText = request.uri.queryParameters.get("style") ?? ChartStyle.line.rawValue
        guard let style = ChartStyle(rawValue: styleText.lowercased()) else {
            throw APIError(.badRequest, "style must be line or candles, got \"\(styleText.prefix(20))\"")
        }
        self.range = range
        self.style = style
        width = try request.integerQuery("width", default: 800, in: ChartController.widths)
        height = try request.integerQuery("height", default: 320, in: ChartController.heights)
    }
}

/// An SVG image as a response: no script may run in it even when opened on its own.
struct SVGImage: ResponseGenerator {
    let svg: String

    func response(from request: Request, context: some RequestContext) throws -> Response {
        let headers: HTTPFields = [
            .contentType: "image/svg+xml; charset=utf-8",
            .contentSecurityPolicy: "default-src 'none'; frame-ancestors 'self'",
            .cacheControl: "no-cache",
        ]
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: svg)))
    }
}
