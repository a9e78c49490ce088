import BourseClient
import BourseCore
import MarketsFeature

extension QuoteLookup {
    /// How often, and for how long, a remote quote asks again while its price is on its way.
    static let remotePoll = Duration.seconds(2)
    static let remotePatience = Duration.seconds(120)

    /// `bourse quote SYMBOL --server URL`: the server's `GET /api/v1/stocks/{symbol}`, printed as
    /// the local command prints it. A price still on its way (the free tier's pace) is asked for
    /// again every 2 s, after one line to `progress` saying so.
    public static func run(
        symbol input: String, json: Bool, server: RemoteServer,
        progress: @escaping @Sendable (String) -> Void = QuoteLookup.standardError
    ) async -> Result<String, CommandFailure> {
        let symbol: String
        switch Symbol.normalized(input) {
        case .success(let s): symbol = s
        case .failure(let error): return .failure(CommandFailure(message: error.description, exitCode: 64))
        }
        return await server.run { bourse throws(BourseError) in
            var stock = try await bourse.stock(symbol)
            let clock = ContinuousClock()
            let deadline = clock.now + remotePatience
            var told = false
            while stock.pending || (json && stock.stats.pending), clock.now < deadline {
                if !told {
                    progress(loadingLine(symbol: symbol, source: SourceKind(rawValue: stock.source.rawValue) ?? .simulated))
                    told = true
                }
                try? await Task.sleep(for: remotePoll)
                stock = try await bourse.stock(symbol)
            }
            let response = try RemoteJSON.convert(stock, to: StockResponse.self)
            return CommandFailure.output(response, json: json) { plainText(for: response) }
        }
    }
}
