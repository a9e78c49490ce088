import BourseCore
import GNBData
import GNBFeature
import Hummingbird

/// GNB: the API (`/api/v1/gnb/products`, `/api/v1/gnb/products/{sku}`), the exports
/// (`/api/v1/gnb/products.csv`, `/api/v1/gnb/products/{sku}/transactions.csv`) and the screens (`/gnb`,
/// the product list; `/gnb/{sku}`, one product). Each screen answers with its shell at once;
/// its script then loads the data from the API.
struct GNBController: FeatureController {
    typealias Context = AppRequestContext
    let gnb: GNBCatalog

    func addRoutes(to router: Router<Context>) {
        router.get("api/v1/gnb/products", use: products)
        router.get("api/v1/gnb/products/:sku", use: product)
        router.get("api/v1/gnb/products.csv") { request, _ in
            let currency = try Self.currency(request)
            let (ledger, _) = try await gnb.ledger(in: currency)
            return CSVResponse(table: GNBCSV.products(ledger.products, currency: currency), name: "gnb-products")
        }
        router.get("api/v1/gnb/products/:sku/transactions.csv") { request, context in
            let (detail, currency, _) = try await productDetail(request, context: context)
            return CSVResponse(
                table: GNBCSV.transactions(detail, currency: currency), name: "gnb-\(detail.sku)-transactions")
        }
        router.get("gnb", use: productsPage)
        router.get("gnb/:sku", use: productPage)
    }

    @Sendable func productsPage(_ request: Request, context: Context) async throws -> HTMLPage {
        HTMLPage(html: GNBProductsPage().render())
    }

    @Sendable func productPage(_ request: Request, context: Context) async throws -> HTMLPage {
        let sku = try context.parameters.require("sku")
        guard GNBProductPage.isValid(sku: sku) else {
            return HTMLPage(status: .badRequest, html: GNBProductPage.invalidSKU(sku).render())
        }
        return HTMLPage(html: GNBProductPage(sku: sku).render())
    }

    @Sendable func products(_ request: Request, context: Context) async throws -> GNBProductsResponse {
        let currency = try Self.currency(request)
        let (ledger, snapshot) = try await gnb.ledger(in: currency)
        return GNBProductsResponse(currency: currency, products: ledger.products, snapshot: snapshot)
    }

    @Sendable func product(_ request: Request, context: Context) async throws -> GNBProductResponse {
        let (detail, currency, snapshot) = try await productDetail(request, context: context)
        return GNBProductResponse(currency: currency, detail: detail, snapshot: snapshot)
    }

    /// The product `{sku}` names in the currency `?currency=` asks for; 400 for a SKU that is
    /// none, 404 for one not in the transactions.
    private func productDetail(
        _ request: Request, context: Context
    ) async throws -> (ProductDetail, CurrencyCode, GNBCatalog.Snapshot) {
        let text = context.parameters.get("sku") ?? ""
        guard let sku = SKU.validated(text) else { throw APIError(.badRequest, SKU.problem(text)) }
        let currency = try Self.currency(request)
        let (ledger, snapshot) = try await gnb.ledger(in: currency)
        guard let detail = ledger.product(sku) else {
            throw APIError(.notFound, "no product \(sku) in the transactions")
        }
        return (detail, currency, snapshot)
    }

    /// `?currency=`, EUR by default.
    static func currency(_ request: Request) throws -> CurrencyCode {
        guard let text = request.uri.queryParameters.get("currency") else { return .eur }
        // ASCII letters before upper-casing: `ınr` is not INR.
        guard text.utf8.allSatisfy({ $0 < 0x80 }), let code = CurrencyCode(text.uppercased()) else {
            throw APIError(.badRequest, "currency must be a three-letter code such as EUR, got \"\(text.prefix(20))\"")
        }
        return code
    }
}
