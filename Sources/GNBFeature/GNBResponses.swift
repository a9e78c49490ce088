import BourseCore
import GNBData

/// `GET /api/v1/gnb/products`: every SKU, its number of transactions and its total (null when
/// some transaction has no conversion path; `unconvertible` counts those).
public struct GNBProductsResponse: Codable, Sendable {
    public struct Product: Codable, Sendable {
        public let sku: String
        public let count: Int
        @ExplicitNull public var total: ExactDecimal?
        public let unconvertible: Int
    }

    public let currency: String
    public let products: [Product]
    public let source: String
    public let stale: Bool
    public let fetchedAt: String
    /// Why the data is stale, in words.
    public let warnings: [String]

    public init(currency: CurrencyCode, products: [ProductSummary], snapshot: GNBCatalog.Snapshot) {
        self.currency = currency.rawValue
        self.products = products.map { Product(sku: $0.sku, count: $0.count, total: $0.total, unconvertible: $0.unconvertible) }
        source = snapshot.source
        stale = snapshot.dataset.isStale
        fetchedAt = Timestamp.iso8601(snapshot.dataset.fetchedAt)
        warnings = snapshot.dataset.warnings
    }
}

/// `GET /api/v1/gnb/products/{sku}`: each transaction with its converted amount and path.
public struct GNBProductResponse: Codable, Sendable {
    public struct Line: Codable, Sendable {
        public let amount: ExactDecimal
        public let currency: String
        /// The amount in the report's currency (the key says `eur` as the API has always said).
        @ExplicitNull public var eur: ExactDecimal?
        @ExplicitNull public var path: [String]?
        @ExplicitNull public var error: String?
    }

    public let sku: String
    public let currency: String
    @ExplicitNull public var total: ExactDecimal?
    public let unconvertible: Int
    public let transactions: [Line]
    public let source: String
    public let stale: Bool
    public let fetchedAt: String
    public let warnings: [String]

    public init(currency: CurrencyCode, detail: ProductDetail, snapshot: GNBCatalog.Snapshot) {
        sku = detail.sku
        self.currency = currency.rawValue
        total = detail.total
        unconvertible = detail.unconvertible
        transactions = detail.lines.map { line in
            let amount = line.transaction.amount, code = line.transaction.currency.rawValue
            switch line.result {
            case .success(let converted):
                return Line(
                    amount: amount, currency: code, eur: converted.amount, path: converted.path.currencies.map(\.rawValue),
                    error: nil)
            case .failure(let error):
                return Line(amount: amount, currency: code, eur: nil, path: nil, error: error.description)
            }
        }
        source = snapshot.source
        stale = snapshot.dataset.isStale
        fetchedAt = Timestamp.iso8601(snapshot.dataset.fetchedAt)
        warnings = snapshot.dataset.warnings
    }
}
