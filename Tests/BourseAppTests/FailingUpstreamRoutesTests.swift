import BourseCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import MarketData
import MarketDataLive
import MarketsFeature
import Storage
import TestSupport
import Testing

@testable import BourseApp

/// The app in front of a Polygon-shaped server that misbehaves, over loopback, with the answers
/// saved in a SQLite file: each failure of the source is an answer a user can rely on (the
/// saved one, marked stale, or a clear error), never a hang, a leak or a 500.
@Suite("Routes in front of a misbehaving source")
struct FailingUpstreamRoutesTests {
    static let key = "sk_ROUTE_5ecret_42"
    static let detailsPath = "/v3/reference/tickers/AAPL"

    struct Fixture {
        let upstream: MisbehavingUpstream
        let now: TestNow
        let store: DatabaseAnswerStore
        let router: Router<AppRequestContext>
        let market: Market

        /// The stock's JSON answer: status, headers and body.
        func stock(
            _ symbol: String = "AAPL"
        ) async throws -> (status: HTTPResponse.Status, retryAfter: String?, body: String, onItsWay: Bool) {
            try await Application(router: router).test(.router) { client in
                let response = try await client.execute(uri: "/api/v1/stocks/\(symbol)", method: .get)
                return (
                    response.status, response.headers[.retryAfter], String(buffer: response.body),
                    response.headers[APIError.onItsWay] == "1"
                )
            }
        }

        /// Returns once every answer the source was asked for is in the database (at most 30 s).
        func waitUntilSaved() async throws {
            for path in upstream.paths {
                // Saved under the path and its sorted query, as the client asks for them.
                let key =
                    path.hasPrefix("/v2/aggs/grouped/")
                    ? path + "?adjusted=true"
                    : path.hasPrefix("/v2/aggs/ticker/") ? path + "?adjusted=true&limit=50000&sort=asc" : path
                for _ in 0..<300 where try await store.answer(for: key) == nil {
                    try await Task.sleep(for: .milliseconds(100))
                }
                #expect(try await store.answer(for: key) != nil, "\(key) was never saved")
            }
        }

        /// A day later: AAPL's details (fresh for a day) have expired; the day's prices have not.
        func aDayLater() { now.set(now.date.addingTimeInterval(25 * 3600)) }
    }

    /// With an answer saved a request waits `patience` (1 s) for the source; with nothing saved,
    /// `deadline`: 10 s by default, so that a healthy answer is never late on a busy machine.
    static func fixture(deadline: Duration = .seconds(10)) async throws -> Fixture {
        let upstream = try await MisbehavingUpstream.start()
        let now = TestNow(LiveMarket.fridayEvening)
        let path = TemporaryDatabase.newPath().path
        let store = DatabaseAnswerStore(database: try BourseDatabase(path: path))
        var quiet = Logger(label: "test")
        quiet.logLevel = .critical
        var configuration = PolygonConfiguration(
            baseURL: upstream.url, apiKey: key, requestsPerMinute: 1000,
            retry: RetryPolicy(
                maxAttempts: 2, baseBackoff: .milliseconds(5), maxBackoff: .milliseconds(20), maxRateLimitWait: .seconds(1)),
            patience: .seconds(1), deadline: deadline)
        configuration.maxAnswerBytes = 64 << 10
        let client = PolygonClient(configuration: configuration, cache: store, now: { now.date }, logger: quiet)
        let market = Market(source: .polygon, provider: client, now: { now.date })
        let search = ListingSearch(listings: { [Listing(symbol: "AAPL", name: "Apple Inc.", exchange: .nasdaq, isETF: false)] })
        return Fixture(
            upstream: upstream, now: now, store: store, router: buildRouter(AppFeatures(market: market, search: search)),
            market: market)
    }

    /// Saves a good answer, then lets the details expire.
    static func savedThenExpired() async throws -> Fixture {
        let fixture = try await fixture()
        let first = try await fixture.stock()
        #expect(first.status == .ok)
        #expect(first.body.contains(#""stale":false"#))
        fixture.aDayLater()
        return fixture
    }

    @Test func aGarbled200ServesTheSavedAnswerStale() async throws {
        let fixture = try await Self.savedThenExpired()
        fixture.upstream.set(.garbled)
        let answer = try await fixture.stock()
        #expect(answer.status == .ok)
        #expect(answer.body.contains(#""stale":true"#))
        #expect(answer.body.contains(#""name":"Apple Inc.""#))
        #expect(answer.body.contains(#""price":"101.25""#))
        #expect(fixture.upstream.count(Self.detailsPath) == 2, "the garbled answer was asked for, and not retried")
    }

    @Test func aGarbled200WithNothingSavedIsA502() async throws {
        let fixture = try await Self.fixture()
        fixture.upstream.set(.garbled)
        let answer = try await fixture.stock()
        #expect(answer.status == .badGateway)
        #expect(answer.body.contains("unexpected answer"))
        #expect(try await fixture.store.answer(for: Self.detailsPath) == nil, "nothing garbled is saved")
    }

    @Test func aSourceThatNeverAnswersCostsTheDeadlineThenA503OnItsWayWithRetryAfter() async throws {
        let fixture = try await Self.fixture(deadline: .seconds(1))
        fixture.upstream.set(.hang)
        let answer = try await fixture.stock()
        #expect(answer.status == .serviceUnavailable)
        #expect(answer.retryAfter == "5")
        #expect(answer.onItsWay, "the page shows it loading, not failed")
        #expect(answer.body.contains("on its way from the market data source (the source is slow: no answer within 1 s)"))
    }

    @Test func aSourceThatNeverAnswersWithAnAnswerSavedServesItStale() async throws {
        let fixture = try await Self.savedThenExpired()
        fixture.upstream.set(.hang)
        let answer = try await fixture.stock()
        #expect(answer.status == .ok)
        #expect(answer.body.contains(#""stale":true"#))
    }

    @Test func aSlowSourceAnswersPastTheDeadlineAndFillsTheCacheForTheNextAsk() async throws {
        let fixture = try await Self.fixture(deadline: .seconds(1))
        fixture.upstream.set(.slow(.seconds(2)))
        var answer = try await fixture.stock()
        #expect(answer.status == .serviceUnavailable)
        #expect(answer.body.contains("it is saved when it comes: try again in 5 s"))

        // Each request past the deadline went on in the background: once what it asked for is
        // saved, the next ask gets further (the details, then each day's prices), and nothing
        // is asked of the source twice.
        var asks = 1
        while answer.status == .serviceUnavailable, asks < 6 {
            try await fixture.waitUntilSaved()
            answer = try await fixture.stock()
            asks += 1
        }
        #expect(answer.status == .ok)
        #expect(answer.body.contains(#""stale":false"#))
        #expect(answer.body.contains(#""price":"101.25""#))
        let paths = fixture.upstream.paths
        #expect(Set(paths).count == paths.count, "asked twice: \(paths)")
    }

    @Test func theStartUpsPricesWaitPastTheDeadlineForASlowSource() async throws {
        let fixture = try await Self.fixture(deadline: .seconds(1))
        fixture.upstream.set(.slow(.milliseconds(1500)))
        // A person's call gives up at the deadline; the app's own work waits for the answer.
        await #expect(throws: MarketDataError.self) { try await fixture.market.quotes(for: ["AAPL"]) }
        let quotes = try await fixture.market.quotesWithoutDeadline(for: ["AAPL"])
        #expect(quotes.value["AAPL"]?.price.description == "101.25")
    }

    @Test func rateLimitedWithNothingSavedIsA503WithTheSourcesRetryAfter() async throws {
        let fixture = try await Self.fixture()
        fixture.upstream.set(.rateLimited)
        let answer = try await fixture.stock()
        #expect(answer.status == .serviceUnavailable)
        #expect(answer.retryAfter == "120")
        #expect(answer.body.contains("rate limited"))
        #expect(!answer.onItsWay, "a 429 from the source is a failure to show")
    }

    @Test func rateLimitedWithAnAnswerSavedServesItStale() async throws {
        let fixture = try await Self.savedThenExpired()
        fixture.upstream.set(.rateLimited)
        let answer = try await fixture.stock()
        #expect(answer.status == .ok)
        #expect(answer.body.contains(#""stale":true"#))
    }

    @Test func aMadeUpSymbolIsA404AfterOneDetailsRequestAndAskingAgainCostsNone() async throws {
        let fixture = try await Self.fixture()
        try await Application(router: fixture.router).test(.router) { client in
            for uri in [
                "/api/v1/stocks/ZZQX", "/api/v1/stocks/ZZQX/bars?range=1D", "/stocks/ZZQX/chart.svg?range=1M",
                "/stocks/ZZQX/sparkline.svg", "/stocks/ZZQX",
            ] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .notFound, "\(uri)")
            }
        }
        // The upstream names another ticker (AAPL) for ZZQX: not this symbol, so unknown.
        #expect(fixture.upstream.paths == ["/v3/reference/tickers/ZZQX"])
    }

    @Test func aKeyEchoedByTheSourceNeverReachesTheAnswerOrTheDatabase() async throws {
        let fixture = try await Self.fixture()
        fixture.upstream.set(.echoKey)
        let answer = try await fixture.stock()
        #expect(answer.status == .ok)
        #expect(!answer.body.contains(Self.key))
        #expect(answer.body.contains("Apple"))
        let saved = try #require(try await fixture.store.answer(for: Self.detailsPath))
        #expect(!String(decoding: saved.body, as: UTF8.self).contains(Self.key))
    }

    @Test func anOversizedAnswerIsRefusedAndNeverSaved() async throws {
        let fixture = try await Self.fixture()
        fixture.upstream.set(.oversized)
        let answer = try await fixture.stock()
        #expect(answer.status == .badGateway)
        #expect(answer.body.contains("more than the 65536 bytes allowed"))
        #expect(try await fixture.store.answer(for: Self.detailsPath) == nil)
    }

    @Test func anOversizedAnswerWithOneSavedServesTheSavedOneStale() async throws {
        let fixture = try await Self.savedThenExpired()
        fixture.upstream.set(.oversized)
        let answer = try await fixture.stock()
        #expect(answer.status == .ok)
        #expect(answer.body.contains(#""stale":true"#))
    }
}
