import BourseCore
import Foundation
import Testing

@testable import FeedProviders

/// Alpaca's and Massive's dialects as pure state machines, and the quote book that makes their
/// quotes and trades into ticks.
@Suite("Provider dialects")
struct ProviderDialectTests {
    @Test func alpacaAnswersTheWelcomeWithTheKeyAndTheConfirmationWithTheSubscription() {
        var dialect = AlpacaStreamDialect(symbol: "MSFT", key: "K\"1", secret: "S2")
        let welcome = dialect.read(#"[{"T":"success","msg":"connected"}]"#)
        #expect(welcome.replies == [#"{"action":"auth","key":"K\"1","secret":"S2"}"#])
        let confirmed = dialect.read(#"[{"T":"success","msg":"authenticated"}]"#)
        #expect(confirmed.replies == [#"{"action":"subscribe","trades":["MSFT"],"quotes":["MSFT"]}"#])
        let subscribed = dialect.read(#"[{"T":"subscription","trades":["MSFT"],"quotes":["MSFT"],"bars":[]}]"#)
        #expect(subscribed.notes == ["subscribed to the trades and quotes of MSFT"] && subscribed.refusal == nil)
        // A second welcome is out of turn: reported, not answered with the key again.
        let again = dialect.read(#"[{"T":"success","msg":"connected"}]"#)
        #expect(again.replies.isEmpty && again.problems.count == 1)
    }

    @Test func alpacaSubscriptionWithoutTheSymbolIsARefusal() {
        var dialect = AlpacaStreamDialect(symbol: "MSFT", key: "k", secret: "s")
        let reading = dialect.read(#"[{"T":"subscription","trades":[],"quotes":["MSFT"]}]"#)
        #expect(reading.refusal?.reason == "Alpaca did not subscribe the trades and quotes of MSFT")
    }

    @Test(arguments: [
        (402, true, "APCA_API_KEY_ID"), (409, true, "IEX"), (406, true, "one stream connection"),
        (405, true, "--feed-symbol"), (410, true, "--feed-symbol"), (404, true, "v2 stream"),
        (407, false, ""), (500, false, ""),
    ])
    func alpacaErrorsAreRefusalsOrReconnections(code: Int, refused: Bool, fixMentions: String) {
        var dialect = AlpacaStreamDialect(symbol: "AAPL", key: "k", secret: "s")
        let reading = dialect.read(#"[{"T":"error","code":\#(code),"msg":"something"}]"#)
        #expect(reading.endsConnection)
        #expect((reading.refusal != nil) == refused)
        #expect((reading.closing != nil) == !refused)
        if refused { #expect(reading.refusal?.fix.contains(fixMentions) == true) }
    }

    @Test func providerTextNeverRepeatsASecretOrControlCharacters() {
        var dialect = AlpacaStreamDialect(symbol: "AAPL", key: "KEY123", secret: "SECRET456")
        let long = String(repeating: "x", count: 300)
        let reading = dialect.read(#"[{"T":"error","code":402,"msg":"bad KEY123/SECRET456\u0007 \#(long)"}]"#)
        let reason = reading.refusal?.reason ?? ""
        #expect(!reason.contains("KEY123") && !reason.contains("SECRET456") && !reason.contains("\u{7}"))
        #expect(reason.contains("[secret]/[secret]") && reason.hasSuffix("…)"))
    }

    @Test func subPennyPricesMoveOntoTheTickAgainstTheTaker() {
        var dialect = AlpacaStreamDialect(symbol: "AAPL", key: "k", secret: "s")
        let reading = dialect.read(
            #"[{"T":"q","S":"AAPL","bp":0.5567,"bs":2,"ap":0.5571,"as":1,"t":"2026-11-20T14:30:00Z"},"#
                + #"{"T":"t","S":"AAPL","p":0.5650,"s":10,"t":"2026-11-20T14:30:00Z"},"#
                + #"{"T":"t","S":"AAPL","p":0.5550,"s":10,"t":"2026-11-20T14:30:00Z"},"#
                + #"{"T":"q","S":"MSFT","bp":1,"bs":1,"ap":2,"as":1,"t":"2026-11-20T14:30:00Z"}]"#)
        #expect(reading.problems.isEmpty)
        let time = Timestamp.parseISO8601("2026-11-20T14:30:00Z")!
        #expect(
            reading.updates == [
                .quote(
                    bid: BookLevel(price: Price(ticks: 55), quantity: 200),
                    ask: BookLevel(price: Price(ticks: 56), quantity: 100),
                    time: time),
                .trade(LastTrade(price: Price(ticks: 56), size: 10), time: time),
                .trade(LastTrade(price: Price(ticks: 56), size: 10), time: time),
            ])
    }

    @Test func massiveHandshakeAndItsRefusals() {
        var dialect = MassiveStreamDialect(symbol: "AAPL", key: "MK")
        #expect(
            dialect.read(#"[{"ev":"status","status":"connected","message":"x"}]"#).replies == [
                #"{"action":"auth","params":"MK"}"#
            ])
        #expect(
            dialect.read(#"[{"ev":"status","status":"auth_success","message":"ok"}]"#).replies
                == [#"{"action":"subscribe","params":"T.AAPL,Q.AAPL"}"#])
        let first = dialect.read(#"[{"ev":"status","status":"success","message":"subscribed to: T.AAPL"}]"#)
        #expect(first.notes.isEmpty)
        let second = dialect.read(#"[{"ev":"status","status":"success","message":"subscribed to: Q.AAPL"}]"#)
        #expect(second.notes == ["subscribed to the trades and quotes of AAPL"])
        var refused = MassiveStreamDialect(symbol: "AAPL", key: "MK")
        let limit = refused.read(
            #"[{"ev":"status","status":"max_connections","message":"Maximum number of websocket connections exceeded."}]"#)
        #expect(limit.refusal?.fix.contains("one stocks WebSocket per account") == true)
        let odd = refused.read(#"[{"ev":"status","status":"mystery","message":"?"}]"#)
        #expect(odd.problems.count == 1 && odd.refusal == nil)
        let badTime = refused.read(#"[{"ev":"T","sym":"AAPL","p":1.5,"s":1,"t":"1763649000125"}]"#)
        #expect(badTime.problems.first?.reason.contains("Unix milliseconds") == true)
    }

    @Test func theQuoteBookNumbersTicksKeepsTheLastTradeAndForgetsTheQuoteOnANewConnection() {
        var book = QuoteBook(symbol: "AAPL")
        let t0 = Date(timeIntervalSince1970: 1_763_649_000)
        let bid = BookLevel(price: Price(ticks: 100_00), quantity: 100)
        let ask = BookLevel(price: Price(ticks: 100_02), quantity: 100)
        guard case .tick(let first) = book.apply(.quote(bid: bid, ask: ask, time: t0)),
            case .tick(let second) = book.apply(.trade(LastTrade(price: Price(ticks: 100_01), size: 5), time: t0 + 1))
        else {
            Issue.record("expected two ticks")
            return
        }
        #expect((first.seq, second.seq) == (1, 2))
        #expect(second.bids == [bid] && second.last?.size == 5)
        book.connectionLost()
        guard case .tick(let third) = book.apply(.trade(LastTrade(price: Price(ticks: 100_03), size: 1), time: t0 + 2)) else {
            Issue.record("expected a tick")
            return
        }
        #expect(third.seq == 3 && third.bids.isEmpty && third.asks.isEmpty)
        // After a new connection the quote starts over: an older quote time is fine again.
        guard case .tick(let fourth) = book.apply(.quote(bid: bid, ask: ask, time: t0 - 10)) else {
            Issue.record("expected a tick")
            return
        }
        #expect(fourth.time == t0 + 2)
        if case .outOfOrder(let why) = book.apply(.trade(LastTrade(price: Price(ticks: 1), size: 1), time: t0)) {
            #expect(why == "a trade from 2.0 s before the last one")
        } else {
            Issue.record("a trade older than the last trade is dropped")
        }
    }
}
