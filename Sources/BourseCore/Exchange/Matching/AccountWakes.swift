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
    /// The session of each account's oldest listed day order, and the accounts by that session.
    private var daySessions: [AccountID: MarketDate] = [:]
    private var dayAccounts: [MarketDate: Set<AccountID>] = [:]

    /// The account's engine now wakes on `wake`.
    mutating func update(_ account: AccountID, to wake: EngineWake) {
        buyLimits.set(account, key: wake.highestBuyLimit.map { -$0.ticks })
        sellLimits.set(account, key: wake.lowestSellLimit?.ticks)
        buyStops.set(account, key: wake.lowestBuyStopLevel?.ticks)
        sellStops.set(account, key: wake.highestSellStopLevel.map { -$0.ticks })
        buyTrails.set(account, key: wake.highestBuyTrailReference.map { -$0.ticks })
        sellTrails.set(account, key: wake.lowestSellTrailReference?.ticks)
        if wake.always { always.insert(account) } else { always.remove(account) }
        if wake.onAnyLast { onAnyLast.insert(account) } else { onAnyLast.remove(account) }
        let before = daySessions[account]
        guard before != wake.daySession else { return }
        if let before {
            dayAccounts[before]?.remove(account)
            if dayAccounts[before]?.isEmpty == true { dayAccounts[before] = nil }
        }
        daySessions[account] = wake.daySession
        if let session = wake.daySession { dayAccounts[session, default: []].insert(account) }
    }

    /// The accounts whose engine `tick` (of `session`) could move, lowest id first. Their
    /// thresholds are taken out of the heaps: the caller must `update` each after applying the
    /// tick to it.
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
