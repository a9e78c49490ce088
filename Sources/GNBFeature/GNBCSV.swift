import BourseCore

/// GNB's exports: every product with its total (`GET /api/v1/gnb/products.csv`, `bourse gnb
/// --csv`), and one product's transactions (`GET /api/v1/gnb/products/{sku}/transactions.csv`,
/// `bourse gnb SKU --csv`). Totals are in the report's currency, exact, rounded half to even as
/// the API's; a total is empty when some transaction has no conversion path (`unconvertible`).
/// A source can send any SKU: it is text, guarded like all text.
public enum GNBCSV {
    public static func products(_ products: [ProductSummary], currency: CurrencyCode) -> CSVExport {
        var table = CSVExport(header: ["sku", "transactions", "total", "currency", "unconvertible"])
        for product in products {
            table.append([
                .text(product.sku), .number(product.count), .number(product.total), .text(currency.rawValue),
                .number(product.unconvertible),
            ])
        }
        return table
    }

    /// Each transaction in the source's order: its amount and currency, the amount in the report's
    /// currency, the path of rates it took ("USD>CAD>EUR"), or why it could not be converted.
    public static func transactions(_ detail: ProductDetail, currency: CurrencyCode) -> CSVExport {
        var table = CSVExport(header: ["sku", "amount", "currency", "converted", "convertedCurrency", "path", "error"])
        for line in detail.lines {
            let converted: ExactDecimal?
            let path: String?
            let error: String?
            switch line.result {
            case .success(let amount):
                (converted, path, error) = (amount.amount, amount.path.currencies.map(\.rawValue).joined(separator: ">"), nil)
            case .failure(let failure):
                (converted, path, error) = (nil, nil, failure.description)
            }
            table.append([
                .text(detail.sku), .number(line.transaction.amount), .text(line.transaction.currency.rawValue),
                .number(converted), .text(currency.rawValue), .text(path), .text(error),
            ])
        }
        return table
    }
}
