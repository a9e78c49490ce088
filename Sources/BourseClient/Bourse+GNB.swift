import Foundation
import OpenAPIRuntime

extension Bourse {
    /// `GET /api/v1/gnb/products`: every GNB product with its transactions' total in `currency`
    /// (EUR by default), exact, banker's rounding.
    public func gnbProducts(currency: String? = nil) async throws(BourseError) -> GNBProducts {
        try await call { try await client.listGNBProducts(query: .init(currency: currency)).ok.body.json }
    }

    /// `GET /api/v1/gnb/products/{sku}`: one product's transactions, each converted, and their total.
    public func gnbProduct(_ sku: String, currency: String? = nil) async throws(BourseError) -> GNBProduct {
        try await call {
            try await client.getGNBProduct(path: .init(sku: sku), query: .init(currency: currency)).ok.body.json
        }
    }

    /// `GET /api/v1/gnb/products.csv`: the products and totals as CSV.
    public func gnbProductsCSV(currency: String? = nil) async throws(BourseError) -> String {
        try await call { try await Self.text(client.exportGNBProducts(query: .init(currency: currency)).ok.body.csv) }
    }

    /// `GET /api/v1/gnb/products/{sku}/transactions.csv`: one product's transactions as CSV.
    public func gnbTransactionsCSV(_ sku: String, currency: String? = nil) async throws(BourseError) -> String {
        try await call {
            try await Self.text(
                client.exportGNBTransactions(path: .init(sku: sku), query: .init(currency: currency)).ok.body.csv)
        }
    }
}
