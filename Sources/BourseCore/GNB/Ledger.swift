/// Transactions grouped by product and converted once into one currency (EUR by default).
///
/// The conversion table is derived once from the rates (see `RateGraph.table(to:)`), each
/// transaction is converted once (see `ConversionTable.convert`), and a product's total is the
/// exact sum of its rounded amounts. A product with any unconvertible transaction has no total;
/// its `unconvertible` count says how many failed.
public struct Ledger: Sendable {
    /// The currency totals are in.
    public let currency: CurrencyCode
    /// The paths used for every conversion.
    public let table: ConversionTable
    /// Every product, sorted by SKU.
    public let products: [ProductSummary]
    private let details: [String: ProductDetail]

    public init(transactions: [Transaction], rates: [Rate], currency: CurrencyCode = .eur) {
        self.init(transactions: transactions, table: RateGraph(rates: rates).table(to: currency))
    }

    /// A ledger over an already derived table.
    public init(transactions: [Transaction], table: ConversionTable) {
        currency = table.target
        self.table = table
        var lines: [String: [ProductLine]] = [:]
        for transaction in transactions {
            let line = ProductLine(transaction: transaction, result: table.convert(transaction.amount, from: transaction.currency))
            lines[transaction.sku, default: []].append(line)
        }
        var details: [String: ProductDetail] = [:]
        for (sku, productLines) in lines {
            details[sku] = Self.detail(sku: sku, lines: productLines)
        }
        self.details = details
        products = details.values.map(\.summary).sorted { $0.sku < $1.sku }
    }

    /// One product's transactions and total; nil for an unknown SKU.
    public func product(_ sku: String) -> ProductDetail? {
        details[sku]
    }

    private static func detail(sku: String, lines: [ProductLine]) -> ProductDetail {
        var total: ExactDecimal? = ExactDecimal(significand: 0, scale: 2)
        var unconvertible = 0
        for line in lines {
            switch line.result {
            case .success(let converted):
                // A sum beyond 38 digits has no total either, rather than a wrong one.
                total = try? total?.adding(converted.amount)
            case .failure:
                unconvertible += 1
                total = nil
            }
        }
        return ProductDetail(sku: sku, lines: lines, total: total, unconvertible: unconvertible)
    }
}
