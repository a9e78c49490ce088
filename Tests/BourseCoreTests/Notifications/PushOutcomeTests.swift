import BourseCore
import Foundation
import Testing

/// What a push service's answer means, and when a message not taken is tried again (SPEC.md §11).
@Suite("Push outcomes and backoff")
struct PushOutcomeTests {
    static let now = Date(timeIntervalSince1970: 1_763_820_000)

    @Test(arguments: [
        (200, PushOutcome.delivered), (201, .delivered), (202, .delivered), (404, .gone), (410, .gone),
        (429, .retry(retryAfter: nil)), (500, .retry(retryAfter: nil)), (503, .retry(retryAfter: nil)),
        (400, .rejected(status: 400)), (401, .rejected(status: 401)), (403, .rejected(status: 403)),
        (413, .rejected(status: 413)), (301, .rejected(status: 301)),
    ])
    func eachStatus(status: Int, outcome: PushOutcome) {
        #expect(PushOutcome.of(status: status, retryAfter: nil, now: Self.now) == outcome)
    }

    @Test func retryAfterInSecondsOrAsAnHTTPDate() {
        #expect(PushOutcome.of(status: 429, retryAfter: "120", now: Self.now) == .retry(retryAfter: 120))
        // 1_763_820_000 is Sat, 22 Nov 2025 14:00:00 GMT.
        #expect(
            PushOutcome.of(status: 503, retryAfter: "Sat, 22 Nov 2025 14:01:30 GMT", now: Self.now) == .retry(retryAfter: 90))
        #expect(PushOutcome.of(status: 503, retryAfter: "soon", now: Self.now) == .retry(retryAfter: nil))
        #expect(PushOutcome.of(status: 503, retryAfter: "-5", now: Self.now) == .retry(retryAfter: nil))
    }

    @Test func theWaitsGrowThreefoldUpToAnHour() {
        let expiry = Self.now.addingTimeInterval(365 * 24 * 3600)
        let waits = (1..<PushBackoff.maximumAttempts).map {
            PushBackoff.nextAttempt(after: $0, retryAfter: nil, now: Self.now, expiresAt: expiry)?.timeIntervalSince(Self.now)
        }
        #expect(waits == [10, 30, 90, 270, 810, 2430, 3600, 3600, 3600])
        #expect(
            PushBackoff.nextAttempt(after: PushBackoff.maximumAttempts, retryAfter: nil, now: Self.now, expiresAt: expiry)
                == nil)
    }

    @Test func retryAfterDecidesTheWaitAndNothingGoesPastTheTimeToLive() {
        let expiry = Self.now.addingTimeInterval(600)
        #expect(PushBackoff.nextAttempt(after: 1, retryAfter: 300, now: Self.now, expiresAt: expiry) == Self.now + 300)
        #expect(PushBackoff.nextAttempt(after: 1, retryAfter: 0, now: Self.now, expiresAt: expiry) == Self.now + 1)
        #expect(PushBackoff.nextAttempt(after: 1, retryAfter: 900, now: Self.now, expiresAt: expiry) == nil)
        #expect(PushBackoff.nextAttempt(after: 6, retryAfter: nil, now: Self.now, expiresAt: expiry) == nil)
    }
}
