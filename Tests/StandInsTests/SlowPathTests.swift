import Foundation
import Hummingbird
import HummingbirdTesting
import StandIns
import Testing

/// `PathDelay` (`bourse sim --slow`): answers to matching paths are held back, others are not.
@Suite("PolygonStandIn: slow paths")
struct SlowPathTests {
    @Test("a slow prefix delays its answers by at least the delay, and a path it does not match answers first")
    func delaysOnlyMatchingPaths() async throws {
        let standIn = PolygonStandIn(
            market: Fixtures.smallMarket(), delays: [PathDelay(prefix: "/v2/aggs/grouped", delay: .seconds(3))],
            clock: { Fixtures.evening })
        try await Application(router: standIn.buildRouter()).test(.live) { client in
            let clock = ContinuousClock()
            let start = clock.now
            // The slow path first; the other one (which shares `/v2/aggs/` with it) while it waits.
            async let slow = Answer.get(client, "/v2/aggs/grouped/locale/us/market/stocks/2025-06-17")
            try await Task.sleep(for: .milliseconds(100))
            let quick = try await Answer.get(client, "/v2/aggs/ticker/AAPL/prev")
            let quickDone = clock.now
            let grouped = try await slow
            let slowDone = clock.now
            #expect(quick.status == .ok)
            #expect(grouped.status == .ok)
            #expect(slowDone - start >= .seconds(3))
            #expect(quickDone < slowDone, "the path the prefix does not match was not held back")
        }
    }

    @Test(
        "PATH_PREFIX=SECONDS is read",
        arguments: [
            ("/v2/aggs/grouped=12", "/v2/aggs/grouped", Duration.seconds(12)), ("/v3/=0.5", "/v3/", .milliseconds(500)),
            ("/=0", "/", .zero), ("/a=b=600", "/a=b", .seconds(600)),
        ])
    func parses(text: String, prefix: String, delay: Duration) throws {
        #expect(try PathDelay(parsing: text) == PathDelay(prefix: prefix, delay: delay))
    }

    @Test(
        "a value that is not PATH_PREFIX=SECONDS, a prefix without '/', seconds not from 0 to 600 are refused",
        arguments: [
            ("/v2/aggs/grouped", PathDelayError.notPrefixEqualsSeconds("/v2/aggs/grouped")),
            ("v2/aggs=3", .prefixNotAPath("v2/aggs")), ("=3", .prefixNotAPath("")),
            ("/v2=soon", .secondsNotANumber("soon")), ("/v2=", .secondsNotANumber("")),
            ("/v2=nan", .secondsNotANumber("nan")), ("/v2=-1", .secondsOutOfRange(-1)),
            ("/v2=600.5", .secondsOutOfRange(600.5)),
        ])
    func refuses(text: String, error: PathDelayError) {
        #expect(throws: error) { try PathDelay(parsing: text) }
    }
}
