import BourseCore
import Foundation
import Testing

@Suite("NewYorkTime")
struct NewYorkTimeTests {
    static func utc(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        return formatter.date(from: text)!
    }

    @Test(
        "UTC offset around the 2025 changes",
        arguments: [
            ("2025-01-15T12:00:00Z", -5),
            ("2025-03-09T06:59:59Z", -5),  // 01:59:59 EST, the last standard second
            ("2025-03-09T07:00:00Z", -4),  // 03:00 EDT
            ("2025-07-01T12:00:00Z", -4),
            ("2025-11-02T05:59:59Z", -4),  // 01:59:59 EDT
            ("2025-11-02T06:00:00Z", -5),  // 01:00 EST again
            ("2025-12-31T23:00:00Z", -5),
            ("2026-03-08T07:00:00Z", -4),
            ("2026-11-01T06:00:00Z", -5),
        ])
    func offset(instant: String, hours: Int) {
        #expect(NewYorkTime.utcOffset(at: Self.utc(instant)) == hours * 3600)
    }

    @Test(
        "the New York date of an instant",
        arguments: [
            ("2025-03-10T03:59:00Z", "2025-03-09"),  // 23:59 EDT
            ("2025-03-10T04:00:00Z", "2025-03-10"),
            ("2025-01-02T04:59:00Z", "2025-01-01"),  // 23:59 EST
            ("2025-01-02T05:00:00Z", "2025-01-02"),
            ("2026-01-01T04:30:00Z", "2025-12-31"),
        ])
    func marketDate(instant: String, date: String) {
        #expect(NewYorkTime.marketDate(of: Self.utc(instant)).iso == date)
    }

    @Test(
        "a wall-clock time on a date",
        arguments: [
            ("2025-03-07", 9, 30, "2025-03-07T14:30:00Z"),
            ("2025-03-10", 9, 30, "2025-03-10T13:30:00Z"),
            ("2025-03-09", 1, 30, "2025-03-09T06:30:00Z"),
            ("2025-03-09", 3, 0, "2025-03-09T07:00:00Z"),
            ("2025-10-31", 16, 0, "2025-10-31T20:00:00Z"),
            ("2025-11-03", 16, 0, "2025-11-03T21:00:00Z"),
            ("2025-11-02", 1, 30, "2025-11-02T05:30:00Z"),  // the first (daylight) 01:30
            ("2025-11-02", 2, 0, "2025-11-02T07:00:00Z"),
        ])
    func wallClock(date: String, hour: Int, minute: Int, expected: String) {
        let day = MarketDate(iso: date)!
        #expect(NewYorkTime.date(of: day, hour: hour, minute: minute) == Self.utc(expected))
    }

    @Test("date(of:) and marketDate(of:) agree every day of 2025 and 2026")
    func roundTrip() {
        var day = MarketDate(year: 2025, month: 1, day: 1)!
        while day.year < 2027 {
            for hour in [0, 9, 16, 23] {
                let instant = NewYorkTime.date(of: day, hour: hour, minute: 59)
                #expect(NewYorkTime.marketDate(of: instant) == day)
                #expect(NewYorkTime.minuteOfDay(at: instant) == hour * 60 + 59)
            }
            day = day.adding(days: 1)
        }
    }
}
