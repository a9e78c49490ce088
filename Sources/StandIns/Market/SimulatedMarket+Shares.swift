import BourseCore
import Foundation

/// Shares outstanding and market capitalisation, for the ticker details' `market_cap`.
extension SimulatedMarket {
    /// A company's simulated shares outstanding: its typical daily volume over a daily turnover
    /// of 0.3 % to 1.5 % (from a stable hash of the symbol), in whole thousands; nil for a fund
    /// (Massive gives funds no market capitalisation) or a symbol the market does not list.
    public func sharesOutstanding(_ symbol: String) -> Int64? {
        guard let position = positions[symbol], !listings[position].isETF else { return nil }
        let model = models[position]
        let turnover = 0.003 + StableHash.unit(StableHash.mix(model.seed, 0, 7)) * 0.012
        return Int64((model.averageVolume / turnover / 1000).rounded()) * 1000
    }

    /// The shares outstanding at the close of the last trading day completed by `now`: what
    /// Massive's ticker details give as `market_cap`, in dollars and cents.
    public func marketCap(_ symbol: String, now: Date) -> ExactDecimal? {
        guard let shares = sharesOutstanding(symbol) else { return nil }
        let day = calendar.lastCompletedTradingDay(at: now)
        guard let close = dailyBar(symbol, on: day, now: now)?.close else { return nil }
        return close * ExactDecimal(Int(shares))
    }
}
