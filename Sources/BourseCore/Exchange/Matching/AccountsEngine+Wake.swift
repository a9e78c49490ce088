import Foundation

/// How `AccountsEngine` keeps the engines it did not visit as if they had seen every tick.
extension AccountsEngine {
    /// Gives `account` an engine if it has none, holding the current tick's whole book, and
    /// brings an engine that skipped ticks up to the current one.
    mutating func openEngine(_ account: AccountID) {
        guard accounts[account] == nil else { return catchUp(account) }
        var engine = MatchingEngine(account: account, index: index)
        if let tick {
            engine.book = tick
            engine.updateSession(tick.time)
        }
        accounts[account] = Account(engine: engine, seen: moment)
    }

    /// An engine skipped the ticks since it was last visited because none of them could have
    /// moved it (`EngineWake`): `apply` would only have replaced its book and session, which
    /// this does now, with the current tick's.
    mutating func catchUp(_ account: AccountID) {
        guard let seen = accounts[account]?.seen, seen != moment else { return }
        if let tick {
            accounts[account]?.engine.book = tick
            accounts[account]?.engine.updateSession(tick.time)
        } else {
            accounts[account]?.engine.clearBook()
        }
        accounts[account]?.seen = moment
    }

    /// Reads the account's wake again after its engine changed.
    mutating func rewake(_ account: AccountID) {
        guard let wake = accounts[account]?.engine.wake() else { return }
        wakes.update(account, to: wake)
    }
}
