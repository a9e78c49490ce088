import Foundation
import Synchronization
import Testing

@testable import Bootstrap
@testable import BourseApp

/// `bourse quote`: its answers and its exit codes, on the embedded simulated market, and a price
/// that comes late (Massive's free tier).
@Suite("bourse quote")
struct QuoteLookupTests {
    @Test func printsNamePriceAndSource() async throws {
        let result = await QuoteLookup.run(symbol: "aapl", json: false, databasePath: nil, environment: [:])
        let text = try result.get()
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "AAPL  Apple Inc. (NASDAQ)")
        #expect(lines.count == 3)
        #expect(
            lines[1].range(
                of: #"^\d+\.\d{2}  [+-]\d+\.\d{2} \([+-]\d+\.\d{2}%\)  close of \d{4}-\d{2}-\d{2}$"#, options: .regularExpression)
                != nil, "\(lines[1])")
        #expect(lines.last == "Simulated market")
    }

    @Test func printsTheAPIsJSON() async throws {
        let text = try await QuoteLookup.run(symbol: "MSFT", json: true, databasePath: nil, environment: [:]).get()
        let object = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["symbol"] as? String == "MSFT")
        #expect(object["source"] as? String == "simulated")
        #expect(object["price"] is String)
        #expect(Set(object.keys).isSuperset(of: ["name", "description", "exchange", "change", "changePercent", "asOf", "stale"]))
    }

    @Test(
        "fails with a message and an exit code",
        arguments: [
            ("ZZZZZZ", [:], Int32(1), "unknown symbol ZZZZZZ"),
            ("AA;PL", [:], Int32(64), "is not a ticker symbol"),
            ("AAPL", ["POLYGON_RATE_LIMIT": "fast"], Int32(2), "POLYGON_RATE_LIMIT"),
        ] as [(String, [String: String], Int32, String)])
    func failures(symbol: String, environment: [String: String], exitCode: Int32, message: String) async {
        let result = await QuoteLookup.run(symbol: symbol, json: false, databasePath: nil, environment: environment)
        guard case .failure(let failure) = result else {
            Issue.record("expected a failure, got \(result)")
            return
        }
        #expect(failure.exitCode == exitCode)
        #expect(failure.message.contains(message), "\(failure.message)")
    }

    @Test func anUnreachableSourceFailsWithoutShowingTheKey() async {
        let key = "sekrit-key-123456"
        let environment = ["POLYGON_API_KEY": key, "POLYGON_BASE_URL": "http://127.0.0.1:9", "POLYGON_RATE_LIMIT": "100"]
        let result = await QuoteLookup.run(symbol: "AAPL", json: false, databasePath: nil, environment: environment)
        guard case .failure(let failure) = result else {
            Issue.record("expected a failure, got \(result)")
            return
        }
        #expect(failure.exitCode == 2)
        #expect(failure.message.contains("unavailable"), "\(failure.message)")
        #expect(!failure.message.contains(key))
    }

    @Test("a price not in within a second: one line says it is loading, then the priced answer", arguments: [false, true])
    func aLatePriceIsWaitedFor(json: Bool) async throws {
        let source = try await SlowPricesSource.start(delay: .seconds(2))
        defer { source.stop() }
        let environment = ["MASSIVE_API_KEY": "test-key", "MASSIVE_BASE_URL": source.url, "MASSIVE_RATE_LIMIT": "100"]
        let progress = Mutex<[String]>([])
        let text = try await QuoteLookup.run(
            symbol: "AAPL", json: json, databasePath: nil, environment: environment,
            progress: { line in progress.withLock { $0.append(line) } }
        ).get()

        #expect(progress.withLock { $0 } == ["AAPL: loading its price (Massive's free tier: 5 requests a minute)…"])
        if json {
            let object = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            #expect(object["pending"] as? Bool == false)
            #expect(object["price"] is String)
            #expect(object["source"] as? String == "polygon")
        } else {
            let lines = text.split(separator: "\n").map(String.init)
            #expect(lines.first == "AAPL  Apple Inc. (NASDAQ)")
            #expect(lines.count == 3)
            #expect(lines[1].contains("close of"), "\(lines[1])")
        }
    }
}
