import Foundation
import Testing

@testable import BourseCore

@Suite("Feed tick JSON")
struct FeedTickJSONTests {
    static let time = Timestamp.parseISO8601("2026-11-20T14:30:00.125Z")!

    static func tick(
        seq: Int64 = 7, last: LastTrade? = LastTrade(price: Price(ticks: 101_25), size: 100),
        bids: [BookLevel] = [
            BookLevel(price: Price(ticks: 101_24), quantity: 300), BookLevel(price: Price(ticks: 101_23), quantity: 500),
        ],
        asks: [BookLevel] = [
            BookLevel(price: Price(ticks: 101_26), quantity: 200), BookLevel(price: Price(ticks: 101_28), quantity: 150),
        ]
    ) -> FeedTick {
        FeedTick(seq: seq, time: time, symbol: "AAPL", last: last, bids: bids, asks: asks)
    }

    @Test func writesTheProtocolsExactText() {
        #expect(
            Self.tick().jsonText
                == #"{"type":"tick","seq":7,"time":"2026-11-20T14:30:00.125Z","symbol":"AAPL","last":{"price":"101.25","size":100},"bids":[["101.24",300],["101.23",500]],"asks":[["101.26",200],["101.28",150]]}"#
        )
    }

    @Test(
        "round trip",
        arguments: [
            FeedTickJSONTests.tick(), FeedTickJSONTests.tick(seq: 1, last: nil),
            FeedTickJSONTests.tick(seq: Int64.max, bids: [], asks: []),
            FeedTickJSONTests.tick(bids: (0..<10).map { BookLevel(price: Price(ticks: 101_24 - Int64($0)), quantity: 1 + $0) }),
        ])
    func roundTrip(tick: FeedTick) throws {
        #expect(try FeedTick.parse(tick.jsonText) == tick)
    }

    @Test func theTemplateMessageIsValid() throws {
        #expect(try FeedTick.parse(feedMessage("seq", "7")) == Self.tick())
    }

    @Test func roundTripKeepsEveryMillisecond() throws {
        // A Date read from "…00.125Z" may hold 0.12499999…; it must still be written "…00.125Z".
        var failures: [String] = []
        for milliseconds in stride(from: Int64(2_179_059_363_000), to: 2_179_059_365_000, by: 1) {
            let date = Timestamp.fromUnixMilliseconds(milliseconds)
            let text = Timestamp.iso8601Milliseconds(date)
            if Timestamp.parseISO8601(text).map(Timestamp.unixMilliseconds) != milliseconds { failures.append(text) }
        }
        #expect(failures.isEmpty)
        #expect(Timestamp.iso8601Milliseconds(Timestamp.fromUnixMilliseconds(2_179_059_363_286)) == "2039-01-19T14:16:03.286Z")
    }

    @Test(
        "accepts",
        arguments: [
            ("seq", "7.0"), ("last", "null"), ("time", #""2026-11-20T14:30:00Z""#),
            ("time", #""2026-11-20T14:30:00.1Z""#), ("time", #""2026-11-20T14:30:00.123456789Z""#),
            ("bids", "[]"), ("asks", "[]"), ("extra", #""ignored""#), ("last", #"{"price":"101.2","size":1}"#),
        ])
    func accepts(key: String, value: String) throws {
        _ = try FeedTick.parse(feedMessage(key, value))
    }

    @Test(
        "refuses with a reason",
        arguments: [
            ("", "not JSON"),
            ("[1,2]", "not a JSON object"),
            ("{\"type\":\"tick\"", "not JSON"),
            (feedMessage("type", nil), "no \"type\""),
            (feedMessage("type", #""quote""#), "unknown type \"quote\""),
            (feedMessage("type", "1"), "no \"type\""),
            (feedMessage("seq", "0"), "\"seq\" must be a positive whole number"),
            (feedMessage("seq", "-3"), "\"seq\" must be a positive whole number"),
            (feedMessage("seq", "1.5"), "\"seq\" must be a positive whole number"),
            (feedMessage("seq", #""7""#), "\"seq\" must be a positive whole number"),
            (feedMessage("seq", "99999999999999999999"), "\"seq\" must be a positive whole number"),
            (feedMessage("seq", nil), "\"seq\" must be a positive whole number"),
            (feedMessage("time", #""2026-11-20 14:30:00Z""#), "\"time\" must be"),
            (feedMessage("time", #""2026-11-20T14:30:00.125+01:00""#), "\"time\" must be"),
            (feedMessage("time", #""2026-02-30T14:30:00Z""#), "\"time\" must be"),
            (feedMessage("time", #""2026-11-20T24:00:00Z""#), "\"time\" must be"),
            (feedMessage("time", #""2026-11-20T14:30:00.Z""#), "\"time\" must be"),
            (feedMessage("time", "1763649000125"), "\"time\" must be"),
            (feedMessage("symbol", #""""#), "no \"symbol\""),
            (feedMessage("symbol", nil), "no \"symbol\""),
            (feedMessage("last", #"{"price":101.25,"size":100}"#), "last.price: the price must be a decimal string"),
            (feedMessage("last", #"{"price":"101.255","size":100}"#), "off the tick size"),
            (feedMessage("last", #"{"price":"101.25","size":0}"#), "last.size: the quantity must be a positive whole number"),
            (feedMessage("last", #"{"price":"101.25"}"#), "\"last\" must be"),
            (feedMessage("last", "[]"), "\"last\" must be"),
            (feedMessage("bids", #"[[101.24,300]]"#), "bids[0]: the price must be a decimal string"),
            (feedMessage("bids", #"[["101.245",300]]"#), "bids[0]: 101.245 is off the tick size"),
            (feedMessage("bids", #"[["abc",300]]"#), "bids[0]: \"abc\" is not a price"),
            (feedMessage("bids", #"[["0.00",300]]"#), "bids[0]: the price must be above zero"),
            (feedMessage("bids", #"[["-1.00",300]]"#), "bids[0]: the price must be above zero"),
            (feedMessage("bids", #"[["101.24",0]]"#), "bids[0]: the quantity must be a positive whole number"),
            (feedMessage("bids", #"[["101.24",-5]]"#), "bids[0]: the quantity must be a positive whole number"),
            (feedMessage("bids", #"[["101.24",2.5]]"#), "bids[0]: the quantity must be a positive whole number"),
            (feedMessage("bids", #"[["101.24","300"]]"#), "bids[0]: the quantity must be a positive whole number"),
            (feedMessage("bids", #"[["101.24"]]"#), "bids[0] must be [price, quantity]"),
            (feedMessage("bids", #"{"101.24":300}"#), "\"bids\" must be an array"),
            (feedMessage("asks", nil), "\"asks\" must be an array"),
            (
                feedMessage("bids", "[" + (0..<11).map { #"["\#(101 - $0).00",1]"# }.joined(separator: ",") + "]"),
                "\"bids\" has 11 levels; at most 10"
            ),
            (
                feedMessage("asks", "[" + (0..<11).map { #"["\#(102 + $0).00",1]"# }.joined(separator: ",") + "]"),
                "\"asks\" has 11 levels; at most 10"
            ),
            (feedMessage("bids", #"[["101.23",300],["101.24",500]]"#), "bids[1]: 101.24 is not below 101.23"),
            (feedMessage("bids", #"[["101.24",300],["101.24",500]]"#), "bids[1]: 101.24 is not below 101.24"),
            (feedMessage("asks", #"[["101.28",300],["101.26",500]]"#), "asks[1]: 101.26 is not above 101.28"),
            (feedMessage("asks", #"[["101.24",200]]"#), "crossed book: best bid 101.24 is not below best ask 101.24"),
            (feedMessage("asks", #"[["101.20",200]]"#), "crossed book"),
        ] as [(String, String)])
    func refuses(text: String, reason: String) {
        #expect {
            try FeedTick.parse(text)
        } throws: { error in
            guard let error = error as? FeedMessageError else { return false }
            return error.reason.contains(reason)
        }
    }
}

/// A valid message with one member's JSON replaced (or removed when `value` is nil).
func feedMessage(_ key: String, _ value: String?) -> String {
    var members: [(String, String)] = [
        ("type", #""tick""#), ("seq", "7"), ("time", #""2026-11-20T14:30:00.125Z""#), ("symbol", #""AAPL""#),
        ("last", #"{"price":"101.25","size":100}"#), ("bids", #"[["101.24",300],["101.23",500]]"#),
        ("asks", #"[["101.26",200],["101.28",150]]"#),
    ]
    if let index = members.firstIndex(where: { $0.0 == key }) {
        if let value { members[index].1 = value } else { members.remove(at: index) }
    } else if let value {
        members.append((key, value))
    }
    return "{" + members.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
}
