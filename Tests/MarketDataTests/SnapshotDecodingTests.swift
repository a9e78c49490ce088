import BourseCore
import Foundation
import MarketData
import Testing

@testable import MarketDataLive

/// The whole market's snapshot, read ticker by ticker (never as one tree): the same prices as
/// reading it whole, and the same refusals of a body that is not a snapshot.
@Suite("Snapshot decoding")
struct SnapshotDecodingTests {
    /// 2026-11-20 15:00 New York (20:00 UTC), in Unix nanoseconds.
    static let updated: Int64 = 1_795_204_800 * 1_000_000_000

    static func ticker(_ symbol: String, day: String, previous: String, updated: Int64 = updated) -> String {
        #"{"ticker":"\#(symbol)","updated":\#(updated),"day":\#(day),"prevDay":\#(previous),"min":{"c":1}}"#
    }

    static func bar(_ close: String) -> String { #"{"o":1,"h":300,"l":0.5,"c":\#(close),"v":1200}"# }

    static let empty = #"{"o":0,"h":0,"l":0,"c":0,"v":0}"#

    @Test func everyTickerIsReadAndTheDayIsTheNewestUpdate() throws {
        let tickers = [
            Self.ticker("AAPL", day: Self.bar("192.25"), previous: Self.bar("191.5")),
            Self.ticker("MSFT", day: Self.bar("415.125"), previous: Self.bar("410"), updated: Self.updated - 60_000_000_000),
            // Before the open: the day is cleared, the day before is still there.
            Self.ticker("IBM", day: Self.empty, previous: Self.bar("222.75"), updated: 0),
        ]
        let body = #"{"status":"OK","count":3,"tickers":[\#(tickers.joined(separator: ","))]}"#
        let snapshot = try PolygonDecoding.snapshots(Array(body.utf8))
        #expect(snapshot.day == MarketDate(year: 2026, month: 11, day: 20))
        #expect(snapshot.last.mapValues(\.close.description) == ["AAPL": "192.25", "MSFT": "415.125"])
        #expect(snapshot.previous.mapValues(\.close.description) == ["AAPL": "191.5", "MSFT": "410", "IBM": "222.75"])
        #expect(snapshot.last["AAPL"]?.high.description == "300" && snapshot.last["AAPL"]?.volume.description == "1200")
    }

    @Test func aLargeSnapshotReadsAsItsTickers() throws {
        let symbols = (0..<5_000).map { "S\($0)" }
        let tickers = symbols.map { Self.ticker($0, day: Self.bar("10.01"), previous: Self.bar("9.99")) }
        let body = #"{"status":"OK","tickers":[\#(tickers.joined(separator: ","))]}"#
        let snapshot = try PolygonDecoding.snapshots(Array(body.utf8))
        #expect(snapshot.last.count == 5_000 && snapshot.previous.count == 5_000)
        #expect(Set(snapshot.last.keys) == Set(symbols))
    }

    @Test(
        "a body that is not a snapshot is an invalid answer",
        arguments: [
            (#"{"status":"OK"}"#, "no `tickers` array"),
            (#"{"status":"OK","tickers":{"AAPL":1}}"#, "no `tickers` array"),
            (#"[1,2]"#, "not JSON"),
            (#"{"tickers":[{"ticker":"AAPL","day":{"o":1,"h":2,"l":1,"c":2}}"#, "not JSON"),
            (#"<html>502 Bad Gateway</html>"#, "not JSON"),
            (#"{"tickers":[{"updated":1,"day":{"o":1,"h":2,"l":1,"c":2}}]}"#, "has no `ticker`"),
            (#"{"tickers":[]}"#, "no day's prices yet"),
        ])
    func notASnapshot(body: String, reason: String) {
        #expect {
            try PolygonDecoding.snapshots(Array(body.utf8))
        } throws: { error in
            guard case .invalidResponse(let text) = error as? MarketDataError else { return false }
            return text.contains(reason)
        }
    }
}
