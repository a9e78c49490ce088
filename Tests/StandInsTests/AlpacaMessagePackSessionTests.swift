import BourseCore
import Foundation
import Testing

@testable import StandIns

/// Alpaca's stream to a msgpack client (alpaca-py's `StockDataStream`): the same session as
/// JSON's, its messages written by the msgpack encoding, with the field names and values of the
/// JSON form, prices as floats, sizes as integers and `t` as a Timestamp.
@Suite("Alpaca stream session in msgpack")
struct AlpacaMessagePackSessionTests {
    static func pair(_ key: String, _ value: MessagePackValue) -> MessagePackPair {
        MessagePackPair(.string(key), value)
    }

    /// What a msgpack client reads from one of the session's frames.
    static func read(_ value: ProviderValue) throws -> MessagePackValue {
        guard case .binary(let bytes) = ProviderEncoding.messagePack.encode(value) else {
            throw MessagePackTestError.notBinary
        }
        return try MessagePackReader.read(bytes)
    }

    /// The session's answer to a client's msgpack bytes, each frame as the client reads it.
    static func send(
        _ bytes: [UInt8], to session: inout AlpacaStreamSession, claim: (String) -> Bool = { _ in true }
    ) throws -> (frames: [MessagePackValue], close: Bool) {
        let message = Result { () throws(ProviderDecodingError) in try ProviderEncoding.messagePack.decode(.binary(bytes)) }
        let reply = session.receive(message, claim: claim)
        return (try reply.frames.map(read), reply.close)
    }

    static func send(
        _ message: MessagePackValue, to session: inout AlpacaStreamSession
    ) throws -> (
        frames: [MessagePackValue], close: Bool
    ) {
        try send(MessagePackWriter.write(message), to: &session)
    }

    static func auth(key: String = "K", secret: String = "S") -> MessagePackValue {
        .map([pair("action", .string("auth")), pair("key", .string(key)), pair("secret", .string(secret))])
    }

    static func error(_ code: Int64, _ message: String) -> MessagePackValue {
        .array([.map([pair("T", .string("error")), pair("code", .int(code)), pair("msg", .string(message))])])
    }

    static let authenticated = MessagePackValue.array([
        .map([pair("T", .string("success")), pair("msg", .string("authenticated"))])
    ])

    @Test func greetsLogsInAndSubscribesInMsgpack() throws {
        var session = AlpacaStreamSession(feed: .iex, access: ProviderAccess(alpacaKey: "K", alpacaSecret: "S"))
        #expect(
            try Self.read(session.greeting)
                == .array([.map([Self.pair("T", .string("success")), Self.pair("msg", .string("connected"))])]))
        let login = try Self.send(Self.auth(), to: &session)
        #expect(login.frames == [Self.authenticated])
        #expect(!login.close)
        let subscribe = MessagePackValue.map([
            Self.pair("trades", .array([.string("aapl")])), Self.pair("quotes", .array([.string("AAPL")])),
            Self.pair("action", .string("subscribe")),
        ])
        let symbols = MessagePackValue.array([.string("AAPL")])
        #expect(
            try Self.send(subscribe, to: &session).frames == [
                .array([
                    .map([
                        Self.pair("T", .string("subscription")), Self.pair("trades", symbols), Self.pair("quotes", symbols),
                        Self.pair("bars", .array([])), Self.pair("updatedBars", .array([])),
                        Self.pair("dailyBars", .array([])), Self.pair("statuses", .array([])),
                        Self.pair("lulds", .array([])), Self.pair("corrections", symbols),
                        Self.pair("cancelErrors", symbols),
                    ])
                ])
            ])
    }

    @Test func aWrongKeyIsAuthFailedAndCloses() throws {
        var session = AlpacaStreamSession(feed: .iex, access: ProviderAccess(alpacaKey: "K", alpacaSecret: "S"))
        let reply = try Self.send(Self.auth(secret: "wrong"), to: &session)
        #expect(reply.frames == [Self.error(402, "auth failed")])
        #expect(reply.close)
        #expect(try Self.send(Self.auth(), to: &session).frames.isEmpty)
    }

    @Test func quotesAndTradesCarryFloatsIntegersAndATimestamp() throws {
        var session = AlpacaStreamSession(feed: .iex, access: ProviderAccess())
        _ = try Self.send(Self.auth(), to: &session)
        _ = try Self.send(
            .map([
                Self.pair("action", .string("subscribe")), Self.pair("trades", .array([.string("AAPL")])),
                Self.pair("quotes", .array([.string("AAPL")])),
            ]), to: &session)
        let event = MarketEvent(tick: AlpacaStreamSessionTests.tick(), previous: nil, newTrade: true)
        let frame = try #require(session.frame(for: event))
        let time = MessagePackValue.timestamp(MessagePackTimestamp(seconds: 1_763_649_000, nanoseconds: 125_000_000))
        #expect(
            try Self.read(frame)
                == .array([
                    .map([
                        Self.pair("T", .string("q")), Self.pair("S", .string("AAPL")), Self.pair("bx", .string("V")),
                        Self.pair("bp", .double(101.24)), Self.pair("bs", .int(3)), Self.pair("ax", .string("V")),
                        Self.pair("ap", .double(101.26)), Self.pair("as", .int(1)), Self.pair("t", time),
                        Self.pair("c", .array([.string("R")])), Self.pair("z", .string("C")),
                    ]),
                    .map([
                        Self.pair("T", .string("t")), Self.pair("i", .int(7)), Self.pair("S", .string("AAPL")),
                        Self.pair("x", .string("V")), Self.pair("p", .double(101.25)), Self.pair("s", .int(100)),
                        Self.pair("t", time), Self.pair("c", .array([.string("@")])), Self.pair("z", .string("C")),
                    ]),
                ]))
        // The JSON client of the same session reads the same message as text.
        #expect(frame.json.contains(#""bp":101.24,"bs":3,"#) && frame.json.contains(#""t":"2025-11-20T14:30:00.125Z""#))
    }

    @Test func aSideWithoutAQuoteIsAFloatZero() throws {
        var session = AlpacaStreamSession(feed: .iex, access: ProviderAccess())
        _ = try Self.send(Self.auth(), to: &session)
        _ = try Self.send(
            .map([Self.pair("action", .string("subscribe")), Self.pair("quotes", .array([.string("AAPL")]))]), to: &session)
        let event = MarketEvent(
            tick: AlpacaStreamSessionTests.tick(ask: nil), previous: AlpacaStreamSessionTests.tick(), newTrade: false)
        let quote = try Self.read(try #require(session.frame(for: event)))
        guard case .array(let messages) = quote else {
            Issue.record("not an array: \(quote)")
            return
        }
        #expect(messages.first?["ap"] == .double(0))
        #expect(messages.first?["as"] == .int(0))
    }

    /// Bytes that are not msgpack, or msgpack that is not a message, are `400 invalid syntax`; the
    /// connection stays and the next message is read.
    @Test(arguments: [
        [UInt8]([0xc1]), [0x82, 0xa6], [0x81, 0xa6, 0x61, 0x63, 0x74, 0x69, 0x6f], [0xa4, 0x61, 0x75, 0x74, 0x68],
        [0x81, 0xa6, 0x61, 0x63, 0x74, 0x69, 0x6f, 0x6e, 0xc4, 0x01, 0x61], [0x81, 0x01, 0xa4, 0x61, 0x75, 0x74, 0x68],
        [0x81, 0xa6, 0x61, 0x63, 0x74, 0x69, 0x6f, 0x6e, 0xa4, 0x61, 0x75, 0x74, 0x68, 0xc0],
        Array(#"{"action":"auth","key":"K","secret":"S"}"#.utf8),
    ])
    func malformedMsgpackIsInvalidSyntaxAndTheConnectionStays(bytes: [UInt8]) throws {
        var session = AlpacaStreamSession(feed: .iex, access: ProviderAccess())
        let reply = try Self.send(bytes, to: &session)
        #expect(reply.frames == [Self.error(400, "invalid syntax")])
        #expect(!reply.close)
        #expect(try Self.send(Self.auth(), to: &session).frames == [Self.authenticated])
    }

    /// A msgpack connection reads a text frame's bytes as msgpack too: JSON there is no message.
    @Test func jsonTextOnAMsgpackConnectionIsInvalidSyntax() throws {
        var session = AlpacaStreamSession(feed: .iex, access: ProviderAccess())
        let frame = ProviderFrame.text(#"{"action":"auth","key":"K","secret":"S"}"#)
        #expect(ProviderEncoding.messagePack.reads(frame))
        let message = Result { () throws(ProviderDecodingError) in try ProviderEncoding.messagePack.decode(frame) }
        #expect(session.receive(message) { _ in true } == ProviderReply([AlpacaStreamSession.error(400, "invalid syntax")]))
    }
}

enum MessagePackTestError: Error {
    case notBinary
}
