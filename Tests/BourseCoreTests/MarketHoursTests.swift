import BourseCore
import Foundation
import Testing

/// When the exchange trades (`MarketHours`): the New York session at its edges, across weekends,
/// holidays, early closes and the weeks the clocks change; always and never.
@Suite("MarketHours")
struct MarketHoursTests {
    static func instant(_ iso: String) -> Date {
        ISO8601DateFormatter().date(from: iso)!
    }

    /// `(instant, expected)`: "open", or the next open's instant in UTC.
    static func check(_ cases: [(String, String)], sourceLocation: SourceLocation = #_sourceLocation) {
        for (at, expected) in cases {
            let status = MarketHours.newYork.status(at: instant(at))
            if expected == "open" {
                #expect(status == .open, "at \(at)", sourceLocation: sourceLocation)
            } else {
                #expect(status == .closed(nextOpen: instant(expected)), "at \(at)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func anOrdinaryDayOpensAt0930AndClosesAt1600NewYorkTime() {
        // Wednesday 25 November 2026, New York on standard time (UTC-5); Thursday is Thanksgiving.
        Self.check([
            ("2026-11-25T05:00:00Z", "2026-11-25T14:30:00Z"),  // midnight
            ("2026-11-25T14:29:59Z", "2026-11-25T14:30:00Z"),  // 09:29:59
            ("2026-11-25T14:30:00Z", "open"),  // 09:30
            ("2026-11-25T20:59:59Z", "open"),  // 15:59:59
            ("2026-11-25T21:00:00Z", "2026-11-27T14:30:00Z"),  // 16:00: Thursday is a holiday
        ])
    }

    @Test func aHolidayIsClosedAllDay() {
        Self.check([
            ("2026-11-26T14:30:00Z", "2026-11-27T14:30:00Z"),  // Thanksgiving, 09:30
            ("2026-11-26T17:00:00Z", "2026-11-27T14:30:00Z"),
        ])
    }

    @Test func anEarlyCloseDayClosesAt1300() {
        // Friday 27 November 2026, the day after Thanksgiving.
        Self.check([
            ("2026-11-27T14:30:00Z", "open"),
            ("2026-11-27T17:59:59Z", "open"),  // 12:59:59
            ("2026-11-27T18:00:00Z", "2026-11-30T14:30:00Z"),  // 13:00: Monday next
            ("2026-11-27T20:00:00Z", "2026-11-30T14:30:00Z"),  // 15:00, open on other days
        ])
    }

    @Test func theWeekendIsClosedUntilMonday() {
        Self.check([
            ("2026-11-28T17:00:00Z", "2026-11-30T14:30:00Z"),  // Saturday noon
            ("2026-11-29T23:59:59Z", "2026-11-30T14:30:00Z"),  // Sunday night
            ("2026-11-30T14:30:00Z", "open"),
        ])
    }

    @Test func theSessionFollowsNewYorkWhenTheClocksChange() {
        // Spring: daylight time from Sunday 8 March 2026, so Monday opens at 13:30 UTC.
        Self.check([
            ("2026-03-06T14:30:00Z", "open"),  // Friday 09:30 EST
            ("2026-03-06T20:59:59Z", "open"),
            ("2026-03-06T21:00:00Z", "2026-03-09T13:30:00Z"),  // Friday 16:00 EST
            ("2026-03-09T13:29:59Z", "2026-03-09T13:30:00Z"),
            ("2026-03-09T13:30:00Z", "open"),  // Monday 09:30 EDT
            ("2026-03-09T19:59:59Z", "open"),
            ("2026-03-09T20:00:00Z", "2026-03-10T13:30:00Z"),  // Monday 16:00 EDT
        ])
        // Autumn: standard time from Sunday 1 November 2026.
        Self.check([
            ("2026-10-30T13:30:00Z", "open"),  // Friday 09:30 EDT
            ("2026-10-30T20:00:00Z", "2026-11-02T14:30:00Z"),
            ("2026-11-02T14:29:59Z", "2026-11-02T14:30:00Z"),
            ("2026-11-02T14:30:00Z", "open"),  // Monday 09:30 EST
        ])
    }

    @Test func alwaysOpenAndAlwaysClosedNeverChange() {
        for at in ["2026-11-26T17:00:00Z", "2026-11-28T17:00:00Z", "2026-11-25T15:00:00Z"] {
            #expect(MarketHours.alwaysOpen.status(at: Self.instant(at)) == .open)
            #expect(MarketHours.alwaysClosed.status(at: Self.instant(at)) == .closed(nextOpen: nil))
        }
        #expect(MarketHours.newYork.changesOverTime)
        #expect(!MarketHours.alwaysOpen.changesOverTime)
        #expect(!MarketHours.alwaysClosed.changesOverTime)
    }
}
