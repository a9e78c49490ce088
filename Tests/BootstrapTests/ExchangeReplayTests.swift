import BourseCore
import Foundation
import TestSupport
import Testing

@testable import Bootstrap
@testable import BourseApp

/// `bourse exchange replay` from files: the recorded feed and the order script, as the command
/// reads them.
@Suite("Exchange replay command")
struct ExchangeReplayTests {
    /// The feed and the orders written to `ticks.jsonl` and `orders.jsonl` in a folder that
    /// goes away with the answer.
    static func files(feed: String, orders: String) throws -> (folder: TemporaryFolder, feed: String, orders: String) {
        let folder = try TemporaryFolder()
        let feedPath = folder.file("ticks.jsonl").path
        let ordersPath = folder.file("orders.jsonl").path
        try feed.write(toFile: feedPath, atomically: true, encoding: .utf8)
        try orders.write(toFile: ordersPath, atomically: true, encoding: .utf8)
        return (folder, feedPath, ordersPath)
    }

    static let feed = """
        {"type":"tick","seq":1,"time":"2026-11-20T14:30:00.000Z","symbol":"AAPL","last":{"price":"101.25","size":100},"bids":[["101.24",300]],"asks":[["101.26",200],["101.27",100]]}
        {"type":"tick","seq":2,"time":"2026-11-20T14:30:00.200Z","symbol":"AAPL","last":{"price":"101.21","size":50},"bids":[["101.19",300]],"asks":[["101.20",60],["101.22",100]]}
        """

    @Test func replaysTheScriptAgainstTheRecordedBookAsJSON() throws {
        let files = try Self.files(
            feed: Self.feed,
            orders: """
                {"id":"m1","atSeq":1,"side":"buy","type":"market","quantity":250}
                {"id":"l1","atSeq":1,"side":"buy","type":"limit","quantity":100,"price":"101.20"}
                {"cancel":"l1","atSeq":2}
                """)

        let output = try ExchangeReplay.run(feedPath: files.feed, ordersPath: files.orders, json: true).get()

        let document = try #require(JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let results = try #require(document["orders"] as? [[String: Any]])
        #expect(results.map { $0["id"] as? String } == ["m1", "l1"])
        #expect(results[0]["status"] as? String == "FILLED")
        #expect(results[0]["filledQuantity"] as? Int == 250)
        #expect((results[0]["fills"] as? [[String: Any]])?.map { $0["price"] as? String } == ["101.26", "101.27"])
        // l1 waited at 101.20, took the 60 offered there on tick 2, then was cancelled.
        #expect(results[1]["status"] as? String == "CANCELLED")
        #expect(results[1]["filledQuantity"] as? Int == 60)
        #expect((results[1]["fills"] as? [[String: Any]])?.first?["seq"] as? Int == 2)
    }

    @Test func everyMalformedLineIsReportedWithItsFileAndLineAndNothingRuns() throws {
        let files = try Self.files(
            feed: Self.feed + "\nnot a tick",
            orders: """
                {"id":"a","atSeq":1,"side":"buy","type":"market","quantity":0}
                {"id":"b","atSeq":1,"side":"buy","type":"market","quantity":10}
                {"cancel":"zz","atSeq":2}
                """)

        let result = ExchangeReplay.run(feedPath: files.feed, ordersPath: files.orders, json: true)

        guard case .failure(let failure) = result else {
            Issue.record("a replay with malformed lines ran")
            return
        }
        #expect(failure.exitCode == 65)
        #expect(failure.message.contains("ticks.jsonl:3:"))
        #expect(failure.message.contains("orders.jsonl:1:"))
        #expect(failure.message.contains("orders.jsonl:3:"))
        #expect(!failure.message.contains("orders.jsonl:2:"))
    }

    @Test func aMissingFileIsACleanError() {
        let result = ExchangeReplay.run(feedPath: "/nonexistent/ticks.jsonl", ordersPath: "/nonexistent/o.jsonl", json: false)
        guard case .failure(let failure) = result else {
            Issue.record("a missing file did not fail")
            return
        }
        #expect(failure.exitCode == 66)
        #expect(failure.message.contains("/nonexistent/ticks.jsonl"))
    }
}
