import BourseCore
import Foundation
import Testing

@testable import Bootstrap
@testable import BourseApp

/// `bourse history`: daily bars, averages and a sparkline, on the embedded simulated market.
@Suite("bourse history")
struct HistoryLookupTests {
    @Test func printsATableTheAveragesAndASparkline() async throws {
        let text = try await HistoryLookup.run(symbol: "aapl", days: 30, json: false, databasePath: nil, environment: [:]).get()
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)

        #expect(lines[0].hasPrefix("AAPL  Apple Inc. (NASDAQ): daily bars of the last 30 days, "), "\(lines[0])")
        #expect(
            lines[1].split(separator: " ", omittingEmptySubsequences: true) == [
                "Date", "Open", "High", "Low", "Close", "Volume", "OHLC", "avg",
            ])
        let rows = lines.filter { $0.range(of: #"^\d{4}-\d{2}-\d{2} "#, options: .regularExpression) != nil }
        #expect((18...23).contains(rows.count), "about 21 trading days in 30 calendar days: \(rows.count)")
        #expect(Set(rows.map(\.count)).count == 1, "aligned")
        let spark = try #require(lines.first { $0.hasPrefix("OHLC average  ") })
        #expect(
            spark.range(
                of: "^OHLC average  [▁▂▃▄▅▆▇█]{\(rows.count)}  low \\d+\\.\\d{2}, high \\d+\\.\\d{2}$",
                options: .regularExpression) != nil, "\(spark)")
        #expect(lines.last == "Simulated market")
    }

    @Test func printsJSONWithTheAverageOfEachBar() async throws {
        let text = try await HistoryLookup.run(symbol: "MSFT", days: 10, json: true, databasePath: nil, environment: [:]).get()
        let object = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["symbol"] as? String == "MSFT")
        #expect(object["days"] as? Int == 10)
        let bars = try #require(object["bars"] as? [[String: String]])
        #expect(!bars.isEmpty)
        for bar in bars {
            let values = try ["o", "h", "l", "c", "avg"].map { try #require(bar[$0].flatMap(ExactDecimal.init)) }
            let expected = try (values[0] + values[1] + values[2] + values[3]).divided(by: 4, places: 4)
            #expect(values[4] == expected)
        }
        let dates = bars.compactMap { $0["date"] }
        #expect(dates == dates.sorted() && dates.count == bars.count)
    }

    @Test(
        "fails with a message and an exit code",
        arguments: [
            ("ZZZZZZ", 30, [:], Int32(1), "unknown symbol ZZZZZZ"),
            ("AA;PL", 30, [:], Int32(64), "is not a ticker symbol"),
            ("AAPL", 0, [:], Int32(64), "--days must be from 1 to 3650"),
            ("AAPL", 3651, [:], Int32(64), "--days must be from 1 to 3650"),
            ("AAPL", 30, ["POLYGON_RATE_LIMIT": "fast"], Int32(2), "POLYGON_RATE_LIMIT"),
            (
                "AAPL", 30,
                ["POLYGON_API_KEY": "k-123456", "POLYGON_BASE_URL": "http://127.0.0.1:9", "POLYGON_RATE_LIMIT": "100"], Int32(2),
                "unavailable"
            ),
        ] as [(String, Int, [String: String], Int32, String)])
    func failures(symbol: String, days: Int, environment: [String: String], exitCode: Int32, message: String) async {
        let result = await HistoryLookup.run(symbol: symbol, days: days, json: false, databasePath: nil, environment: environment)
        guard case .failure(let failure) = result else {
            Issue.record("expected a failure, got \(result)")
            return
        }
        #expect(failure.exitCode == exitCode)
        #expect(failure.message.contains(message), "\(failure.message)")
        #expect(!failure.message.contains("k-123456"))
    }

    @Test func theSparklineSpansTheLevels() {
        #expect(Sparkline.render(["1", "2", "3", "4", "5", "6", "7", "8"]) == "▁▂▃▄▅▆▇█")
        #expect(Sparkline.render(["5", "5"]) == "▅▅")
        #expect(Sparkline.render([]) == "")
    }
}
