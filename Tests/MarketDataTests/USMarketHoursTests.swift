import Foundation
import MarketData
import Testing

@Suite("Default next close (weekdays 16:00 New York)")
struct USMarketHoursTests {
    /// (now, expected next close), both as UTC ISO 8601.
    @Test("The next close after a moment", arguments: [
        ("2024-03-05T15:00:00Z", "2024-03-05T21:00:00Z"),  // Tuesday, winter: 16:00 EST = 21:00 UTC
        ("2024-03-05T21:00:00Z", "2024-03-06T21:00:00Z"),  // at the close: the next day's
        ("2024-03-08T22:00:00Z", "2024-03-11T20:00:00Z"),  // Friday evening -> Monday, DST began Sunday 10th
        ("2024-07-04T12:00:00Z", "2024-07-04T20:00:00Z"),  // summer (holidays are not known)
        ("2024-11-01T20:30:00Z", "2024-11-04T21:00:00Z"),  // Friday after the close; DST ended Sunday 3rd
        ("2024-03-06T02:00:00Z", "2024-03-06T21:00:00Z"),  // late Tuesday evening in New York (Wednesday UTC)
    ])
    func nextClose(now: String, expected: String) throws {
        let formatter = ISO8601DateFormatter()
        let moment = try #require(formatter.date(from: now))

        #expect(formatter.string(from: USMarketHours.approximateNextClose(after: moment)) == expected)
    }
}
