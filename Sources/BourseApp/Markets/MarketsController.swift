import BourseCore
import Hummingbird
import MarketData

/// `/api/v1/tickers`, `/api/v1/stocks/{symbol}` and `/api/v1/stocks/{symbol}/bars`.
struct MarketsController<Context: RequestContext> {
    let market: MarketService

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("tickers", use: tickers)
        group.get("stocks/:symbol", use: stock)
        group.get("stocks/:symbol/bars", use: bars)
    }

    @Sendable func tickers(_ request: Request, context: Context) async throws -> TickersResponse {
        let limit = try request.integerQuery("limit", default: 50, in: 1...MarketService.maxPageSize)
        let cursor = request.textQuery("cursor")
        if let cursor, cursor.utf8.count > 2048 {
            throw APIError(.badRequest, "cursor is too long; use the `next` value of a previous page")
        }
        let page = try await market.tickers(limit: limit, cursor: cursor)
        return TickersResponse(page: page, source: market.sourceName)
    }

    @Sendable func stock(_ request: Request, context: Context) async throws -> StockResponse {
        let symbol = try Self.symbol(context)
        let overview = try await market.stock(symbol)
        return StockResponse(overview: overview, source: market.sourceName)
    }

    @Sendable func bars(_ request: Request, context: Context) async throws -> BarsResponse {
        let symbol = try Self.symbol(context)
        let rangeText = request.uri.queryParameters.get("range") ?? ChartRange.oneMonth.rawValue
        guard let range = ChartRange(rawValue: rangeText.uppercased()) else {
            let known = ChartRange.allCases.map(\.rawValue).joined(separator: ", ")
            throw APIError(.badRequest, "range must be one of \(known), got \"\(rangeText.prefix(20))\"")
        }
        let bars = try await market.bars(symbol, range: range)
        return BarsResponse(symbol: symbol, range: range, bars: bars, source: market.sourceName)
    }

    static func symbol(_ context: Context) throws -> String {
        let text = context.parameters.get("symbol") ?? ""
        switch Symbol.normalized(text) {
        case .success(let symbol): return symbol
        case .failure(let error): throw APIError(.badRequest, error.description)
        }
    }
}
