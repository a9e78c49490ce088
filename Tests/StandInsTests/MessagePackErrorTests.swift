import Testing

@testable import StandIns

/// Bytes that are not one well-formed msgpack value give a typed error with the offset, never
/// a crash or a value.
@Suite("msgpack errors")
struct MessagePackErrorTests {
    static func code(_ hex: String) -> MessagePackError? {
        do {
            _ = try MessagePackReader.read(MessagePackTests.bytes(hex))
            return nil
        } catch {
            return error
        }
    }

    /// Every prefix of a message, cut anywhere inside it, is truncated.
    @Test func everyCutOfAMessageIsTruncated() {
        let message = MessagePackWriter.write(
            .array([
                .map([
                    MessagePackPair(.string("T"), .string("t")), MessagePackPair(.string("i"), .int(70_000)),
                    MessagePackPair(.string("p"), .double(101.25)), MessagePackPair(.string("f"), .float(1)),
                    MessagePackPair(.string("s"), .string(String(repeating: "x", count: 40))),
                    MessagePackPair(.string("b"), .binary([1, 2, 3])), MessagePackPair(.string("n"), .int(-300)),
                    MessagePackPair(.string("t"), .timestamp(MessagePackTimestamp(seconds: 1, nanoseconds: 5))),
                    MessagePackPair(.string("e"), .ext(type: 9, data: [1, 2, 3])),
                ])
            ]))
        for length in 0..<message.count {
            var caught: MessagePackError?
            do {
                _ = try MessagePackReader.read(Array(message.prefix(length)))
            } catch {
                caught = error
            }
            #expect(caught?.code == .truncated, "cut at \(length) of \(message.count)")
            #expect((caught?.offset ?? -1) <= length)
        }
        #expect(throws: Never.self) { try MessagePackReader.read(message) }
    }

    @Test(arguments: [
        ("c1", MessagePackError(.reservedByte, at: 0)), ("91c1", MessagePackError(.reservedByte, at: 1)),
        ("a2c328", MessagePackError(.invalidUTF8, at: 1)), ("d902eda0", MessagePackError(.invalidUTF8, at: 2)),
        ("c0c0", MessagePackError(.trailingBytes, at: 1)), ("9100ff", MessagePackError(.trailingBytes, at: 2)),
        // A timestamp of 5 bytes, and one whose nanoseconds are 10^9 (8 and 12 bytes).
        ("c705ff0000000000", MessagePackError(.invalidTimestamp, at: 0)),
        ("d7ffee6b280000000000", MessagePackError(.invalidTimestamp, at: 0)),
        ("c70cff3b9aca00000000000000000000", MessagePackError(.invalidTimestamp, at: 0)),
        ("d4ff00", MessagePackError(.invalidTimestamp, at: 0)),
        // Counts far beyond the bytes there are: refused before anything is reserved for them.
        ("ddffffffff", MessagePackError(.truncated, at: 5)), ("dfffffffff00", MessagePackError(.truncated, at: 5)),
        ("dbffffffff61", MessagePackError(.truncated, at: 5)), ("c6ffffffff", MessagePackError(.truncated, at: 5)),
        ("c9ffffffff05", MessagePackError(.truncated, at: 6)), ("", MessagePackError(.truncated, at: 0)),
    ])
    func malformedBytesAreTypedErrors(hex: String, expected: MessagePackError) {
        #expect(Self.code(hex) == expected)
    }

    @Test func nestingPastTheLimitIsRefused() throws {
        let limit = MessagePackReader.maxDepth
        let deepest = String(repeating: "91", count: limit) + "c0"
        #expect(throws: Never.self) { try MessagePackReader.read(MessagePackTests.bytes(deepest)) }
        #expect(Self.code("91" + deepest) == MessagePackError(.tooDeep, at: limit))
        #expect(Self.code(String(repeating: "81c0", count: limit + 1) + "c0") == MessagePackError(.tooDeep, at: 2 * limit))
    }

    @Test func theMessageSaysWhereAndWhatToDo() {
        #expect(
            MessagePackError(.truncated, at: 12).description
                == "invalid msgpack at byte 12: the data ends inside a value; send the whole message in one frame")
    }
}
