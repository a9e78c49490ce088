import BourseCore
import Foundation
import Testing

@Suite("TradingCalendar")
struct TradingCalendarTests {
    let calendar = TradingCalendar()

    static func day(_ iso: String) -> MarketDate { MarketDate(iso: iso)! }

    /// The NYSE's published holiday lists (2025 includes the closure for President Carter).
    @Test(
        "every full holiday of 2025 and 2026",
        arguments: [
            (
                2025,
                [
                    "2025-01-01", "2025-01-09", "2025-01-20", "2025-02-17", "2025-04-18", "2025-05-26",
                    "2025-06-19", "2025-07-04", "2025-09-01", "2025-11-27", "2025-12-25",
                ]
            ),
            (
                2026,
                [
                    "2026-01-01", "2026-01-19", "2026-02-16", "2026-04-03", "2026-05-25", "2026-06-19",
                    "2026-07-03", "2026-09-07", "2026-11-26", "2026-12-25",
                ]
            ),
            (
                2022,
                [
                    "2022-01-17", "2022-02-21", "2022-04-15", "2022-05-30", "2022-06-20", "2022-07-04",
                    "2022-09-05", "2022-11-24", "2022-12-26",
                ]
            ),
            (
                2021,
                [
                    "2021-01-01", "2021-01-18", "2021-02-15", "2021-04-02", "2021-05-31", "2021-07-05",
                    "2021-09-06", "2021-11-25", "2021-12-24",
                ]
            ),
            (
                2027,
                [
                    "2027-01-01", "2027-01-18", "2027-02-15", "2027-03-26", "2027-05-31", "2027-06-18",
                    "2027-07-05", "2027-09-06", "2027-11-25", "2027-12-24",
                ]
            ),
        ])
    func holidays(year: Int, expected: [String]) {
        #expect(calendar.holidays(in: year).map(\.date.iso) == expected)
        for iso in expected {
            #expect(!calendar.isTradingDay(Self.day(iso)), "\(iso) should be closed")
            #expect(calendar.session(on: Self.day(iso)) == nil)
        }
    }

    @Test("New Year's Day on a Saturday is not moved to Friday December 31")
    func newYearOnSaturday() {
        #expect(Self.day("2022-01-01").weekday == 6)
        #expect(calendar.isTradingDay(Self.day("2021-12-31")))
        #expect(calendar.holiday(on: Self.day("2021-12-31")) == nil)
        #expect(!calendar.isTradingDay(Self.day("2022-01-01")))
        #expect(calendar.isTradingDay(Self.day("2022-01-03")))
        // A Sunday New Year is observed on the Monday.
        #expect(!calendar.isTradingDay(Self.day("2023-01-02")))
        #expect(calendar.holiday(on: Self.day("2023-01-02"))?.name == "New Year's Day")
    }

    @Test(
        "early closes at 13:00",
        arguments: [
            (2025, ["2025-07-03", "2025-11-28", "2025-12-24"]),
            (2026, ["2026-11-27", "2026-12-24"]),  // July 3 is the observed Independence Day
            (2023, ["2023-07-03", "2023-11-24"]),  // Dec 24 is a Sunday
            (2021, ["2021-11-26"]),  // July 3 is a Saturday; Dec 24 is the observed Christmas
        ])
    func earlyCloses(year: Int, expected: [String]) throws {
        #expect(calendar.earlyCloses(in: year).map(\.iso) == expected)
        for iso in expected {
            let session = try #require(calendar.session(on: Self.day(iso)))
            #expect(session.isEarlyClose)
            #expect(session.minutes == 210)
            #expect(NewYorkTime.minuteOfDay(at: session.close) == 13 * 60)
        }
    }

    @Test("a regular session is 09:30 to 16:00 New York time on both sides of the DST change")
    func regularSession() throws {
        let winter = try #require(calendar.session(on: Self.day("2025-03-07")))
        #expect(winter.open == NewYorkTimeTests.utc("2025-03-07T14:30:00Z"))
        #expect(winter.close == NewYorkTimeTests.utc("2025-03-07T21:00:00Z"))
        let summer = try #require(calendar.session(on: Self.day("2025-03-10")))
        #expect(summer.open == NewYorkTimeTests.utc("2025-03-10T13:30:00Z"))
        #expect(summer.close == NewYorkTimeTests.utc("2025-03-10T20:00:00Z"))
        #expect(summer.minutes == 390)
        #expect(!summer.isEarlyClose)
        #expect(calendar.session(on: Self.day("2025-03-08")) == nil)
    }

    @Test(
        "the last completed trading day at an instant",
        arguments: [
            ("2025-06-13T19:59:59Z", "2025-06-12"),  // Friday 15:59:59 EDT
            ("2025-06-13T20:00:00Z", "2025-06-13"),  // Friday 16:00 EDT
            ("2025-06-14T15:00:00Z", "2025-06-13"),  // Saturday
            ("2025-06-16T13:00:00Z", "2025-06-13"),  // Monday before the open
            ("2025-06-20T15:00:00Z", "2025-06-18"),  // Friday after Juneteenth, 11:00
            ("2025-06-20T20:00:00Z", "2025-06-20"),
            ("2025-07-03T17:00:00Z", "2025-07-03"),  // early close at 13:00 EDT
            ("2025-07-03T16:59:00Z", "2025-07-02"),
            ("2025-01-10T15:00:00Z", "2025-01-08"),  // after the Carter closure
            ("2026-01-02T10:00:00Z", "2025-12-31"),
        ])
    func lastCompleted(instant: String, expected: String) {
        #expect(calendar.lastCompletedTradingDay(at: NewYorkTimeTests.utc(instant)).iso == expected)
    }

    @Test(
        "the next close strictly after an instant",
        arguments: [
            ("2025-06-13T14:00:00Z", "2025-06-13T20:00:00Z"),
            ("2025-06-13T20:00:00Z", "2025-06-16T20:00:00Z"),
            ("2025-06-18T21:00:00Z", "2025-06-20T20:00:00Z"),  // over Juneteenth
            ("2025-07-02T21:00:00Z", "2025-07-03T17:00:00Z"),  // early close
            ("2025-03-07T22:00:00Z", "2025-03-10T20:00:00Z"),  // over the DST change
        ])
    func nextClose(instant: String, expected: String) {
        #expect(calendar.nextClose(after: NewYorkTimeTests.utc(instant)) == NewYorkTimeTests.utc(expected))
    }

    @Test("stepping between trading days skips weekends and holidays")
    func stepping() {
        #expect(calendar.previousTradingDay(before: Self.day("2025-06-16")).iso == "2025-06-13")
        #expect(calendar.previousTradingDay(before: Self.day("2025-06-20")).iso == "2025-06-18")
        #expect(calendar.nextTradingDay(after: Self.day("2025-12-24")).iso == "2025-12-26")
        #expect(calendar.nextTradingDay(after: Self.day("2026-07-02")).iso == "2026-07-06")
        let days = calendar.tradingDays(from: Self.day("2025-12-22"), through: Self.day("2026-01-05"))
        #expect(
            days.map(\.iso) == [
                "2025-12-22", "2025-12-23", "2025-12-24", "2025-12-26", "2025-12-29", "2025-12-30",
                "2025-12-31", "2026-01-02", "2026-01-05",
            ])
        #expect(calendar.tradingDays(from: Self.day("2025-01-05"), through: Self.day("2025-01-04")).isEmpty)
    }

    @Test("2025 has 250 trading days and 2026 has 251")
    func yearCounts() {
        #expect(calendar.tradingDays(from: Self.day("2025-01-01"), through: Self.day("2025-12-31")).count == 250)
        #expect(calendar.tradingDays(from: Self.day("2026-01-01"), through: Self.day("2026-12-31")).count == 251)
    }

    @Test("Easter Sunday", arguments: [(2024, "2024-03-31"), (2025, "2025-04-20"), (2026, "2026-04-05"), (2038, "2038-04-25")])
    func easter(year: Int, expected: String) {
        let goodFriday = calendar.holidays(in: year).first { $0.name == "Good Friday" }
        #expect(goodFriday?.date == Self.day(expected).adding(days: -2))
    }
}
