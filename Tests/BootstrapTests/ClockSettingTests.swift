import Bootstrap
import BourseCore
import Foundation
import Testing

/// `BOURSE_CLOCK`: the app's clock set to a chosen instant, running from it or stopped there.
@Suite("BOURSE_CLOCK")
struct ClockSettingTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test(arguments: [[:], ["BOURSE_CLOCK": ""], ["BOURSE_CLOCK": "  "]])
    func unsetItIsTheSystemClock(environment: [String: String]) throws {
        let now = try ClockSetting.read(environment, start: Self.start)
        #expect(abs(now().timeIntervalSinceNow) < 5)
    }

    @Test func anInstantStartsTheClockThereAndItRuns() throws {
        let start = Date()
        let now = try ClockSetting.read(["BOURSE_CLOCK": "2026-11-24T15:35:00Z"], start: start)
        let first = now()
        let set = try #require(Timestamp.parseISO8601("2026-11-24T15:35:00Z"))
        #expect(first >= set && first.timeIntervalSince(set) < 5)
        Thread.sleep(forTimeInterval: 0.02)
        #expect(now() > first)
    }

    @Test func stoppedHoldsTheClockAtTheInstant() throws {
        let now = try ClockSetting.read(["BOURSE_CLOCK": "2026-11-26T17:00:00Z stopped"], start: Self.start)
        let set = try #require(Timestamp.parseISO8601("2026-11-26T17:00:00Z"))
        #expect(now() == set)
        Thread.sleep(forTimeInterval: 0.02)
        #expect(now() == set)
    }

    @Test(arguments: [
        "2026-11-24", "2026-11-24 15:35:00", "2026-11-24T15:35:00+01:00", "tomorrow", "2026-13-01T00:00:00Z",
        "2026-11-24T15:35:00Z frozen", "2026-11-24T15:35:00Z stopped now",
    ])
    func aValueItCannotReadIsASettingErrorThatNamesTheVariable(text: String) {
        #expect {
            _ = try ClockSetting.read(["BOURSE_CLOCK": text])
        } throws: { error in
            guard let error = error as? SettingError else { return false }
            return error.setting == "BOURSE_CLOCK" && error.fix.contains("stopped")
        }
    }
}
