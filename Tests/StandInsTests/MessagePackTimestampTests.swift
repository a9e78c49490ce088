import Foundation
import Testing

@testable import StandIns

/// msgpack's Timestamp extension (type -1) in each of its three forms; the bytes are those
/// Python's msgpack writes for the same instants.
@Suite("msgpack timestamps")
struct MessagePackTimestampTests {
    @Test(arguments: [
        (Int64(0), UInt32(0), "d6ff00000000"), (4_294_967_295, 0, "d6ffffffffff"),
        (4_294_967_296, 0, "d7ff0000000100000000"), (1, 1, "d7ff0000000400000001"),
        (17_179_869_183, 999_999_999, "d7ffee6b27ffffffffff"), (1_763_649_000, 125_000_000, "d7ff1dcd6500691f25e8"),
        (17_179_869_184, 0, "c70cff000000000000000400000000"), (-1, 999_999_999, "c70cff3b9ac9ffffffffffffffffff"),
    ])
    func eachInstantTakesTheSmallestFormThatHoldsIt(seconds: Int64, nanoseconds: UInt32, expected: String) throws {
        let value = MessagePackValue.timestamp(MessagePackTimestamp(seconds: seconds, nanoseconds: nanoseconds))
        #expect(MessagePackTests.hex(MessagePackWriter.write(value)) == expected)
        #expect(try MessagePackReader.read(MessagePackTests.bytes(expected)) == value)
    }

    @Test(arguments: [
        (Int64(1_763_649_000_125), Int64(1_763_649_000), UInt32(125_000_000)), (0, 0, 0), (999, 0, 999_000_000),
        (-1, -1, 999_000_000), (-1000, -1, 0), (-1001, -2, 999_000_000),
    ])
    func millisecondsSplitIntoSecondsAndNanoseconds(milliseconds: Int64, seconds: Int64, nanoseconds: UInt32) {
        #expect(
            MessagePackTimestamp(unixMilliseconds: milliseconds)
                == MessagePackTimestamp(seconds: seconds, nanoseconds: nanoseconds))
    }

    @Test func aTimestampIsTheInstantItNames() {
        let timestamp = MessagePackTimestamp(seconds: 1_763_649_000, nanoseconds: 125_000_000)
        #expect(abs(timestamp.date.timeIntervalSince1970 - 1_763_649_000.125) < 1e-6)
    }

    /// Another extension type with a timestamp's length stays an extension.
    @Test func onlyTypeMinusOneIsATimestamp() throws {
        #expect(try MessagePackReader.read(MessagePackTests.bytes("d6fe00000001")) == .ext(type: -2, data: [0, 0, 0, 1]))
    }
}
