/// Every account's `EngineWake`, indexed so that a tick finds the accounts whose engine it could
/// move without looking at the others: a heap per threshold (`AccountWakeHeap`), and the few
/// accounts woken by any tick (held exits), by any last (unreferenced trailing stops) or by a
/// change of session (day orders) in sets.
///
/// The keys, smallest acts first, and what a tick must reach:
/// - a buy limit L trades when the best ask ≤ L: key −L, reach −ask;
/// - a sell limit L when the best bid ≥ L: key L, reach bid;
/// - a buy stop at S triggers when the last ≥ S: key S, reach last;
/// - a sell stop at S when the last ≤ S: key −S, reach −last;
/// - a buy trailing reference R moves when the last < R: key −R, reach −last − 1;
/// - a sell trailing reference R moves when the last > R: key R, reach last − 1.
struct AccountWakes: Sendable {
    private var buyLimits = AccountWakeHeap()
    private var sellLimits = AccountWakeHeap()
    private var buyStops = AccountWakeHeap()
    private var sellStops = AccountWakeHeap()
    private var buyTrails = AccountWakeHeap()
    private var sellTrails = AccountWakeHeap()
    private var always: Set<AccountID> = []
    private var onAnyLast: Set<AccountID> = []
    /// The accounts with day orders, by the session of their oldest listed one.
    private var dayAccounts: [MarketDate: Set<AccountID>] = [:]

    /// The account's engine now wakes on `new` instead of `old`: only what changed is written,
    /// and every threshold when a tick took them out of the heaps (`taken`).
    mutating func update(_ account: AccountID, from old: EngineWake, to new: EngineWake, taken: Bool) {
        if taken || old.highestBuyLimit != new.highestBuyLimit {
            buyLimits.set(account, key: new.highestBuyLimit.map { -$0.ticks })
        }
        if taken || old.lowestSellLimit != new.lowestSellLimit {
            sellLimits.set(account, key: new.lowestSellLimit?.ticks)
        }
        if taken || old.lowestBuyStopLevel != new.lowestBuyStopLevel {
            buyStops.set(account, key: new.lowestBuyStopLevel?.ticks)
        }
        if taken || old.highestSellStopLevel != new.highestSellStopLevel {
            sellStops.set(account, key: new.highestSellStopLevel.map { -$0.ticks })
        }
        if taken || old.highestBuyTrailReference != new.highestBuyTrailReference {
            buyTrails.set(account, key: new.highestBuyTrailReference.map { -$0.ticks })
        }
        if taken || old.lowestSellTrailReference != new.lowestSellTrailReference {
            sellTrails.set(account, key: new.lowestSellTrailReference?.ticks)
        }
        if old.always != new.always {
            if new.always { always.insert(account) } else { always.remove(account) }
        }
        if old.onAnyLast != new.onAnyLast {
            if new.onAnyLast { onAnyLast.insert(account) } else { onAnyLast.remove(account) }
        }
        guard old.daySession != new.daySession else { return }
        if let before = old.daySession {
            dayAccounts[before]?.remove(account)
            if dayAccounts[before]?.isEmpty == true { dayAccounts[before] = nil }
        }
        if let session = new.daySession { dayAccounts[session, default: []].insert(account) }
    }

    /// The accounts whose engine `tick` (of `session`) could move, lowest id first. Their
    /// thresholds are taken out of the heaps: the caller must `update` each (`taken`) after applying
    /// the tick to it.
    mutating func take(for tick: FeedTick, session: MarketDate) -> [AccountID] {
        var woken: [AccountID] = []
        if let ask = tick.bestAsk?.price { buyLimits.take(reaching: -ask.ticks, into: &woken) }
        if let bid = tick.bestBid?.price { sellLimits.take(reaching: bid.ticks, into: &woken) }
        if let last = tick.last?.price {
            buyStops.take(reaching: last.ticks, into: &woken)
            sellStops.take(reaching: -last.ticks, into: &woken)
            buyTrails.take(reaching: ~last.ticks, into: &woken)
            sellTrails.take(reaching: last.ticks - 1, into: &woken)
            woken += onAnyLast
        }
        woken += always
        for (daySession, accounts) in dayAccounts where daySession != session { woken += accounts }
        guard woken.count > 1 else { return woken }
        woken.sort()
        var unique: [AccountID] = []
        unique.reserveCapacity(woken.count)
        for account in woken where unique.last != account { unique.append(account) }
        return unique
    }
}
