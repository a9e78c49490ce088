import Foundation

/// How `AccountsEngine` keeps the engines it did not visit as if they had seen every tick.
extension AccountsEngine {
    /// Gives `account` an engine if it has none, holding the current tick's whole book.
    mutating func openEngine(_ account: AccountID) {
        guard accounts[account] == nil else { return }
        var engine = MatchingEngine(account: account, index: index)
        if let tick {
            engine.book = tick
            engine.updateSession(tick.time)
        }
        accounts[account] = Account(engine: engine, seen: moment)
    }

    /// Runs `body` on `account`'s engine, first brought up to the current tick, then reads its
    /// wake again; nil for an account with no engine. One lookup of the account.
    @discardableResult
    mutating func change<Result, Failure: Error>(
        _ account: AccountID, _ body: (inout MatchingEngine) throws(Failure) -> Result
    ) throws(Failure) -> Result? {
        let (tick, moment) = (self.tick, self.moment)
        guard let change = try accounts[account]?.change(tick: tick, moment: moment, body) else { return nil }
        wakes.update(account, from: change.old, to: change.new, taken: false)
        return change.result
    }

    /// Applies the tick to `account`'s engine, whose thresholds `wakes` has just taken out, and
    /// puts them back as they now are.
    mutating func visit(_ account: AccountID, with tick: FeedTick, movedStops: MovedStops) -> MatchReport? {
        let moment = self.moment
        let visit = accounts[account]?.change(tick: tick, moment: moment) { engine in
            engine.apply(tick, movedStops: movedStops)
        }
        guard let visit else { return nil }
        wakes.update(account, from: visit.old, to: visit.new, taken: true)
        return visit.result
    }
}

extension AccountsEngine.Account {
    /// Runs `body` on the engine, first brought up to the current tick, and reads its wake again.
    mutating func change<Result, Failure: Error>(
        tick: FeedTick?, moment: Int, _ body: (inout MatchingEngine) throws(Failure) -> Result
    ) throws(Failure) -> (result: Result, old: EngineWake, new: EngineWake) {
        catchUp(to: tick, moment: moment)
        let result = try body(&engine)
        let old = wake
        wake = engine.wake()
        return (result, old, wake)
    }

    /// An engine skipped the ticks since it was last visited because none of them could have
    /// moved it (`EngineWake`): `apply` would only have replaced its book and session, which
    /// this does now, with the current tick's (`moment` counts the ticks and cleared books).
    mutating func catchUp(to tick: FeedTick?, moment: Int) {
        guard seen != moment else { return }
        if let tick {
            engine.book = tick
            engine.updateSession(tick.time)
        } else {
            engine.clearBook()
        }
        seen = moment
    }
}
