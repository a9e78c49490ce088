import BourseCore
import Foundation
import FuzzSupport

/// Timestamps and dates: `Timestamp.parseISO8601` (the feed's `time`) and `MarketDate(iso:)`
/// (dates in saved answers and files).
///
/// Checks: a time that reads is written back by `iso8601Milliseconds` as the same instant, and
/// as the same text when it was written to the millisecond; a date that reads is written back
/// as the same text and survives a trip through its day number.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTimestamp(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = FuzzInput(data, size).text
    if let date = Timestamp.parseISO8601(text) {
        let written = Timestamp.iso8601Milliseconds(date)
        check(Timestamp.parseISO8601(written) == date, "\(text) -> \(written) reads as another instant")
        let bytes = Array(text.utf8)
        if bytes.count == 24 {
            check(written == text, "\(text) is written back as \(written)")
        } else if bytes.count == 20 {
            check(written == text.dropLast() + ".000Z", "\(text) is written back as \(written)")
        }
        check(written.hasPrefix(Timestamp.iso8601(date).dropLast()), "whole seconds \(Timestamp.iso8601(date)) vs \(written)")
    }
    if let day = MarketDate(iso: text) {
        check(day.iso == text, "\(text) is written back as \(day.iso)")
        check(MarketDate(daysSinceEpoch: day.daysSinceEpoch) == day, "\(day) is not its own day number")
        check((1...7).contains(day.weekday), "\(day) has weekday \(day.weekday)")
    }
    return 0
}
