import BourseCore
import Exchange
import MarketData
import WatchlistFeature

/// One background refresh of the prices alerts are waiting on (SPEC.md §11): everyone's alerts
/// read again from their store (a change from the command line counts from here), then the
/// quotes of every stock anyone has an alert on or follows asked of the market at background priority, behind what
/// people are waiting for. The market tells the alerts of the pricing (`PricingObservers`); a
/// pricing already in the cache costs no request, so this asks the source only as often as its
/// answers go stale (daily bars: at the close).
public struct PriceRefresh: Sendable {
    let alerts: PriceAlerts
    let market: Market
    let watchlist: StoredWatchlist?

    public init(alerts: PriceAlerts, market: Market, watchlist: StoredWatchlist?) {
        self.alerts = alerts
        self.market = market
        self.watchlist = watchlist
    }

    /// Returns the symbols it asked for (none: nothing to refresh, or the source failed).
    @discardableResult
    public func run() async -> [String] {
        try? await alerts.reload()
        let watched = (try? await watchlist?.everyonesSymbols()) ?? []
        let symbols = Array(Set(await alerts.armedSymbols + watched)).sorted()
        guard !symbols.isEmpty else { return [] }
        do {
            _ = try await SourceCaller.$current.withValue(.background) { try await market.quotes(for: symbols) }
            return symbols
        } catch {
            return []
        }
    }
}

extension PriceAlerts {
    /// Checks the exchange feed's last trade against the alerts, tick by tick, until the feed's
    /// updates end (shutdown) or the task is cancelled. The change is measured from the last
    /// close of the last list pricing, when the feed's stock has one, and the notice says the
    /// price is the exchange's ("traded at 138.95 on the exchange (+0.01 % since the last close)").
    public func watch(_ desk: any ExchangeDesk) async {
        for await update in desk.updates() {
            guard case .tick(let tick, _) = update, let last = tick.last else { continue }
            let price = last.price.decimal
            await observe([
                Observation(
                    symbol: tick.symbol, price: price, changePercent: changePercent(of: tick.symbol, at: price),
                    time: tick.time, origin: .exchange)
            ])
        }
    }
}
