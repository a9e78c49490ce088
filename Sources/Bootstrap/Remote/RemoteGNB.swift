import BourseClient
import BourseCore
import GNBFeature

extension GNBReport {
    /// `bourse gnb [SKU] --server URL`: the server's GNB products and totals (its own rates and
    /// transactions), printed as the local command prints them.
    public static func run(_ options: Options, server: RemoteServer) async -> Result<String, CommandFailure> {
        guard options.rates == nil, options.transactions == nil else {
            return .failure(
                CommandFailure(
                    message: "--rates and --transactions name local downloads; with --server the server's are used",
                    exitCode: 64))
        }
        let currency: CurrencyCode
        switch options.currencyChecked() {
        case .success(let checked): currency = checked
        case .failure(let failure): return .failure(failure)
        }
        let code = currency.rawValue
        return await server.run { bourse throws(BourseError) in
            guard let sku = options.sku else {
                if options.csv, !options.json { return .success(try await bourse.gnbProductsCSV(currency: code)) }
                let response = try RemoteJSON.convert(
                    try await bourse.gnbProducts(currency: code), to: GNBProductsResponse.self)
                return CommandFailure.output(response, json: options.json) { productsText(response) }
            }
            if options.csv, !options.json { return .success(try await bourse.gnbTransactionsCSV(sku, currency: code)) }
            let response = try RemoteJSON.convert(
                try await bourse.gnbProduct(sku, currency: code), to: GNBProductResponse.self)
            return CommandFailure.output(response, json: options.json) { productText(response) }
        }
    }
}
