import BourseCore
import Foundation
import Hummingbird
import Testing

@testable import StandIns

/// The stand-in's Alpaca stream to a client that upgrades with `Content-Type:
/// application/msgpack`, over real loopback WebSockets: binary msgpack frames both ways, the
/// simulated ticks with float prices, integer sizes and Timestamps.
@Suite("Provider streams in msgpack")
struct ProviderStreamMessagePackTests {
    static let headers: HTTPFields = [.contentType: "application/msgpack"]

    static func pair(_ key: String, _ value: MessagePackValue) -> MessagePackPair {
        MessagePackPair(.string(key), value)
    }

    static func subscribe(_ channel: String) -> MessagePackValue {
        .map([pair("action", .string("subscribe")), pair(channel, .array([.string("AAPL")]))])
    }

    static let auth = MessagePackValue.map([
        pair("action", .string("auth")), pair("key", .string("K")), pair("secret", .string("S")),
    ])

    static func success(_ message: String) -> MessagePackValue {
        .array([.map([pair("T", .string("success")), pair("msg", .string(message))])])
    }

    static func error(_ code: Int64, _ message: String) -> MessagePackValue {
        .array([.map([pair("T", .string("error")), pair("code", .int(code)), pair("msg", .string(message))])])
    }

    /// The `T` of a frame's first message.
    static func type(_ frame: MessagePackValue?) -> MessagePackValue? {
        guard case .array(let messages)? = frame else { return nil }
        return messages.first?["T"]
    }

    @Test func alpacaStreamsTheSimulatedQuotesAndTradesInMsgpack() async throws {
        try await withProviderStandIn { feed, port in
            try await ProviderSocket.talk(port: port, path: "/v2/iex", headers: Self.headers) { socket in
                #expect(try await socket.nextMessagePack() == Self.success("connected"))
                try await socket.send(Self.auth)
                #expect(try await socket.nextMessagePack() == Self.success("authenticated"))
                try await socket.send(
                    .map([
                        Self.pair("action", .string("subscribe")), Self.pair("trades", .array([.string("AAPL")])),
                        Self.pair("quotes", .array([.string("AAPL")])),
                    ]))
                let acknowledgement = try await socket.nextMessagePack()
                #expect(Self.type(acknowledgement) == .string("subscription"))
                let published = ProviderStreamTests.publish(20, on: feed)
                // A later subscription is a fence: every frame before its acknowledgement is data.
                try await socket.send(Self.subscribe("bars"))
                var received: [MessagePackValue] = []
                while let frame = try await socket.nextMessagePack(), Self.type(frame) != .string("subscription") {
                    guard case .array(let messages) = frame else {
                        Issue.record("a frame that is not an array: \(frame)")
                        return
                    }
                    received += messages
                }
                var expected: [MessagePackValue] = []
                for item in published {
                    let tick = item.tick
                    let time = MessagePackValue.timestamp(
                        MessagePackTimestamp(unixMilliseconds: MarketEvent.unixMilliseconds(tick.time)))
                    if item.quoteChanged {
                        expected.append(
                            .map([
                                Self.pair("T", .string("q")), Self.pair("S", .string("AAPL")), Self.pair("bx", .string("V")),
                                Self.pair("bp", .double(Double("\(tick.bestBid!.price)")!)),
                                Self.pair("bs", .int(Int64(max(1, tick.bestBid!.quantity / 100)))),
                                Self.pair("ax", .string("V")), Self.pair("ap", .double(Double("\(tick.bestAsk!.price)")!)),
                                Self.pair("as", .int(Int64(max(1, tick.bestAsk!.quantity / 100)))), Self.pair("t", time),
                                Self.pair("c", .array([.string("R")])), Self.pair("z", .string("C")),
                            ]))
                    }
                    if item.newTrade {
                        expected.append(
                            .map([
                                Self.pair("T", .string("t")), Self.pair("i", .int(tick.seq)), Self.pair("S", .string("AAPL")),
                                Self.pair("x", .string("V")), Self.pair("p", .double(Double("\(tick.last!.price)")!)),
                                Self.pair("s", .int(Int64(tick.last!.size))), Self.pair("t", time),
                                Self.pair("c", .array([.string("@")])), Self.pair("z", .string("C")),
                            ]))
                    }
                }
                #expect(published.contains { $0.newTrade } && published.contains { $0.quoteChanged })
                #expect(received == expected)
                // The ticks' times: a second apart from 1_763_649_000.125, to the nanosecond.
                #expect(
                    received.first?["t"]
                        == .timestamp(MessagePackTimestamp(seconds: 1_763_649_000, nanoseconds: 125_000_000)))
            }
        }
    }

    @Test func alpacaRefusesABadKeyInMsgpackAndCloses() async throws {
        try await withProviderStandIn(access: ProviderAccess(alpacaKey: "K", alpacaSecret: "S")) { _, port in
            try await ProviderSocket.talk(port: port, path: "/v2/iex", headers: Self.headers) { socket in
                _ = try await socket.nextMessagePack()
                try await socket.send(
                    .map([
                        Self.pair("action", .string("auth")), Self.pair("key", .string("K")), Self.pair("secret", .string("x")),
                    ]))
                #expect(try await socket.nextMessagePack() == Self.error(402, "auth failed"))
                #expect(try await socket.nextMessagePack() == nil)
            }
        }
    }

    @Test func malformedMsgpackIsAnErrorFrameAndTheConnectionStays() async throws {
        try await withProviderStandIn { _, port in
            try await ProviderSocket.talk(port: port, path: "/v2/sip", headers: Self.headers) { socket in
                _ = try await socket.nextMessagePack()
                for bytes: [UInt8] in [[0xc1], [0x83, 0xa6, 0x61], [0xdd, 0xff, 0xff, 0xff, 0xff]] {
                    try await socket.send(bytes: bytes)
                    #expect(try await socket.nextMessagePack() == Self.error(400, "invalid syntax"))
                }
                try await socket.send(#"{"action":"auth","key":"K","secret":"S"}"#)
                #expect(try await socket.nextMessagePack() == Self.error(400, "invalid syntax"))
                try await socket.send(Self.auth)
                #expect(try await socket.nextMessagePack() == Self.success("authenticated"))
            }
        }
    }

    /// Without the header the stream is JSON, as before: binary frames are ignored.
    @Test func withoutTheHeaderItIsJSONAndIgnoresBinaryFrames() async throws {
        try await withProviderStandIn { _, port in
            try await ProviderSocket.talk(port: port, path: "/v2/iex") { socket in
                #expect(try await socket.next() == #"[{"T":"success","msg":"connected"}]"#)
                try await socket.send(Self.auth)
                try await socket.send(ProviderStreamTests.alpacaAuth)
                #expect(try await socket.next() == ProviderStreamTests.alpacaAuthenticated)
            }
        }
    }
}
