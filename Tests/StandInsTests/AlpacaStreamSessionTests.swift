import BourseCore
import Foundation
import Testing

@testable import StandIns

/// Alpaca's stream as a state machine: every answer of the contract (docs/feed-protocol.md),
/// word for word, without a socket.
@Suite("Alpaca stream session")
struct AlpacaStreamSessionTests {
    static let time = Date(timeIntervalSince1970: 1_763_649_000.125)

    static func tick(
        seq: Int64 = 7, symbol: String = "AAPL", bid: BookLevel? = BookLevel(price: Price(ticks: 101_24), quantity: 350),
        ask: BookLevel? = BookLevel(price: Price(ticks: 101_26), quantity: 99)
    ) -> FeedTick {
        FeedTick(
            seq: seq, time: time, symbol: symbol, last: LastTrade(price: Price(ticks: 101_25), size: 100),
            bids: bid.map { [$0] } ?? [], asks: ask.map { [$0] } ?? [])
    }

    /// A session logged in and subscribed to `subscribe` (a client message).
    static func subscribed(_ subscribe: String, feed: AlpacaFeed = .iex) -> AlpacaStreamSession {
        var session = AlpacaStreamSession(feed: feed, access: ProviderAccess())
        _ = session.receive(#"{"action":"auth","key":"K","secret":"S"}"#) { _ in true }
        _ = session.receive(subscribe) { _ in true }
        return session
    }

    @Test func greetsThenLogsInAndHoldsTheKey() {
        var session = AlpacaStreamSession(feed: .iex, access: ProviderAccess(alpacaKey: "K", alpacaSecret: "S"))
        #expect(session.greetingText == #"[{"T":"success","msg":"connected"}]"#)
        var claimed: [String] = []
        let reply = session.receive(#"{"action":"auth","key":"K","secret":"S"}"#) { key in
            claimed.append(key)
            return true
        }
        #expect(reply == TextReply([#"[{"T":"success","msg":"authenticated"}]"#]))
        #expect(claimed == ["alpaca:K"])
        #expect(session.claimedKey == "alpaca:K")
        #expect(session.isAuthenticated)
    }

    @Test(arguments: [
        #"{"action":"auth","key":"K","secret":"wrong"}"#, #"{"action":"auth","key":"other","secret":"S"}"#,
        #"{"action":"auth","key":"K"}"#,
    ])
    func refusesOtherCredentialsThanTheConfiguredOnesAndCloses(message: String) {
        var session = AlpacaStreamSession(feed: .iex, access: ProviderAccess(alpacaKey: "K", alpacaSecret: "S"))
        #expect(
            session.receive(message) { _ in true }
                == TextReply([#"[{"T":"error","code":402,"msg":"auth failed"}]"#], close: true))
        #expect(!session.isAuthenticated)
        #expect(session.receive(#"{"action":"auth","key":"K","secret":"S"}"#) { _ in true } == TextReply())
    }

    @Test func withoutConfiguredCredentialsAcceptsAnyNonEmptyOnes() {
        var session = AlpacaStreamSession(feed: .iex, access: ProviderAccess())
        #expect(session.receive(#"{"action":"auth","key":"","secret":"S"}"#) { _ in true }.close)
        var other = AlpacaStreamSession(feed: .iex, access: ProviderAccess())
        #expect(!other.receive(#"{"action":"auth","key":"any","secret":"thing"}"#) { _ in true }.close)
        #expect(other.isAuthenticated)
    }

    @Test func sipNeedsAPaidPlanAndIEXDoesNot() {
        let free = ProviderAccess(tier: .free)
        var sip = AlpacaStreamSession(feed: .sip, access: free)
        #expect(
            sip.receive(#"{"action":"auth","key":"K","secret":"S"}"#) { _ in true }
                == TextReply([#"[{"T":"error","code":409,"msg":"insufficient subscription"}]"#], close: true))
        var iex = AlpacaStreamSession(feed: .iex, access: free)
        #expect(
            iex.receive(#"{"action":"auth","key":"K","secret":"S"}"#) { _ in true }.frames == [
                #"[{"T":"success","msg":"authenticated"}]"#
            ])
        var paidSIP = AlpacaStreamSession(feed: .sip, access: ProviderAccess(tier: .paid))
        #expect(
            paidSIP.receive(#"{"action":"auth","key":"K","secret":"S"}"#) { _ in true }.frames == [
                #"[{"T":"success","msg":"authenticated"}]"#
            ])
    }

    @Test func aKeyInUseIsRefusedAndCloses() {
        var session = AlpacaStreamSession(feed: .iex, access: ProviderAccess())
        let reply = session.receive(#"{"action":"auth","key":"K","secret":"S"}"#) { _ in false }
        #expect(reply == TextReply([#"[{"T":"error","code":406,"msg":"connection limit exceeded"}]"#], close: true))
        #expect(session.claimedKey == nil)
    }

    @Test func anyOtherActionBeforeAuthIsRefusedWithoutClosing() {
        var session = AlpacaStreamSession(feed: .iex, access: ProviderAccess())
        let reply = session.receive(#"{"action":"subscribe","trades":["AAPL"]}"#) { _ in true }
        #expect(reply == TextReply([#"[{"T":"error","code":401,"msg":"not authenticated"}]"#]))
        #expect(!session.receive(#"{"action":"auth","key":"K","secret":"S"}"#) { _ in true }.close)
    }

    @Test func theAuthTimeoutClosesOnlyAConnectionNotLoggedIn() {
        var waiting = AlpacaStreamSession(feed: .iex, access: ProviderAccess())
        #expect(waiting.authTimedOut().text == TextReply([#"[{"T":"error","code":404,"msg":"auth timeout"}]"#], close: true))
        var loggedIn = Self.subscribed(#"{"action":"subscribe","trades":["AAPL"]}"#)
        #expect(loggedIn.authTimedOut() == ProviderReply())
    }

    @Test func subscribeIsAcknowledgedWithTheWholeSubscription() {
        var session = AlpacaStreamSession(feed: .iex, access: ProviderAccess())
        _ = session.receive(#"{"action":"auth","key":"K","secret":"S"}"#) { _ in true }
        let reply = session.receive(#"{"action":"subscribe","trades":["AAPL"],"quotes":["AAPL"]}"#) { _ in true }
        #expect(
            reply.frames == [
                #"[{"T":"subscription","trades":["AAPL"],"quotes":["AAPL"],"bars":[],"updatedBars":[],"dailyBars":[],"statuses":[],"lulds":[],"corrections":["AAPL"],"cancelErrors":["AAPL"]}]"#
            ])
        let after = session.receive(#"{"action":"unsubscribe","trades":["AAPL"]}"#) { _ in true }
        #expect(
            after.frames == [
                #"[{"T":"subscription","trades":[],"quotes":["AAPL"],"bars":[],"updatedBars":[],"dailyBars":[],"statuses":[],"lulds":[],"corrections":[],"cancelErrors":[]}]"#
            ])
    }

    @Test(arguments: [
        ("not json", 400), (#"{"action":"subscribe","trades":"AAPL"}"#, 400), (#"{"action":"subscribe","trades":[1]}"#, 400),
        (#"{"action":"subscribe","orderbooks":["AAPL"]}"#, 410), (#"{"action":"dance"}"#, 400),
    ])
    func badSubscriptionsAreErrors(message: String, code: Int) {
        var session = Self.subscribed(#"{"action":"subscribe","quotes":["AAPL"]}"#)
        let reply = session.receive(message) { _ in true }
        #expect(reply.frames.count == 1)
        #expect(reply.frames.first?.contains("\"code\":\(code)") == true)
        #expect(!reply.close)
        #expect(session.subscriptions["quotes"]?.symbols == ["AAPL"])
    }

    @Test func theFreePlanStreamsAtMostThirtySymbols() {
        var session = AlpacaStreamSession(feed: .iex, access: ProviderAccess(tier: .free))
        _ = session.receive(#"{"action":"auth","key":"K","secret":"S"}"#) { _ in true }
        let symbols = (1...31).map { "\"S\($0)\"" }.joined(separator: ",")
        #expect(
            session.receive(#"{"action":"subscribe","trades":[\#(symbols)]}"#) { _ in true }.frames == [
                #"[{"T":"error","code":405,"msg":"symbol limit exceeded"}]"#
            ])
        #expect(session.subscriptions.isEmpty)
    }

    @Test func aTickWithANewQuoteAndTradeIsOneFrameInRoundLots() {
        let session = Self.subscribed(#"{"action":"subscribe","trades":["AAPL"],"quotes":["AAPL"]}"#)
        let event = MarketEvent(tick: Self.tick(), previous: nil, newTrade: true)
        #expect(
            session.frameText(for: event)
                == #"[{"T":"q","S":"AAPL","bx":"V","bp":101.24,"bs":3,"ax":"V","ap":101.26,"as":1,"t":"2025-11-20T14:30:00.125Z","c":["R"],"z":"C"},{"T":"t","i":7,"S":"AAPL","x":"V","p":101.25,"s":100,"t":"2025-11-20T14:30:00.125Z","c":["@"],"z":"C"}]"#
        )
    }

    @Test func onlyWhatChangedAndWasSubscribedIsSent() {
        let quotes = Self.subscribed(#"{"action":"subscribe","quotes":["AAPL"]}"#)
        let trades = Self.subscribed(#"{"action":"subscribe","trades":["AAPL"]}"#)
        let other = Self.subscribed(#"{"action":"subscribe","trades":["MSFT"],"quotes":["MSFT"]}"#)
        let first = Self.tick(seq: 1)
        let sameQuote = MarketEvent(tick: Self.tick(seq: 2), previous: first, newTrade: true)
        let noTrade = MarketEvent(tick: Self.tick(seq: 2), previous: first, newTrade: false)
        #expect(quotes.frameText(for: sameQuote) == nil)
        #expect(trades.frameText(for: sameQuote)?.hasPrefix(#"[{"T":"t","i":2,"#) == true)
        #expect(trades.frameText(for: noTrade) == nil)
        #expect(other.frameText(for: MarketEvent(tick: first, previous: nil, newTrade: true)) == nil)
    }

    @Test func aSideWithoutAQuoteIsZero() {
        let session = Self.subscribed(#"{"action":"subscribe","quotes":["AAPL"]}"#)
        let event = MarketEvent(tick: Self.tick(ask: nil), previous: Self.tick(), newTrade: false)
        #expect(session.frameText(for: event)?.contains(#""ap":0,"as":0,"#) == true)
    }
}
