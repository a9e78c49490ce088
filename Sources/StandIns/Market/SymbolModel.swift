import BourseCore
import Foundation

/// How one symbol's simulated price moves: its level, daily volatility and volume, and its seed.
struct SymbolModel: Sendable {
    let seed: UInt64
    /// The natural log of the price the symbol reverts to, in dollars.
    let logLevel: Double
    /// The standard deviation of daily log returns.
    let volatility: Double
    /// The typical daily volume, in shares.
    let averageVolume: Double

    /// A symbol with real measurements: it reverts to its last real close with its real volatility.
    init(symbol: String, level: PriceLevel) {
        seed = StableHash.fnv1a(symbol)
        logLevel = log(level.lastClose.doubleApproximation)
        volatility = min(max(level.dailyVolatility.doubleApproximation, 0.003), 0.08)
        averageVolume = Double(max(level.averageVolume, 10_000))
    }

    /// A symbol without measurements: level log-uniform in $5-$400, volatility 1%-3.5%, volume
    /// log-uniform in 50 thousand to 20 million shares (ETFs a little calmer), all from the
    /// symbol's stable hash.
    init(symbol: String, isETF: Bool) {
        seed = StableHash.fnv1a(symbol)
        let a = StableHash.unit(StableHash.mix(seed, 0, 1))
        let b = StableHash.unit(StableHash.mix(seed, 0, 2))
        let c = StableHash.unit(StableHash.mix(seed, 0, 3))
        logLevel = log(5.0) + a * (log(400.0) - log(5.0))
        volatility = (0.01 + b * 0.025) * (isETF ? 0.6 : 1)
        averageVolume = exp(log(50_000.0) + c * (log(20_000_000.0) - log(50_000.0)))
    }
}
