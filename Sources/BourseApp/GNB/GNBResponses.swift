import BourseCore
import GNBData
import Hummingbird

/// What every GNB answer says about its data: where from, when, and whether it is stale.
struct GNBProvenance: Encodable {
    let source: String
    let stale: Bool
    let fetchedAt: String
    let warnings: [String]

    init(_ snapshot: GNBService.Snapshot) {
        source = snapshot.source
        stale = snapshot.dataset.isStale
        fetchedAt = Timestamp.iso8601(snapshot.dataset.fetchedAt)
        warnings = snapshot.dataset.warnings
    }
}

/// `GET /api/v1/gnb/products`: every SKU, its number of transactions and its total (null when
/// some transaction has no conversion path; `unconvertible` counts those).
public struct GNBProductsResponse: ResponseEncodable {
    struct Product: Encodable {
        let sku: String
        let count: Int
        let total: ExactDecimal?
        let unconvertible: Int

        enum CodingKeys: String, CodingKey { case sku, count, total, unconvertible }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(sku, forKey: .sku)
            try c.encode(count, forKey: .count)
            try c.encode(total, forKey: .total)
            try c.encode(unconvertible, forKey: .unconvertible)
        }
    }

    let currency: String
    let products: [Product]
    let provenance: GNBProvenance

    init(currency: CurrencyCode, products: [ProductSummary], snapshot: GNBService.Snapshot) {
        self.currency = currency.rawValue
        self.products = products.map { Product(sku: $0.sku, count: $0.count, total: $0.total, unconvertible: $0.unconvertible) }
        provenance = GNBProvenance(snapshot)
    }

    enum CodingKeys: String, CodingKey { case currency, products, source, stale, fetchedAt, warnings }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(currency, forKey: .currency)
        try c.encode(products, forKey: .products)
        try c.encode(provenance.source, forKey: .source)
        try c.encode(provenance.stale, forKey: .stale)
        try c.encode(provenance.fetchedAt, forKey: .fetchedAt)
        try c.encode(provenance.warnings, forKey: .warnings)
    }
}

/// `GET /api/v1/gnb/products/{sku}`: each transaction with its converted amount and path.
public struct GNBProductResponse: ResponseEncodable {
    struct Line: Encodable {
        let amount: ExactDecimal
        let currency: String
        let converted: ExactDecimal?
        let path: [String]?
        let error: String?

        enum CodingKeys: String, CodingKey { case amount, currency, eur, path, error }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(amount, forKey: .amount)
            try c.encode(currency, forKey: .currency)
            try c.encode(converted, forKey: .eur)
            try c.encode(path, forKey: .path)
            try c.encode(error, forKey: .error)
        }
    }

    let sku: String
    let currency: String
    let total: ExactDecimal?
    let unconvertible: Int
    let transactions: [Line]
    let provenance: GNBProvenance

    init(currency: CurrencyCode, detail: ProductDetail, snapshot: GNBService.Snapshot) {
        sku = detail.sku
        self.currency = currency.rawValue
        total = detail.total
        unconvertible = detail.unconvertible
        transactions = detail.lines.map { line in
            switch line.result {
            case .success(let converted):
                return Line(
                    amount: line.transaction.amount, currency: line.transaction.currency.rawValue,
                    converted: converted.amount, path: converted.path.currencies.map(\.rawValue), error: nil)
            case .failure(let error):
                return Line(
                    amount: line.transaction.amount, currency: line.transaction.currency.rawValue,
                    converted: nil, path: nil, error: error.description)
            }
        }
        provenance = GNBProvenance(snapshot)
    }

    enum CodingKeys: String, CodingKey {
        case sku, currency, total, unconvertible, transactions, source, stale, fetchedAt, warnings
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(sku, forKey: .sku)
        try c.encode(currency, forKey: .currency)
        try c.encode(total, forKey: .total)
        try c.encode(unconvertible, forKey: .unconvertible)
        try c.encode(transactions, forKey: .transactions)
        try c.encode(provenance.source, forKey: .source)
        try c.encode(provenance.stale, forKey: .stale)
        try c.encode(provenance.fetchedAt, forKey: .fetchedAt)
        try c.encode(provenance.warnings, forKey: .warnings)
    }
}
