import BourseClient
import BourseCore
import BundledData
import Foundation
import MarketData

extension HistoryLookup {
    /// The daily chart ranges, shortest first, with the calendar days each covers: a remote
    /// history asks for the shortest that holds its days and keeps the days asked for.
    static let remoteRanges: [(range: BourseClient.ChartRange, days: Int)] = [(._1m, 30), (._3m, 91), (._1y, 365)]

    /// `bourse history SYMBOL --server URL`: the server's daily bars (`GET /api/v1/stocks/{symbol}/bars`),
    /// the last `days` calendar days of them up to its last bar, printed as the local command prints them.
    public static func run(
        symbol input: String, days: Int, json: Bool, server: RemoteServer
    ) async -> Result<String, CommandFailure> {
        let symbol: String
        switch Symbol.normalized(input) {
        case .success(let s): symbol = s
        case .failure(let error): return .failure(CommandFailure(message: error.description, exitCode: 64))
        }
        guard let range = remoteRanges.first(where: { days <= $0.days }), days >= 1 else {
            return .failure(
                CommandFailure(message: "--days must be from 1 to 365 against a server, got \(days)", exitCode: 64))
        }
        return await server.run { bourse throws(BourseError) in
            let answer = try await bourse.bars(symbol, range: range.range)
            let bars = try answer.bars.map(Self.bar)
            var kept: [BourseCore.Bar] = []
            if let last = bars.last {
                let first = NewYorkTime.marketDate(of: last.start).adding(days: -days)
                kept = bars.filter { NewYorkTime.marketDate(of: $0.start) >= first }
            }
            guard let fetchedAt = Timestamp.parseISO8601(answer.fetchedAt) else {
                throw .unexpected(status: nil, reason: "fetchedAt is not a time: \(answer.fetchedAt)")
            }
            let listing = try? BundledData.listings().first { $0.symbol == symbol }
            let response = HistoryResponse(
                symbol: symbol, listing: listing, days: days,
                bars: Fetched(value: kept, fetchedAt: fetchedAt, isStale: answer.stale),
                source: SourceKind(rawValue: answer.source.rawValue) ?? .simulated)
            return CommandFailure.output(response, json: json) { plainText(for: response) }
        }
    }

    /// One of the API's bars as the market's: its decimals read exactly.
    static func bar(_ bar: BourseClient.Bar) throws(BourseError) -> BourseCore.Bar {
        guard let start = Timestamp.parseISO8601(bar.t), let open = try? ExactDecimal(parsing: bar.o),
            let high = try? ExactDecimal(parsing: bar.h), let low = try? ExactDecimal(parsing: bar.l),
            let close = try? ExactDecimal(parsing: bar.c), let volume = try? ExactDecimal(parsing: bar.v)
        else { throw .unexpected(status: nil, reason: "a bar that does not read: \(bar)") }
        return BourseCore.Bar(start: start, open: open, high: high, low: low, close: close, volume: volume)
    }
}
