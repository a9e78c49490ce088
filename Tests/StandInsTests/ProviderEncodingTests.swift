import BourseCore
import Foundation
import Testing

@testable import StandIns

/// The two encodings of a provider connection: which one a client gets, what each reads, and
/// that both write the same message.
@Suite("Provider encoding")
struct ProviderEncodingTests {
    @Test(arguments: [
        ("application/msgpack", ProviderEncoding.messagePack), ("Application/MsgPack", .messagePack),
        (" application/msgpack ; charset=binary", .messagePack), ("application/json", .json), ("", .json),
        ("application/msgpack-x", .json), ("text/plain; application/msgpack", .json),
    ])
    func theContentTypeChoosesTheEncoding(contentType: String, expected: ProviderEncoding) {
        #expect(ProviderEncoding(contentType: contentType) == expected)
    }

    @Test func withoutAContentTypeItIsJSON() {
        #expect(ProviderEncoding(contentType: nil) == .json)
    }

    @Test func aJSONConnectionIgnoresBinaryFramesAsBefore() {
        #expect(ProviderEncoding.json.reads(.text("{}")))
        #expect(!ProviderEncoding.json.reads(.binary([0x80])))
        #expect(ProviderEncoding.messagePack.reads(.binary([0x80])))
    }

    static let message = ProviderValue.array([
        .object([
            "T": "t", "i": 7, "p": .number("101.25"), "t": .time(Date(timeIntervalSince1970: 1_763_649_000.125)),
            "c": ["@"], "ok": .bool(true), "none": .null,
        ])
    ])

    @Test func jsonWritesTheExactText() {
        #expect(
            ProviderEncoding.json.encode(Self.message)
                == .text(#"[{"T":"t","i":7,"p":101.25,"t":"2025-11-20T14:30:00.125Z","c":["@"],"ok":true,"none":null}]"#))
    }

    @Test func msgpackWritesTheSameMessage() throws {
        guard case .binary(let bytes) = ProviderEncoding.messagePack.encode(Self.message) else {
            Issue.record("not a binary frame")
            return
        }
        func pair(_ key: String, _ value: MessagePackValue) -> MessagePackPair { MessagePackPair(.string(key), value) }
        #expect(
            try MessagePackReader.read(bytes)
                == .array([
                    .map([
                        pair("T", .string("t")), pair("i", .int(7)), pair("p", .double(101.25)),
                        pair("t", .timestamp(MessagePackTimestamp(seconds: 1_763_649_000, nanoseconds: 125_000_000))),
                        pair("c", .array([.string("@")])), pair("ok", .bool(true)), pair("none", .nil),
                    ])
                ]))
    }

    /// A client's msgpack decodes to the values its JSON would, save numbers' text.
    @Test func msgpackDecodesToTheSessionsValues() throws {
        let bytes = MessagePackWriter.write(
            .map([
                MessagePackPair(.string("action"), .string("subscribe")),
                MessagePackPair(.string("trades"), .array([.string("AAPL"), .int(-3), .uint(UInt64.max)])),
                MessagePackPair(.string("f"), .float(1.5)), MessagePackPair(.string("d"), .double(2.25)),
                MessagePackPair(.string("n"), .nil), MessagePackPair(.string("b"), .bool(false)),
                MessagePackPair(.string("t"), .timestamp(MessagePackTimestamp(seconds: 1, nanoseconds: 500_000_000))),
            ]))
        #expect(
            try ProviderEncoding.messagePack.decode(.binary(bytes))
                == .object([
                    "action": "subscribe", "trades": ["AAPL", -3, .number("18446744073709551615")], "f": .number("1.5"),
                    "d": .number("2.25"), "n": .null, "b": .bool(false), "t": .time(Date(timeIntervalSince1970: 1.5)),
                ]))
    }

    @Test(arguments: [
        (
            [UInt8]([0x81, 0xa1, 0x61, 0xc4, 0x00]), ProviderDecodingError.unsupported("a binary value")
        ),
        ([0x81, 0xc0, 0xc0], .unsupported("a map key that is not a string")),
        ([0xd4, 0x05, 0x00], .unsupported("an extension of type 5")),
        ([0x92, 0x01], .messagePack(MessagePackError(.truncated, at: 1))),
    ])
    func msgpackThatIsNoMessageIsATypedError(bytes: [UInt8], expected: ProviderDecodingError) {
        #expect(throws: expected) { try ProviderEncoding.messagePack.decode(.binary(bytes)) }
    }

    @Test func jsonThatDoesNotParseIsATypedError() {
        #expect(throws: ProviderDecodingError.self) { try ProviderEncoding.json.decode(.text("not json")) }
    }
}
