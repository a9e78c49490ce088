import Testing

@testable import BourseCore

@Suite("MarketDate")
struct MarketDateTests {
    @Test(
        "reads and prints ISO dates",
        arguments: [
            ("2026-11-22", 7), ("2024-02-29", 4), ("1970-01-01", 4), ("2000-03-01", 3),
        ])
    func isoRoundTrip(text: String, weekday: Int) throws {
        let date = try #require(MarketDate(iso: text))
        #expect(date.iso == text)
        #expect(date.weekday == weekday)
        #expect(MarketDate(daysSinceEpoch: date.daysSinceEpoch) == date)
    }

    @Test(
        "refuses invalid dates", arguments: ["2025-02-29", "2025-13-01", "2025-1-01", "20250101", "", "2025-01-0x", "２０２５-01-01"])
    func invalid(text: String) {
        #expect(MarketDate(iso: text) == nil)
    }

    @Test func addsDaysAcrossMonthsAndYears() throws {
        let date = try #require(MarketDate(iso: "2024-12-30"))
        #expect(date.adding(days: 3).iso == "2025-01-02")
        #expect(date.adding(days: -365).iso == "2023-12-31")
    }
}
