import BourseCore
import Exchange
import Foundation
import TestSupport
import Testing

@testable import ExchangeCluster

/// What an instance shows of the desk it does not run (SPEC §15): as the desk's own screen would.
@Suite("The desk's mirror")
struct DeskMirrorTests {
    @Test func theBookIsTheLastTicksLessWhatTheAccountTookAndNoneWithoutALiveFeed() {
        var mirror = DeskMirror(market: .open)
        let tick = Ticks.make(1), left = Ticks.make(1, asks: [(10_127, 300)])
        #expect(mirror.apply(.tick(tick, left: [AccountID(2): left])).count == 1)
        #expect(mirror.book(account: AccountID(2)) == nil)  // not live yet
        #expect(mirror.apply(.state(.live)).count == 1)
        #expect(mirror.book(account: AccountID(2)) == left)
        #expect(mirror.book(account: .owner) == tick)
        #expect(mirror.apply(.market(.closed(nextOpen: nil))).count == 1)
        // While the market is closed the quotes are shown; nothing is taken from them.
        #expect(mirror.book(account: AccountID(2)) == tick)
        #expect(mirror.apply(.state(.reconnecting(attempt: 1, retryIn: .seconds(1)))).count == 1)
        #expect(mirror.book(account: .owner) == nil)
        #expect(mirror.chart.points.count == 1)
    }

    @Test func aStatusSetsTheStateOnlyUntilTheDeskHasSpoken() {
        var mirror = DeskMirror(market: .closed(nextOpen: nil))
        let updates = mirror.apply(.status(holder: "web-1", state: .live, market: .open, lastTick: Ticks.make(4)))
        #expect(updates.count == 2 && mirror.feedState == .live && mirror.market == .open)
        #expect(mirror.lastTick == Ticks.make(4) && mirror.holder == "web-1")
        #expect(mirror.apply(.state(.stale)).count == 1)
        // An older status cannot undo what a later update said.
        #expect(mirror.apply(.status(holder: "web-1", state: .live, market: .open, lastTick: nil)).isEmpty)
        #expect(mirror.feedState == .stale)
        #expect(mirror.apply(.state(.stale)).isEmpty)  // no change, nothing to tell
    }

    @Test func aSilentDeskMeansNoBookUntilTheNextDeskSpeaks() {
        var mirror = DeskMirror(market: .open)
        _ = mirror.apply(.status(holder: "web-1", state: .live, market: .open, lastTick: Ticks.make(1)))
        #expect(mirror.book(account: .owner) != nil)
        #expect(mirror.deskFellSilent().count == 1)
        #expect(mirror.holder == nil && mirror.book(account: .owner) == nil)
        #expect(mirror.deskFellSilent().isEmpty)
        _ = mirror.apply(.status(holder: "web-2", state: .live, market: .open, lastTick: nil))
        #expect(mirror.holder == "web-2" && mirror.feedState == .live)
    }
}
