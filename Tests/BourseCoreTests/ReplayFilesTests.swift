import Foundation
import Testing

@testable import BourseCore

/// One replay per rule of SPEC.md §10 (`Replays/<rule>/`): a feed, a script, and the table
/// `bourse exchange replay` prints, worked out by hand from the rules (docs/exchange.md), not
/// recorded from the engine.
@Suite("Replays of the order rules, against outputs written by hand")
struct ReplayFilesTests {
    static let rules = [
        "stop", "stop-limit", "step-order", "trailing-amount", "trailing-percent", "day", "ioc-fok", "bracket",
        "bracket-cancel",
    ]

    static func file(_ rule: String, _ name: String) throws -> String {
        let url = try #require(Bundle.module.url(forResource: "Replays/\(rule)/\(name)", withExtension: nil))
        return try String(contentsOf: url, encoding: .utf8)
    }

    @Test(arguments: rules, RestingOrderIndexKind.allCases)
    func theReplayPrintsWhatTheRulesSay(rule: String, index: RestingOrderIndexKind) throws {
        let replay = try Replay.parse(feed: Self.file(rule, "feed.jsonl"), orders: Self.file(rule, "orders.jsonl"))

        let result = replay.run(index: index)

        #expect(result.text == (try Self.file(rule, "expected.txt")))
    }

    @Test func everyRuleHasItsReplayAndNoReplayIsLeftOut() throws {
        let folder = try #require(Bundle.module.url(forResource: "Replays", withExtension: nil))
        let found = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasSuffix(".md") }
        #expect(found.sorted() == Self.rules.sorted())
    }
}
