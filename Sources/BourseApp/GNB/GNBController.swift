import BourseCore
import GNBData
import Hummingbird

/// `/api/v1/gnb/products` and `/api/v1/gnb/products/{sku}`.
struct GNBController<Context: RequestContext> {
    let gnb: GNBService

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("gnb/products", use: products)
        group.get("gnb/products/:sku", use: product)
    }

    @Sendable func products(_ request: Request, context: Context) async throws -> GNBProductsResponse {
        let currency = try Self.currency(request)
        let (ledger, snapshot) = try await gnb.ledger(in: currency)
        return GNBProductsResponse(currency: currency, products: ledger.products, snapshot: snapshot)
    }

    @Sendable func product(_ request: Request, context: Context) async throws -> GNBProductResponse {
        let text = context.parameters.get("sku") ?? ""
        guard let sku = SKU.validated(text) else { throw APIError(.badRequest, SKU.problem(text)) }
        let currency = try Self.currency(request)
        let (ledger, snapshot) = try await gnb.ledger(in: currency)
        guard let detail = ledger.product(sku) else {
            throw APIError(.notFound, "no product \(sku) in the transactions")
        }
        return GNBProductResponse(currency: currency, detail: detail, snapshot: snapshot)
    }

    /// `?currency=`, EUR by default.
    static func currency(_ request: Request) throws -> CurrencyCode {
        guard let text = request.uri.queryParameters.get("currency") else { return .eur }
        guard let code = CurrencyCode(text.uppercased()) else {
            throw APIError(.badRequest, "currency must be a three-letter code such as EUR, got \"\(text.prefix(20))\"")
        }
        return code
    }
}
