import BourseCore
import Foundation
import Testing

@testable import Bootstrap

/// `BOURSE_FEED`, `BOURSE_FEED_URL` and the providers' keys, read from the environment.
@Suite("Feed settings")
struct FeedSettingsTests {
    @Test func unsetIsTheEmbeddedSimulatorAndAURLAloneIsABourseFeed() throws {
        #expect(try SourceSettings(environment: [:]).feed == nil)
        #expect(try SourceSettings(environment: [:]).feedKind == .simulated)
        let settings = try SourceSettings(environment: ["BOURSE_FEED_URL": "ws://127.0.0.1:9/feed"])
        #expect(settings.feed?.provider == .bourse && settings.feedKind == .feed)
        #expect(settings.feed?.dialect(symbol: "AAPL") == nil)
        #expect(settings.standIns().contains(.feed) == false)
    }

    @Test func alpacaReadsItsKeysAndDefaultsToTheIEXStream() throws {
        let environment = ["BOURSE_FEED": "alpaca", "APCA_API_KEY_ID": "AKID", "APCA_API_SECRET_KEY": "SECRET"]
        let feed = try #require(try SourceSettings(environment: environment).feed)
        #expect(feed.provider == .alpaca && feed.kind == .alpaca)
        #expect(feed.url.absoluteString == "wss://stream.data.alpaca.markets/v2/iex")
        #expect(feed.dialect(symbol: "MSFT")?.symbol == "MSFT")
        #expect(feed.clientConfiguration.staleAfter == .seconds(30))
        #expect(!feed.description.contains("AKID") && !feed.description.contains("SECRET"))
        #expect(!String(describing: try SourceSettings(environment: environment)).contains("SECRET"))
        let local = try #require(
            try SourceSettings(environment: environment.merging(["BOURSE_FEED_URL": "ws://127.0.0.1:8081/v2/iex"]) { $1 })
                .feed)
        #expect(local.url.absoluteString == "ws://127.0.0.1:8081/v2/iex")
        #expect(feed.label == "Alpaca · IEX")
    }

    @Test func massiveTakesTheRESTKeyAndTheDelayedHostOnRequest() throws {
        let realTime = try #require(try SourceSettings(environment: ["BOURSE_FEED": "massive", "MASSIVE_API_KEY": "MK"]).feed)
        #expect(realTime.url.absoluteString == "wss://socket.massive.com/stocks" && realTime.kind == .massive)
        let delayed = try #require(
            try SourceSettings(environment: ["BOURSE_FEED": "Massive-Delayed", "POLYGON_API_KEY": "PK"]).feed)
        #expect(delayed.url.absoluteString == "wss://delayed.massive.com/stocks")
        #expect((realTime.label, delayed.label) == ("Massive", "Massive · 15 min delayed"))
    }

    @Test(arguments: [
        (["BOURSE_FEED": "alpaca"], "APCA_API_KEY_ID"),
        (["BOURSE_FEED": "alpaca", "APCA_API_KEY_ID": "k"], "APCA_API_SECRET_KEY"),
        (["BOURSE_FEED": "massive"], "MASSIVE_API_KEY"),
        (["BOURSE_FEED": "iex"], "BOURSE_FEED"),
        (
            ["BOURSE_FEED": "alpaca", "APCA_API_KEY_ID": "k", "APCA_API_SECRET_KEY": "s", "BOURSE_FEED_URL": "http://x/"],
            "BOURSE_FEED_URL"
        ),
    ])
    func aFeedThatCannotWorkIsASettingErrorNamingTheVariable(environment: [String: String], variable: String) {
        #expect(throws: SettingError.self) { try SourceSettings(environment: environment) }
        do {
            _ = try SourceSettings(environment: environment)
        } catch {
            #expect(error.setting == variable)
            #expect(!error.description.contains("\"s\"") && !error.fix.isEmpty)
        }
    }
}
