import BourseCore
import Foundation
import Testing

@testable import StandIns

/// Massive's stocks WebSocket as a state machine: every answer of the contract
/// (docs/feed-protocol.md), word for word, without a socket.
@Suite("Massive stream session")
struct MassiveStreamSessionTests {
    static func loggedIn(access: ProviderAccess = ProviderAccess()) -> MassiveStreamSession {
        var session = MassiveStreamSession(access: access)
        _ = session.receive(#"{"action":"auth","params":"KEY"}"#) { _ in true }
        return session
    }

    @Test func greetsThenLogsInAndHoldsTheKey() {
        var session = MassiveStreamSession(access: ProviderAccess(massiveKey: "KEY"))
        #expect(session.greetingText == #"[{"ev":"status","status":"connected","message":"Connected Successfully"}]"#)
        var claimed: [String] = []
        let reply = session.receive(#"{"action":"auth","params":"KEY"}"#) { key in
            claimed.append(key)
            return true
        }
        #expect(reply == TextReply([#"[{"ev":"status","status":"auth_success","message":"authenticated"}]"#]))
        #expect(claimed == ["massive:KEY"])
        #expect(session.claimedKey == "massive:KEY")
    }

    @Test func aWrongKeyFailsAndCloses() {
        var session = MassiveStreamSession(access: ProviderAccess(massiveKey: "KEY"))
        #expect(
            session.receive(#"{"action":"auth","params":"OTHER"}"#) { _ in true }
                == TextReply(
                    [#"[{"ev":"status","status":"auth_failed","message":"authentication failed"}]"#], close: true))
        var empty = MassiveStreamSession(access: ProviderAccess())
        #expect(empty.receive(#"{"action":"auth","params":""}"#) { _ in true }.close)
    }

    @Test func theFreePlanHasNoWebSocket() {
        var session = MassiveStreamSession(access: ProviderAccess(tier: .free))
        #expect(
            session.receive(#"{"action":"auth","params":"KEY"}"#) { _ in true }
                == TextReply(
                    [
                        #"[{"ev":"status","status":"auth_failed","message":"Your plan doesn't include websocket access. Visit https://massive.com/pricing to upgrade."}]"#
                    ], close: true))
    }

    @Test func aKeyInUseIsRefusedAndCloses() {
        var session = MassiveStreamSession(access: ProviderAccess())
        let reply = session.receive(#"{"action":"auth","params":"KEY"}"#) { _ in false }
        #expect(reply.close)
        #expect(reply.frames.first?.hasPrefix(#"[{"ev":"status","status":"max_connections","message":"Maximum number"#) == true)
    }

    @Test func subscribingBeforeAuthIsNotAuthorized() {
        var session = MassiveStreamSession(access: ProviderAccess())
        #expect(
            session.receive(#"{"action":"subscribe","params":"T.AAPL"}"#) { _ in true }
                == TextReply([#"[{"ev":"status","status":"error","message":"not authorized"}]"#]))
        #expect(session.authTimedOut() == ProviderReply(close: true))
    }

    @Test func eachChannelIsAcknowledged() {
        var session = Self.loggedIn()
        #expect(
            session.receive(#"{"action":"subscribe","params":"T.AAPL,Q.AAPL"}"#) { _ in true }.frames == [
                #"[{"ev":"status","status":"success","message":"subscribed to: T.AAPL"},{"ev":"status","status":"success","message":"subscribed to: Q.AAPL"}]"#
            ])
        #expect(
            session.receive(#"{"action":"unsubscribe","params":"T.AAPL"}"#) { _ in true }.frames == [
                #"[{"ev":"status","status":"success","message":"unsubscribed to: T.AAPL"}]"#
            ])
        #expect(session.subscriptions["T"]?.symbols == [])
        #expect(session.subscriptions["Q"]?.symbols == ["AAPL"])
        #expect(session.receive(#"{"action":"subscribe","params":"AAPL"}"#) { _ in true }.frames.first?.contains("error") == true)
        #expect(session.authTimedOut() == ProviderReply())
    }

    @Test func aTickWithANewQuoteAndTradeIsOneFrameInUnixMilliseconds() {
        var session = Self.loggedIn()
        _ = session.receive(#"{"action":"subscribe","params":"T.AAPL,Q.AAPL"}"#) { _ in true }
        let event = MarketEvent(tick: AlpacaStreamSessionTests.tick(), previous: nil, newTrade: true)
        #expect(
            session.frameText(for: event)
                == #"[{"ev":"Q","sym":"AAPL","bx":4,"bp":101.24,"bs":3,"ax":4,"ap":101.26,"as":1,"t":1763649000125,"q":7,"z":3},{"ev":"T","sym":"AAPL","x":4,"i":"7","z":3,"p":101.25,"s":100,"t":1763649000125,"q":7}]"#
        )
    }

    @Test func onlySubscribedChannelsAreSent() {
        var trades = Self.loggedIn()
        _ = trades.receive(#"{"action":"subscribe","params":"T.AAPL,Q.MSFT"}"#) { _ in true }
        let event = MarketEvent(tick: AlpacaStreamSessionTests.tick(), previous: nil, newTrade: true)
        #expect(trades.frameText(for: event)?.hasPrefix(#"[{"ev":"T","#) == true)
        #expect(trades.frameText(for: event)?.contains(#""ev":"Q""#) == false)
        var wildcard = Self.loggedIn()
        _ = wildcard.receive(#"{"action":"subscribe","params":"Q.*"}"#) { _ in true }
        #expect(wildcard.frameText(for: event)?.hasPrefix(#"[{"ev":"Q","#) == true)
    }
}
