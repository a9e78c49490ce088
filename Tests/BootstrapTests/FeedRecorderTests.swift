import BourseCore
import Foundation
import TestSupport
import Testing

@testable import Bootstrap
@testable import BourseApp

/// `bourse exchange record` against the embedded simulated feed over a real WebSocket, and the
/// file it writes replayed by `bourse exchange replay`.
@Suite("Feed recorder")
struct FeedRecorderTests {
    @Test func recordsValidConsecutiveTicksThatReplayAccepts() async throws {
        let folder = try TemporaryFolder()
        let ticksPath = folder.file("ticks.jsonl").path

        let summary = try await FeedRecorder.run(.init(seconds: 6, output: ticksPath), environment: [:]).get()

        let lines = try String(contentsOfFile: ticksPath, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(summary.ticks == lines.count)
        #expect(lines.count >= 2)
        let ticks = try lines.map { try FeedTick.parse($0) }
        #expect(zip(ticks, ticks.dropFirst()).allSatisfy { $1.seq == $0.seq + 1 })

        // A market buy at the second tick fills from that tick's asks, at their prices.
        let second = try #require(ticks.dropFirst().first)
        let ordersPath = folder.file("orders.jsonl").path
        try #"{"id":"b1","atSeq":\#(second.seq),"side":"buy","type":"market","quantity":1}"#
            .write(toFile: ordersPath, atomically: true, encoding: .utf8)
        let replayed = try ExchangeReplay.run(feedPath: ticksPath, ordersPath: ordersPath, json: true).get()
        let document = try #require(JSONSerialization.jsonObject(with: Data(replayed.utf8)) as? [String: Any])
        let order = try #require((document["orders"] as? [[String: Any]])?.first)
        #expect(order["status"] as? String == "FILLED")
        #expect((order["fills"] as? [[String: Any]])?.first?["price"] as? String == second.bestAsk?.price.description)
    }

    @Test func recordsTheTicksAProvidersQuotesAndTradesMake() async throws {
        let embedded = try #require(try await EmbeddedServices.start(.feed))
        let ticking = embedded.feed?.start()
        defer {
            ticking?.cancel()
            embedded.stop()
        }
        let alpaca = embedded.feedURL.absoluteString.replacingOccurrences(of: "/feed", with: "/v2/iex")
        let environment = [
            "BOURSE_FEED": "alpaca", "BOURSE_FEED_URL": alpaca, "APCA_API_KEY_ID": "id", "APCA_API_SECRET_KEY": "secret",
        ]
        let folder = try TemporaryFolder()
        let ticksPath = folder.file("ticks.jsonl").path

        let summary = try await FeedRecorder.run(
            .init(seconds: 4, output: ticksPath, symbol: "aapl"), environment: environment
        ).get()

        let ticks = try String(contentsOfFile: ticksPath, encoding: .utf8).split(separator: "\n").map {
            try FeedTick.parse(String($0))
        }
        #expect(summary.ticks == ticks.count && ticks.count >= 2)
        #expect(summary.feed.hasSuffix("/v2/iex"))
        #expect(ticks.map(\.seq) == Array(1...Int64(ticks.count)))
        #expect(ticks.allSatisfy { $0.symbol == "AAPL" && $0.bids.count <= 1 && $0.asks.count <= 1 })
    }

    @Test func aProviderWithoutItsKeysIsASettingError() async {
        let result = await FeedRecorder.run(.init(seconds: 1), environment: ["BOURSE_FEED": "alpaca"])
        guard case .failure(let failure) = result else {
            Issue.record("a provider's feed without its keys must fail")
            return
        }
        #expect(failure.message.contains("APCA_API_KEY_ID") && failure.exitCode == 64)
    }

    @Test func aFeedURLThatIsNotAWebSocketIsRefused() async {
        let result = await FeedRecorder.run(.init(seconds: 1, feed: "http://127.0.0.1:1/feed?key=secret"), environment: [:])
        guard case .failure(let failure) = result else {
            Issue.record("an http URL was accepted")
            return
        }
        #expect(failure.exitCode == 64)
        #expect(!failure.message.contains("secret"))
    }
}
