import Foundation
import Testing

@testable import BourseCore

/// `KeyStatistics`: the day's values from its bar, the year's from the daily bars with the day's
/// bar in its place; the average of the last 30 days rounded half-even to a whole share.
@Suite("Key statistics")
struct KeyStatisticsTests {
    static let friday = MarketDate(iso: "2026-11-20")!
    static let since = friday.adding(days: -365)

    /// A bar of `day` (00:00 New York, as daily bars are stamped) with the given values.
    static func bar(
        _ day: MarketDate, high: ExactDecimal = 11, low: ExactDecimal = 9, volume: ExactDecimal = 100
    ) -> Bar {
        Bar(start: NewYorkTime.date(of: day, hour: 0), open: 10, high: high, low: low, close: 10, volume: volume)
    }

    /// The `count` trading days (weekdays) up to and including `last`, oldest first.
    static func weekdays(_ count: Int, endingOn last: MarketDate = friday) -> [MarketDate] {
        var days: [MarketDate] = []
        var day = last
        while days.count < count {
            if !day.isWeekend { days.insert(day, at: 0) }
            day = day.adding(days: -1)
        }
        return days
    }

    @Test func theDaysValuesComeFromItsBarAndTheCloseBefore() {
        let day = KeyStatistics.DayBar(
            day: Self.friday, bar: Bar(start: Date(), open: "10.5", high: 12, low: 10, close: 11, volume: "1234.5"))
        let statistics = KeyStatistics(day: day, previousClose: "10.25", year: nil, since: Self.since, marketCap: 5_000_000_000)
        #expect(statistics.previousClose == "10.25" && statistics.open == "10.5")
        #expect(statistics.dayHigh == 12 && statistics.dayLow == 10 && statistics.volume == "1234.5")
        #expect(statistics.marketCap == 5_000_000_000)
        // The year on its way: its values are not known.
        #expect(statistics.averageVolume == nil && statistics.week52High == nil && statistics.week52Low == nil)
    }

    @Test func theYearsRangeAndTheLastThirtyDaysAverage() {
        let days = Self.weekdays(40)
        // Volumes 1...40; highs peak twice (a tie), lows bottom out once.
        let year = days.enumerated().map { index, day in
            Self.bar(
                day, high: index == 5 || index == 30 ? 50 : 11, low: index == 12 ? 2 : 9, volume: ExactDecimal(index + 1))
        }
        let statistics = KeyStatistics(day: nil, previousClose: nil, year: year, since: Self.since, marketCap: nil)
        #expect(statistics.week52High == 50 && statistics.week52Low == 2)
        // The last 30: volumes 11...40, mean 25.5, half-even to 26.
        #expect(statistics.averageVolume == 26)
        #expect(statistics.marketCap == nil && statistics.open == nil)
    }

    @Test(
        "an average halfway between two shares goes to the even one",
        arguments: [([1, 2], 2), ([2, 3], 2), ([1, 1, 2], 1), ([5], 5), ([3, 4, 4], 4)])
    func halfEven(volumes: [Int], expected: Int) {
        let days = Self.weekdays(volumes.count)
        let year = zip(days, volumes).map { Self.bar($0, volume: ExactDecimal($1)) }
        let statistics = KeyStatistics(day: nil, previousClose: nil, year: year, since: Self.since, marketCap: nil)
        #expect(statistics.averageVolume == ExactDecimal(expected))
    }

    @Test func fewerThanThirtyDaysAverageThoseThereAre() {
        let year = Self.weekdays(3).enumerated().map { Self.bar($1, volume: ExactDecimal(($0 + 1) * 1000)) }
        let statistics = KeyStatistics(day: nil, previousClose: nil, year: year, since: Self.since, marketCap: nil)
        #expect(statistics.averageVolume == 2000)
        #expect(statistics.week52High == 11 && statistics.week52Low == 9)
    }

    @Test func anEmptyYearHasNoYearsValues() {
        let statistics = KeyStatistics(day: nil, previousClose: nil, year: [], since: Self.since, marketCap: nil)
        #expect(statistics == KeyStatistics())
    }

    @Test func theDaysBarTakesThePlaceOfTheYearsOwnOrIsAdded() {
        let days = Self.weekdays(31)
        let year = days.map { Self.bar($0, volume: 100) }
        let day = KeyStatistics.DayBar(day: Self.friday, bar: Self.bar(Self.friday, high: 70, low: 1, volume: 3100))
        // In place of the year's Friday: the last 30 days are 29 of 100 shares and 3,100.
        let replaced = KeyStatistics(day: day, previousClose: nil, year: year, since: Self.since, marketCap: nil)
        #expect(replaced.averageVolume == 200 && replaced.week52High == 70 && replaced.week52Low == 1)
        // The year fetched before Friday was published: Friday is added, the oldest day drops out.
        let added = KeyStatistics(day: day, previousClose: nil, year: Array(year.dropLast()), since: Self.since, marketCap: nil)
        #expect(added == replaced)
        // An empty year and a day: the day is the year.
        let alone = KeyStatistics(day: day, previousClose: nil, year: [], since: Self.since, marketCap: nil)
        #expect(alone.averageVolume == 3100 && alone.week52High == 70 && alone.week52Low == 1)
        // A day before the window does not count.
        let old = KeyStatistics.DayBar(day: Self.since.adding(days: -1), bar: day.bar)
        let outside = KeyStatistics(day: old, previousClose: nil, year: [], since: Self.since, marketCap: nil)
        #expect(outside.averageVolume == nil && outside.week52High == nil)
    }
}
