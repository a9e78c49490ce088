import BourseCore
import Exchange
import ExchangeFeature
import Hummingbird
import Metrics

/// The exchange: the API (`/api/v1/orders`, `/api/v1/orders/{id}`, `/api/v1/book`,
/// `/api/v1/position`), the exports (`/api/v1/orders.csv`, `/api/v1/fills.csv`), the screen
/// (`/exchange`) and its socket (`/exchange/ws`).
///
/// The screen answers with its shell at once, asking the exchange only whether the market is
/// open, drawn for the person's role (a viewer gets no ticket) and, when accounts have cash, with
/// the account summary; its script then opens the socket and loads the book, the orders and the
/// position from the API.
struct ExchangeController: FeatureController {
    typealias Context = AppRequestContext
    let exchange: ExchangeVenue
    /// Counts the screens' sockets open now, when the app records metrics.
    var openSockets: Meter? = nil
    /// Counts the screens' sockets closed for falling behind, when the app records metrics.
    var socketsFellBehind: Counter? = nil

    /// The most orders an export holds: every order a user could have placed (oldest first).
    static var exportLimit: Int { 10_000_000 }

    /// An order body larger than this is refused (a real one is under 100 bytes).
    static var maxBodyBytes: Int { 16 * 1024 }

    func addRoutes(to router: Router<Context>) {
        router.post("api/v1/orders", use: place)
        router.get("api/v1/orders", use: orders)
        router.get("api/v1/orders/:id", use: order)
        router.get("api/v1/orders.csv") { _, context in
            let orders = try await exchange.desk.orders(account: context.account, limit: Self.exportLimit)
            return CSVResponse(table: ExchangeCSV.orders(orders.reversed()), name: "bourse-orders")
        }
        router.get("api/v1/fills.csv") { _, context in
            CSVResponse(
                table: ExchangeCSV.fills(try await exchange.desk.fills(account: context.account)), name: "bourse-fills")
        }
        router.delete("api/v1/orders/:id", use: cancel)
        router.get("api/v1/book", use: book)
        router.get("api/v1/position", use: position)
        router.get("exchange") { _, context in
            HTMLPage(
                html: ExchangePage(
                    market: await exchange.desk.market,
                    sourceLabel: exchange.sourceLabel ?? exchange.source.marketLabel,
                    confirmOrdersAbove: exchange.confirmOrdersAbove,
                    role: context.role,
                    withCash: exchange.desk.startingCash != nil
                ).render())
        }
        ExchangeSocket(exchange: exchange, openSockets: openSockets, fellBehind: socketsFellBehind).addRoutes(to: router)
    }

    @Sendable func place(_ request: Request, context: Context) async throws -> Response {
        let json = try await request.json(
            upTo: Self.maxBodyBytes, what: "the order", hint: #"send {"side","type","quantity","price"?}"#)
        let event = try await exchange.desk.place(try OrderRequest.parse(json), account: context.account)
        return try OrderEventResponse(event).response(from: request, context: context).with(status: .created)
    }

    @Sendable func orders(_ request: Request, context: Context) async throws -> OrdersResponse {
        let limit = try request.integerQuery("limit", default: 100, in: 1...1000)
        switch request.textQuery("status") ?? "all" {
        case "all": return OrdersResponse(try await exchange.desk.orders(account: context.account, limit: limit))
        case "open":
            let open = try await exchange.desk.openOrders(account: context.account)
            return OrdersResponse(Array(open.reversed().prefix(limit)))
        case let other: throw APIError(.badRequest, "status must be \"open\" or \"all\", got \"\(other.prefix(20))\"")
        }
    }

    @Sendable func order(_ request: Request, context: Context) async throws -> OrderEventResponse {
        let id = context.parameters.get("id") ?? ""
        guard let event = try await exchange.desk.order(id: id, account: context.account) else {
            throw APIError(.notFound, OrderError.notFound(String(id.prefix(40))).description)
        }
        return OrderEventResponse(event, withNotice: false)
    }

    @Sendable func cancel(_ request: Request, context: Context) async throws -> OrderEventResponse {
        let id = context.parameters.get("id") ?? ""
        return OrderEventResponse(try await exchange.desk.cancel(id: String(id.prefix(40)), account: context.account))
    }

    @Sendable func book(_ request: Request, context: Context) async throws -> BookResponse {
        let desk = exchange.desk
        return BookResponse(
            book: await desk.book(account: context.account), symbol: exchange.symbol, state: await desk.feedState,
            source: exchange.source,
            market: await desk.market)
    }

    @Sendable func position(_ request: Request, context: Context) async throws -> PositionResponse {
        let desk = exchange.desk
        let position = try await desk.position(account: context.account)
        let symbol = await desk.lastTick?.symbol ?? exchange.symbol
        return PositionResponse(
            position, symbol: symbol, markPrice: await desk.markPrice,
            standing: await desk.standing(account: context.account), startingCash: desk.startingCash)
    }
}

extension Response {
    /// The same response with another status.
    func with(status: HTTPResponse.Status) -> Response {
        var response = self
        response.status = status
        return response
    }
}
