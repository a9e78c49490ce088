import BourseCore
import Foundation
import Hummingbird
import HummingbirdTesting
import StandIns
import TestSupport
import Testing

/// `RequestLog` (`bourse sim --request-log`): a line per answer, over real HTTP, with no key in it.
@Suite("PolygonStandIn: the request log")
struct RequestLogTests {
    @Test("each answer appends `<time> <status> <path>?<query>`, without apiKey or the Authorization header")
    func linesPerAnswer() async throws {
        let folder = try TemporaryFolder()
        let file = folder.file("requests.log")
        try Data("an earlier run\n".utf8).write(to: file)
        let log = try RequestLog(path: file.path)
        let standIn = PolygonStandIn(
            market: Fixtures.smallMarket(), rateLimit: 4, tier: .free, requestLog: log, clock: { Fixtures.evening })
        let before = Date()
        try await Application(router: standIn.buildRouter()).test(.live) { client in
            _ = try await Answer.get(client, "/v3/reference/tickers/AAPL?apiKey=secret-key")
            _ = try await Answer.get(
                client, "/v2/aggs/grouped/locale/us/market/stocks/2025-06-17?apiKey=secret-key&adjusted=true")
            _ = try await Answer.get(client, "/v2/last/trade/AAPL", headers: [.authorization: "Bearer secret-key"])
            _ = try await Answer.get(client, "/v3/reference/tickers/NOPE?APIKEY=secret-key")
            _ = try await Answer.get(client, "/v2/aggs/ticker/AAPL/prev?adjusted=true")
        }
        let after = Date()
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(!text.contains("secret-key"))
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "an earlier run", "the log is appended to")
        let entries = lines.dropFirst().map { $0.split(separator: " ", maxSplits: 2).map(String.init) }
        #expect(entries.map { $0.count } == [3, 3, 3, 3, 3])
        #expect(
            entries.map { $0.last ?? "" } == [
                "/v3/reference/tickers/AAPL", "/v2/aggs/grouped/locale/us/market/stocks/2025-06-17?adjusted=true",
                "/v2/last/trade/AAPL", "/v3/reference/tickers/NOPE", "/v2/aggs/ticker/AAPL/prev?adjusted=true",
            ])
        #expect(entries.map { $0.count > 1 ? $0[1] : "" } == ["200", "200", "403", "404", "429"])
        for entry in entries {
            let time = try #require(entry.first)
            #expect(time.count == "2025-06-18T22:00:00.000Z".count && time.hasSuffix("Z"), "\(time)")
            let date = try #require(ISO8601DateFormatter.withMilliseconds.date(from: time), "\(time)")
            #expect(date >= before.addingTimeInterval(-0.001) && date <= after.addingTimeInterval(0.001))
        }
    }

    @Test("a log that cannot be opened is a typed error")
    func cannotOpen() {
        let path = "/nonexistent-\(UUID().uuidString)/requests.log"
        #expect(throws: RequestLogError.cannotOpen(path)) { try RequestLog(path: path) }
    }
}

extension ISO8601DateFormatter {
    static var withMilliseconds: ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }
}
