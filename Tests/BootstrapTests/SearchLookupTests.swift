import BourseCore
import Foundation
import Testing

@testable import Bootstrap
@testable import BourseApp

/// `bourse search`: columns, JSON and exit codes, over the bundled listings.
@Suite("bourse search")
struct SearchLookupTests {
    @Test func printsAlignedColumns() throws {
        let text = try SearchLookup.run(query: "bank of", limit: 4, json: false).get()
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines.first?.hasPrefix("BAC ") == true, "\(text)")
        #expect(lines.contains { $0.contains("  Bank of America Corporation") && $0.hasSuffix("  NYSE") }, "\(text)")
        let exchangeColumn = lines.map { line in
            line.range(of: "  (NASDAQ|NYSE American|NYSE)$", options: .regularExpression).map {
                line.distance(from: line.startIndex, to: $0.lowerBound)
            }
        }
        #expect(Set(exchangeColumn).count == 1, "\(text)")
    }

    @Test func printsTheAPIsJSON() throws {
        let text = try SearchLookup.run(query: "AAPL", limit: 10, json: true).get()
        let object = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let results = try #require(object["results"] as? [[String: String]])
        #expect(results.first == ["symbol": "AAPL", "name": "Apple Inc.", "exchange": "NASDAQ"])
    }

    @Test func noMatchIsSaidInWords() throws {
        #expect(try SearchLookup.run(query: "zzzzqqq", limit: 10, json: false).get() == #"No listing matches "zzzzqqq"."#)
    }

    @Test(
        "fails with a message and an exit code",
        arguments: [
            ("", 10, Int32(64), "the query is empty"),
            ("   ", 10, Int32(64), "the query is empty"),
            (String(repeating: "a", count: 101), 10, Int32(64), "the query is 101 characters long"),
            ("app", 0, Int32(64), "--limit must be from 1 to 1000"),
            ("app", 1001, Int32(64), "--limit must be from 1 to 1000"),
        ] as [(String, Int, Int32, String)])
    func failures(query: String, limit: Int, exitCode: Int32, message: String) {
        let result = SearchLookup.run(query: query, limit: limit, json: false)
        guard case .failure(let failure) = result else {
            Issue.record("expected a failure, got \(result)")
            return
        }
        #expect(failure.exitCode == exitCode)
        #expect(failure.message.contains(message), "\(failure.message)")
    }

    @Test func listingsThatCannotLoadAreExit2() {
        struct Broken: Error {}
        let result = SearchLookup.run(query: "app", limit: 10, json: false, listings: { throw Broken() })
        guard case .failure(let failure) = result else {
            Issue.record("expected a failure, got \(result)")
            return
        }
        #expect(failure.exitCode == 2)
    }
}
