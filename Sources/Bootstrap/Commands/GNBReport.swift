import BourseCore
import Foundation
import GNBData
import GNBDataLive
import GNBFeature

/// `bourse gnb [SKU]`: the products with their totals, or one product's transactions.
public enum GNBReport {
    public struct Options: Sendable {
        /// The currency, once it and the SKU are known to be well formed (else exit 64).
        func currencyChecked() -> Result<CurrencyCode, CommandFailure> {
            guard let code = CurrencyCode(currency.uppercased()) else {
                return .failure(
                    CommandFailure(
                        message: "--currency must be a three-letter code such as EUR, got \(currency)", exitCode: 64))
            }
            if let sku, SKU.validated(sku) == nil {
                return .failure(CommandFailure(message: SKU.problem(sku), exitCode: 64))
            }
            return .success(code)
        }

        public var sku: String?
        /// A URL or a file for each resource; nil: `BOURSE_GNB_URL`, else the embedded sample.
        public var rates: String?
        public var transactions: String?
        public var currency: String
        public var json: Bool
        /// CSV instead of text (`json` wins when both are set).
        public var csv: Bool

        public init(
            sku: String?, rates: String?, transactions: String?, currency: String, json: Bool, csv: Bool = false
        ) {
            self.sku = sku
            self.rates = rates
            self.transactions = transactions
            self.currency = currency
            self.json = json
            self.csv = csv
        }
    }

    public static func run(_ options: Options, environment: [String: String]) async -> Result<String, CommandFailure> {
        let currency: CurrencyCode
        switch options.currencyChecked() {
        case .success(let code): currency = code
        case .failure(let failure): return .failure(failure)
        }
        var embedded: EmbeddedServices?
        defer { embedded?.stop() }
        let service: GNBCatalog
        do {
            let settings = try SourceSettings(environment: environment)
            var defaults = settings.gnb
            var label: String?
            // The embedded GNB service starts only when a resource has no source of its own.
            if defaults == nil, options.rates == nil || options.transactions == nil {
                let started = try await EmbeddedServices.start(.gnb)
                embedded = started
                defaults = started.map { GNBSources(baseURL: $0.gnbURL) }
                if options.rates == nil, options.transactions == nil, let started {
                    label = "the embedded GNB sample (\(started.gnbData.rawValue))"
                }
            }
            let sources = GNBSources(
                rates: options.rates.map(GNBSource.init) ?? defaults!.rates,
                transactions: options.transactions.map(GNBSource.init) ?? defaults!.transactions)
            let logger = Log.make("bourse", environment: environment, default: .critical)
            let client = GNBClient(accept: settings.gnbFormat, logger: logger)
            service = GNBCatalog(client: client, sources: sources, sourceLabel: label)
        } catch {
            return .failure(CommandFailure(message: "\(error)", exitCode: 2))
        }

        let ledger: Ledger
        let snapshot: GNBCatalog.Snapshot
        do {
            (ledger, snapshot) = try await service.ledger(in: currency)
        } catch {
            return .failure(CommandFailure(message: error.description, exitCode: 2))
        }
        guard let sku = options.sku else {
            if options.csv, !options.json { return .success(GNBCSV.products(ledger.products, currency: currency).text) }
            let response = GNBProductsResponse(currency: currency, products: ledger.products, snapshot: snapshot)
            return CommandFailure.output(response, json: options.json) { productsText(response) }
        }
        guard let detail = ledger.product(sku) else {
            return .failure(CommandFailure(message: "no product \(sku) in the transactions", exitCode: 1))
        }
        if options.csv, !options.json { return .success(GNBCSV.transactions(detail, currency: currency).text) }
        let response = GNBProductResponse(currency: currency, detail: detail, snapshot: snapshot)
        return CommandFailure.output(response, json: options.json) { productText(response) }
    }

    /// One line per SKU: its number of transactions and its total (from the API's answer, so a
    /// server's products print the same).
    static func productsText(_ r: GNBProductsResponse) -> String {
        var lines = [pad("SKU", 10) + padLeft("Transactions", 14) + padLeft("Total \(r.currency)", 16)]
        for product in r.products {
            let total = product.total.map { $0.formatted(places: 2) } ?? "— (\(product.unconvertible) without a rate)"
            lines.append(pad(product.sku, 10) + padLeft(String(product.count), 14) + padLeft(total, 16))
        }
        lines.append("")
        lines.append(provenance(source: r.source, stale: r.stale, warnings: r.warnings, count: r.products.count))
        return lines.joined(separator: "\n")
    }

    /// Each transaction, its conversion and path, and the total.
    static func productText(_ r: GNBProductResponse) -> String {
        var lines = ["\(r.sku): \(r.transactions.count) transaction\(r.transactions.count == 1 ? "" : "s")"]
        for line in r.transactions {
            let original = padLeft("\(line.amount) \(line.currency)", 16)
            if let converted = line.eur {
                let path = (line.path ?? []).joined(separator: " → ")
                lines.append(original + "  →" + padLeft("\(converted.formatted(places: 2)) \(r.currency)", 14) + "   " + path)
            } else {
                lines.append(original + "  →  not converted: \(line.error ?? "")")
            }
        }
        if let total = r.total {
            lines.append("Total: \(total.formatted(places: 2)) \(r.currency)")
        } else {
            lines.append("Total: not available: \(r.unconvertible) transaction(s) have no conversion path to \(r.currency)")
        }
        lines.append(provenance(source: r.source, stale: r.stale, warnings: r.warnings, count: nil))
        return lines.joined(separator: "\n")
    }

    /// Where the data came from, and why it is stale when it is.
    static func provenance(source: String, stale: Bool, warnings: [String], count: Int?) -> String {
        var text = (count.map { "\($0) products · " } ?? "") + "data from \(source)"
        if stale { text += " (stale: " + warnings.joined(separator: " ") + ")" }
        return text
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(1, width - text.count))
    }

    private static func padLeft(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(1, width - text.count)) + text
    }
}
