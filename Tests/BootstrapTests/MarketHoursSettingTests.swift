import Bootstrap
import BourseCore
import Testing

/// `BOURSE_MARKET_HOURS`: when the exchange trades, and its default for each kind of feed.
@Suite("BOURSE_MARKET_HOURS")
struct MarketHoursSettingTests {
    static let realFeed = ["BOURSE_FEED_URL": "ws://127.0.0.1:9/feed"]

    @Test func unsetItIsAlwaysOpenForTheSimulatedFeedAndTheNewYorkSessionForARealOne() throws {
        #expect(try SourceSettings(environment: [:]).marketHours == .alwaysOpen)
        #expect(try SourceSettings(environment: ["BOURSE_MARKET_HOURS": ""]).marketHours == .alwaysOpen)
        #expect(try SourceSettings(environment: Self.realFeed).marketHours == .newYork)
    }

    @Test(
        "each value, on either feed",
        arguments: [("new-york", MarketHours.newYork), ("always", .alwaysOpen), ("closed", .alwaysClosed)])
    func eachValue(text: String, hours: MarketHours) throws {
        #expect(try SourceSettings(environment: ["BOURSE_MARKET_HOURS": text]).marketHours == hours)
        let withFeed = Self.realFeed.merging(["BOURSE_MARKET_HOURS": text]) { $1 }
        #expect(try SourceSettings(environment: withFeed).marketHours == hours)
    }

    @Test(arguments: ["NYSE", "New-York", "open", " always", "closed\n"])
    func aValueItDoesNotKnowIsASettingErrorThatNamesTheVariable(text: String) {
        #expect {
            try SourceSettings(environment: ["BOURSE_MARKET_HOURS": text])
        } throws: { error in
            guard let error = error as? SettingError else { return false }
            return error.setting == "BOURSE_MARKET_HOURS" && error.problem.contains("new-york, always or closed")
                && error.fix.contains("unset it")
        }
    }
}
