/// One of `EngineWake`'s thresholds for every account, in a `RankHeap` (the key, then the
/// account's id as the rank), so that a tick finds the accounts it reaches by popping from the
/// top: O(1) when it reaches none, O(log n) per account it reaches.
///
/// Keys are made "smaller acts first" by the caller (a limit negated where the highest acts
/// first), and a tick reaches every key at or below its `reach`. An entry is live while it holds
/// the account's current key (`keys`); the others are dropped as they reach the top, and the heap
/// is rebuilt without them once they outnumber the live ones. An account whose entry is taken
/// has no key until it is set again (the caller sets every key of each account it took).
struct AccountWakeHeap: Sendable {
    private var heap = RankHeap()
    /// Each account's current key, by the account's raw id, while it has one in the heap.
    private var keys: [Int64: Int64] = [:]

    /// The account's key is now `key` (nil: none).
    mutating func set(_ account: AccountID, key: Int64?) {
        guard keys[account.rawValue] != key else { return }
        keys[account.rawValue] = key
        if let key { heap.push(.init(key: key, rank: account.rawValue)) }
        tidy()
    }

    /// Takes out the accounts whose key is at most `reach`, into `accounts`.
    mutating func take(reaching reach: Int64, into accounts: inout [AccountID]) {
        while let top = heap.top, top.key <= reach {
            heap.pop()
            guard keys[top.rank] == top.key else { continue }
            keys[top.rank] = nil
            accounts.append(AccountID(top.rank))
        }
    }

    /// Rebuilds the heap with one live entry per account once dead ones outnumber the live (an
    /// account's key that went away and came back may have left a second entry with it).
    private mutating func tidy() {
        guard heap.count > 64, heap.count > 2 * keys.count else { return }
        let keys = self.keys
        var kept: Set<Int64> = []
        heap.filter { keys[$0.rank] == $0.key && kept.insert($0.rank).inserted }
    }
}
