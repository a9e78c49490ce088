import BourseCore
import Foundation
import Hummingbird
import Logging
import Synchronization

/// The stand-in Polygon.io REST API: the simulated market served in Polygon's exact JSON shapes.
///
/// It answers the five endpoints Bourse uses (tickers, ticker details, aggregates, grouped
/// daily, previous close) and the other stocks endpoints the official `massive` client calls
/// (daily open/close, market status and holidays, snapshots, last trade and quote). It accepts an API key (`apiKey=` or `Authorization: Bearer`) but does
/// not require one. With a rate limit it answers HTTP 429 with Polygon's body once a sliding
/// 60-second window is full. On the free tier (`PolygonTier`) snapshots, last trade and last
/// quote are HTTP 403 `NOT_AUTHORIZED`, as on Massive's free plan. `delays` hold answers to some
/// paths back (prices arriving late), and a `RequestLog` gets a line for every answer. It counts
/// every request it receives, for tests and benchmarks.
public final class PolygonStandIn: Sendable {
    /// The market whose prices it serves.
    public let market: SimulatedMarket
    /// Requests per minute allowed; nil for no limit.
    public let rateLimit: Int?
    /// The Massive plan it acts as: `.free` refuses snapshots, last trade and last quote.
    public let tier: PolygonTier
    /// Delays before answering paths with these prefixes.
    public let delays: [PathDelay]
    /// Where each answer gets a line, if anywhere.
    public let requestLog: RequestLog?
    let clock: @Sendable () -> Date
    let window: RateLimitWindow?
    let served = Atomic<Int>(0)
    /// The written `results` of grouped-daily answers, by day number.
    let groupedText = Mutex<[Int: String]>([:])
    /// Every stock's snapshot for the last completed trading day.
    let snapshotCache = Mutex<SnapshotDay?>(nil)

    /// A stand-in over `market`; `clock` gives "now" (minutes after it do not exist yet).
    public init(
        market: SimulatedMarket, rateLimit: Int? = nil, tier: PolygonTier = .paid, delays: [PathDelay] = [],
        requestLog: RequestLog? = nil, clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.market = market
        self.rateLimit = rateLimit
        self.tier = tier
        self.delays = delays
        self.requestLog = requestLog
        self.clock = clock
        self.window = rateLimit.map(RateLimitWindow.init(limit:))
    }

    /// The number of requests received so far, rate-limited ones included.
    public var requestCount: Int { served.load(ordering: .relaxed) }

    /// An outage: while true, every request is answered 503, on connections already open too.
    public var isDown: Bool {
        get { down.load(ordering: .relaxed) }
        set { down.store(newValue, ordering: .relaxed) }
    }
    private let down = Atomic<Bool>(false)

    /// The instant the market's data stands at: now on a paid plan (today's bars so far during
    /// the session, in every endpoint alike); on the free plan, end-of-day data, the close of the
    /// last completed session (today's bars appear once today has closed).
    func marketNow() -> Date {
        let now = clock()
        switch tier {
        case .paid:
            return now
        case .free:
            let calendar = market.calendar
            return calendar.session(on: calendar.lastCompletedTradingDay(at: now))?.close ?? now
        }
    }

    /// A router with the Polygon routes; any other path is a 400 with Polygon's ERROR body.
    public func buildRouter() -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: PolygonGate<BasicRequestContext>(standIn: self, answersUnknownPaths: true))
        register(on: router)
        return router
    }

    /// Adds the Polygon routes (behind the counting and rate-limiting middleware) to a router,
    /// so an app can serve the stand-in next to its own routes (unknown paths stay the app's).
    public func addRoutes<Context: RequestContext>(to router: Router<Context>) {
        register(on: router.group().add(middleware: PolygonGate<Context>(standIn: self, answersUnknownPaths: false)))
    }

    private func register<Context: RequestContext>(on routes: some RouterMethods<Context>) {
        routes.get("/v3/reference/tickers") { request, _ in self.answer(request) { try self.tickers(request) } }
        routes.get("/v3/reference/tickers/:ticker") { request, context in
            self.answer(request) { try self.tickerDetails(request, symbol: context.parameters.require("ticker")) }
        }
        routes.get("/v2/aggs/ticker/:ticker/range/:multiplier/:timespan/:from/:to") { request, context in
            self.answer(request) { try self.aggregates(request, parameters: context.parameters) }
        }
        routes.get("/v2/aggs/ticker/:ticker/prev") { request, context in
            self.answer(request) { try self.previousClose(request, symbol: context.parameters.require("ticker")) }
        }
        routes.get("/v2/aggs/grouped/locale/us/market/stocks/:date") { request, context in
            self.answer(request) { try self.groupedDaily(request, date: context.parameters.require("date")) }
        }
        routes.get("/v1/open-close/:ticker/:date") { request, context in
            self.answer(request) {
                try self.openClose(
                    request, symbol: context.parameters.require("ticker"), date: context.parameters.require("date"))
            }
        }
        routes.get("/v1/marketstatus/now") { request, _ in self.answer(request) { self.marketStatus() } }
        routes.get("/v1/marketstatus/upcoming") { request, _ in self.answer(request) { self.upcomingHolidays() } }
        for segment in ["tickers", "gainers", "losers"] {
            routes.get("/v2/snapshot/locale/us/markets/stocks/\(segment)") { request, _ in
                self.answer(request) { try self.snapshots(request, segment: segment) }
            }
        }
        routes.get("/v2/snapshot/locale/us/markets/stocks/:direction") { request, context in
            self.answer(request) { try self.snapshots(request, segment: context.parameters.require("direction")) }
        }
        routes.get("/v2/snapshot/locale/us/markets/stocks/tickers/:ticker") { request, context in
            self.answer(request) { try self.tickerSnapshot(request, symbol: context.parameters.require("ticker")) }
        }
        routes.get("/v2/last/trade/:ticker") { request, context in
            self.answer(request) { try self.lastTrade(request, symbol: context.parameters.require("ticker")) }
        }
        routes.get("/v2/last/nbbo/:ticker") { request, context in
            self.answer(request) { try self.lastQuote(request, symbol: context.parameters.require("ticker")) }
        }
    }

    /// A server application on `host:port` serving the stand-in alone.
    /// `onServerRunning` receives the bound port (useful with port 0).
    public func makeApplication(
        host: String = "127.0.0.1", port: Int = 8081, logger: Logger? = nil,
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        Application(
            router: buildRouter(),
            configuration: .init(address: .hostname(host, port: port), serverName: "bourse-polygon-stand-in"),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? port) },
            logger: logger)
    }

    /// A stand-in over the bundled market and a server application for it.
    public static func makeApplication(
        host: String = "127.0.0.1", port: Int = 8081, rateLimit: Int? = nil,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) throws -> (standIn: PolygonStandIn, application: some ApplicationProtocol) {
        let standIn = PolygonStandIn(market: try SimulatedMarket.bundled(), rateLimit: rateLimit, clock: clock)
        return (standIn, standIn.makeApplication(host: host, port: port))
    }

    /// Runs a handler and turns its JSON or its `PolygonFailure` into a response.
    func answer(_ request: Request, _ handler: () throws -> PolygonJSON) -> Response {
        do {
            return Self.json(try handler(), status: .ok)
        } catch let failure as PolygonFailure {
            return Self.json(failure.body(requestID: Self.requestID(for: request)), status: failure.httpStatus)
        } catch {
            return Self.json(
                PolygonFailure.badRequest(String(describing: error)).body(requestID: Self.requestID(for: request)),
                status: .badRequest)
        }
    }

    static func json(_ body: PolygonJSON, status: HTTPResponse.Status) -> Response {
        json(text: body.text, status: status)
    }

    static func json(text: String, status: HTTPResponse.Status) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json"],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// A request id derived from the request's path and query (not random, so that answers
    /// are reproducible byte for byte), 32 hex digits like Polygon's.
    static func requestID(for request: Request) -> String {
        requestID(forPath: request.uri.description)
    }

    /// `scheme://host:port` of the request, for `next_url`s that point back at this server.
    static func origin(of request: Request) -> String {
        let scheme = request.head.scheme ?? "http"
        let host = request.head.authority ?? "localhost"
        return "\(scheme)://\(host)"
    }
}
