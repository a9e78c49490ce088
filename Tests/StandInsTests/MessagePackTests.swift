import Foundation
import Testing

@testable import StandIns

/// The msgpack writer and reader: each value in its smallest form, every width boundary both
/// ways, and what the writer writes the reader reads back.
@Suite("msgpack")
struct MessagePackTests {
    static func bytes(_ hex: String) -> [UInt8] {
        var out: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            out.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return out
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }

    /// Each integer at the edges of its form, and its bytes.
    @Test(arguments: [
        (MessagePackValue.int(0), "00"), (.int(127), "7f"), (.int(128), "cc80"), (.int(255), "ccff"),
        (.int(256), "cd0100"), (.int(65535), "cdffff"), (.int(65536), "ce00010000"), (.int(4_294_967_295), "ceffffffff"),
        (.int(4_294_967_296), "cf0000000100000000"), (.int(Int64.max), "cf7fffffffffffffff"),
        (.uint(UInt64(Int64.max) + 1), "cf8000000000000000"), (.uint(UInt64.max), "cfffffffffffffffff"),
        (.int(-1), "ff"), (.int(-32), "e0"), (.int(-33), "d0df"), (.int(-128), "d080"), (.int(-129), "d1ff7f"),
        (.int(-32768), "d18000"), (.int(-32769), "d2ffff7fff"), (.int(-2_147_483_648), "d280000000"),
        (.int(-2_147_483_649), "d3ffffffff7fffffff"), (.int(Int64.min), "d38000000000000000"),
    ])
    func integersTakeTheirSmallestForm(value: MessagePackValue, expected: String) throws {
        #expect(Self.hex(MessagePackWriter.write(value)) == expected)
        #expect(try MessagePackReader.read(Self.bytes(expected)) == value)
    }

    /// A writer may use a wider form than needed (Python's msgpack does for some types); the
    /// reader gives the same value whatever the width.
    @Test(arguments: [
        ("cc05", Int64(5)), ("cd0005", 5), ("ce00000005", 5), ("cf0000000000000005", 5), ("d005", 5), ("d10005", 5),
        ("d200000005", 5), ("d30000000000000005", 5), ("d0fb", -5), ("d1fffb", -5), ("d2fffffffb", -5),
        ("d3fffffffffffffffb", -5),
    ])
    func everyIntegerWidthReadsTheSameValue(encoded: String, value: Int64) throws {
        #expect(try MessagePackReader.read(Self.bytes(encoded)) == .int(value))
    }

    @Test func nilBoolsAndFloatsKeepTheirForm() throws {
        let cases: [(MessagePackValue, String)] = [
            (.nil, "c0"), (.bool(false), "c2"), (.bool(true), "c3"), (.float(1.5), "ca3fc00000"),
            (.double(101.24), "cb40594f5c28f5c28f"), (.double(-0.0), "cb8000000000000000"),
            (.float(.infinity), "ca7f800000"),
        ]
        for (value, expected) in cases {
            #expect(Self.hex(MessagePackWriter.write(value)) == expected)
            #expect(try MessagePackReader.read(Self.bytes(expected)) == value)
        }
    }

    /// Strings, binaries, arrays, maps and extensions at each length where their head changes:
    /// the head's bytes, and the value read back whole.
    @Test(arguments: [
        (31, "bf"), (32, "d920"), (255, "d9ff"), (256, "da0100"), (65535, "daffff"), (65536, "db00010000"), (0, "a0"),
    ])
    func stringHeads(length: Int, head: String) throws {
        let value = MessagePackValue.string(String(repeating: "é", count: length / 2) + (length % 2 == 1 ? "a" : ""))
        let written = MessagePackWriter.write(value)
        #expect(Self.hex(Array(written.prefix(head.count / 2))) == head)
        #expect(written.count == head.count / 2 + length)
        #expect(try MessagePackReader.read(written) == value)
    }

    @Test(arguments: [(0, "c400"), (255, "c4ff"), (256, "c50100"), (65535, "c5ffff"), (65536, "c600010000")])
    func binaryHeads(length: Int, head: String) throws {
        let value = MessagePackValue.binary((0..<length).map { UInt8(truncatingIfNeeded: $0) })
        let written = MessagePackWriter.write(value)
        #expect(Self.hex(Array(written.prefix(head.count / 2))) == head)
        #expect(written.count == head.count / 2 + length)
        #expect(try MessagePackReader.read(written) == value)
    }

    @Test(arguments: [(0, "90"), (15, "9f"), (16, "dc0010"), (65535, "dcffff"), (65536, "dd00010000")])
    func arrayHeads(count: Int, head: String) throws {
        let value = MessagePackValue.array((0..<count).map { .int(Int64($0 % 100)) })
        let written = MessagePackWriter.write(value)
        #expect(Self.hex(Array(written.prefix(head.count / 2))) == head)
        #expect(try MessagePackReader.read(written) == value)
    }

    @Test(arguments: [(0, "80"), (15, "8f"), (16, "de0010"), (65535, "deffff"), (65536, "df00010000")])
    func mapHeads(count: Int, head: String) throws {
        let value = MessagePackValue.map((0..<count).map { MessagePackPair(.int(Int64($0)), .nil) })
        let written = MessagePackWriter.write(value)
        #expect(Self.hex(Array(written.prefix(head.count / 2))) == head)
        #expect(try MessagePackReader.read(written) == value)
    }

    @Test(arguments: [
        (1, "d405"), (2, "d505"), (4, "d605"), (8, "d705"), (16, "d805"), (0, "c70005"), (3, "c70305"),
        (255, "c7ff05"), (256, "c8010005"), (65535, "c8ffff05"), (65536, "c90001000005"),
    ])
    func extensionHeads(length: Int, head: String) throws {
        let value = MessagePackValue.ext(type: 5, data: (0..<length).map { UInt8(truncatingIfNeeded: $0) })
        let written = MessagePackWriter.write(value)
        #expect(Self.hex(Array(written.prefix(head.count / 2))) == head)
        #expect(written.count == head.count / 2 + length)
        #expect(try MessagePackReader.read(written) == value)
    }

    @Test func aNestedMessageRoundTripsWithItsKeysInOrder() throws {
        let value = MessagePackValue.array([
            .map([
                MessagePackPair(.string("T"), .string("q")), MessagePackPair(.string("bp"), .double(101.24)),
                MessagePackPair(.string("bs"), .int(3)), MessagePackPair(.string("c"), .array([.string("R")])),
                MessagePackPair(.string("t"), .timestamp(MessagePackTimestamp(seconds: 1_763_649_000, nanoseconds: 125_000_000))),
                MessagePackPair(.int(-7), .map([MessagePackPair(.bool(true), .binary([0, 255]))])),
                MessagePackPair(.string("x"), .ext(type: -128, data: [1, 2, 3])), MessagePackPair(.nil, .float(-2.25)),
            ])
        ])
        let written = MessagePackWriter.write(value)
        #expect(try MessagePackReader.read(written) == value)
        #expect(value["T"] == nil)  // an array has no keys
        guard case .array(let messages) = try MessagePackReader.read(written) else {
            Issue.record("not an array")
            return
        }
        #expect(messages[0]["bp"] == .double(101.24))
        #expect(messages[0]["t"] == .timestamp(MessagePackTimestamp(seconds: 1_763_649_000, nanoseconds: 125_000_000)))
    }
}
