import Foundation

/// msgpack's Timestamp extension (type -1): seconds since 1970-01-01T00:00:00Z and the
/// nanoseconds past them, which Alpaca's msgpack frames carry in `t`.
struct MessagePackTimestamp: Equatable, Hashable, Sendable {
    /// The extension type msgpack reserves for timestamps.
    static let type: Int8 = -1

    /// Whole seconds since the Unix epoch; negative before it.
    var seconds: Int64
    /// 0 to 999 999 999.
    var nanoseconds: UInt32

    init(seconds: Int64, nanoseconds: UInt32) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    /// The instant `milliseconds` after the Unix epoch (before it when negative).
    init(unixMilliseconds milliseconds: Int64) {
        let (quotient, remainder) = milliseconds.quotientAndRemainder(dividingBy: 1000)
        seconds = remainder < 0 ? quotient - 1 : quotient
        nanoseconds = UInt32(remainder < 0 ? remainder + 1000 : remainder) * 1_000_000
    }

    /// The instant as a `Date` (which holds it to about a microsecond in this century).
    var date: Date {
        Date(timeIntervalSince1970: TimeInterval(seconds) + TimeInterval(nanoseconds) / 1_000_000_000)
    }
}
