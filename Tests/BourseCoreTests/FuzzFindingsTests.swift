import Foundation
import Testing

@testable import BourseCore

/// Inputs the libFuzzer harnesses (`Fuzz/`, docs/fuzzing.md) found to crash a parser or break one
/// of its invariants, each kept here once fixed. The same inputs are in `Fuzz/Corpus/`, so every
/// fuzzing run starts from them too.
@Suite("Fuzz findings: inputs that once crashed a parser or broke its invariants")
struct FuzzFindingsTests {
    /// FuzzDecimal, FuzzOrderRequest: a price of 38 digits trapped on an Int128 overflow while it
    /// was turned into ticks (× 100), so one order body could stop the server.
    static let hugePrices = [
        "99999999999999999999999999999999999999", "9999999999999999999999999999999999999.9",
        "1917518180000000000000000000000191751", "-99999999999999999999999999999999999999",
    ]

    @Test(arguments: hugePrices)
    func aPriceTooLargeForTicksIsOutOfRangeNotATrap(text: String) throws {
        let value = try ExactDecimal(parsing: text)

        #expect(throws: PriceError.outOfRange(value.normalized().description)) { try Price(value) }
        #expect(throws: PriceError.outOfRange(value.normalized().description)) { try Price(parsing: text) }
    }

    @Test(
        arguments: [
            (#"{"side":"buy","type":"limit","quantity":1,"price":"99999999999999999999999999999999999999"}"#, hugePrices[0]),
            (
                #"{"side":"buy","type":"limit","quantity":1000000000,"price":"1917518180000000000000000000000191751"}"#,
                hugePrices[2]
            ),
            (#"{"side":"sell","type":"limit","quantity":1,"price":1e37}"#, "1e37"),
        ])
    func anOrderWithAHugePriceIsRefusedAsTooLarge(body: String, shown: String) throws {
        let json = try JSONReader.parse(body)

        #expect(throws: OrderError.priceTooLarge(.price, shown)) { try OrderRequest.parse(json) }
    }

    @Test func aTickWithAHugePriceIsRefusedWithAReason() {
        let message =
            #"{"type":"tick","seq":1,"time":"2026-11-20T14:30:00Z","symbol":"X","last":null,"bids":[["99999999999999999999999999999999999999",1]],"asks":[]}"#

        #expect(throws: FeedMessageError("bids[0]: 99999999999999999999999999999999999999 is too large to be a price")) {
            try FeedTick.parse(message)
        }
    }

    /// FuzzReplay: "\r\n" is one Character, so splitting the files on the Character "\n" read a
    /// whole CRLF file as one line ("unexpected text after the document").
    @Test func aReplayWithCRLFLineEndsReadsAsWithLF() throws {
        let crlf = { (text: String) in text.replacing("\n", with: "\r\n") }

        let lf = try Replay.parse(feed: ReplayTests.feed, orders: ReplayTests.orders)
        let windows = try Replay.parse(feed: crlf(ReplayTests.feed), orders: crlf(ReplayTests.orders))

        #expect(windows == lf)
        #expect(windows.entries.map(\.line) == [1, 2, 4, 5, 6, 7, 8, 9])
    }

    @Test func aBadLineOfACRLFFileIsReportedWithItsOwnNumber() {
        let feed =
            "{\"type\":\"tick\",\"seq\":1,\"time\":\"2026-11-20T14:30:00Z\",\"symbol\":\"X\",\"last\":null,\"bids\":[],\"asks\":[]}\r\n\r\nnot json\r\n"

        let error = #expect(throws: ReplayInputError.self) { try Replay.parse(feed: feed, orders: "") }

        #expect(error?.lines.map(\.line) == [3])
    }

    /// FuzzTimestamp, FuzzFeedTick: past about 2100 a Date's Double no longer holds microseconds,
    /// and `* 1_000_000` went beyond 2^53, so "6026-11-20T14:30:00.125Z" came back as "…00.124Z".
    @Test(
        arguments: [
            "6026-11-20T14:30:00.125Z", "2106-02-07T06:28:16.001Z", "9999-12-31T23:59:59.999Z", "6967-12-31T23:59:59.123Z",
            "2262-04-11T23:47:16.854Z", "0000-01-01T00:00:00.001Z", "1969-12-31T23:59:59.999Z",
        ])
    func aFarTimeIsWrittenBackToTheSameMillisecond(text: String) throws {
        let date = try #require(Timestamp.parseISO8601(text))

        #expect(Timestamp.iso8601Milliseconds(date) == text)
    }

    @Test func aTickFromTheFarFutureKeepsItsMillisecondInARoundTrip() throws {
        let message =
            #"{"seq":7.0e0,"type":"tick","time":"6967-12-31T23:59:59.123456789Z","symbol":"\u00c9","last":{"size":1e2,"price":"0.01"},"bids":[["1.1",1]],"asks":[["1.20",2.0]]}"#

        let tick = try FeedTick.parse(message)

        #expect(tick.jsonText.contains(#""time":"6967-12-31T23:59:59.123Z""#))
        #expect(try FeedTick.parse(tick.jsonText) == tick)
    }
}
