import BourseCore
import Foundation

/// The price process: daily closes and opens, and the minute path between them.
extension SimulatedMarket {
    /// Draw streams, so that the close, the gap, the volume and the minutes use independent numbers.
    enum Stream: Int {
        case close = 11
        case gap = 12
        case volume = 13
        case minutes = 14
    }

    /// The close of the trading day at `index`, in cents.
    func closeCents(_ model: SymbolModel, at index: Int) -> Int64 {
        let days = tradingDays.days
        let terms = min(Self.memory, index + 1)
        var x = 0.0
        Self.weights.withUnsafeBufferPointer { weights in
            for k in 0..<terms {
                x += weights[k] * NormalTable.draw(StableHash.mix(model.seed, days[index - k], Stream.close.rawValue))
            }
        }
        return Self.roundCents(exp(model.logLevel + model.volatility * x) * 100)
    }

    /// The open of a day in cents: the previous close times a small gap.
    func openCents(_ model: SymbolModel, day: Int, previousClose: Int64) -> Int64 {
        let gap = 0.25 * model.volatility * NormalTable.draw(StableHash.mix(model.seed, day, Stream.gap.rawValue))
        return Self.roundCents(Double(previousClose) * exp(gap))
    }

    /// Walks a session's minutes from `open` to `close` (cents), calling `body` with each of the
    /// first `count` minutes (1-based) in order. The path is a Brownian bridge in log price, so
    /// minute `minutes` closes exactly at `close`.
    func walkMinutes(
        _ model: SymbolModel, day: Int, open: Int64, close: Int64, previousClose: Int64,
        minutes: Int, count: Int, _ body: (Int, DayPrices) -> Void
    ) {
        guard count > 0 else { return }
        let n = Double(minutes)
        let sigma = model.volatility / n.squareRoot()
        let seed = StableHash.mix(model.seed, day, Stream.minutes.rawValue)
        @inline(__always) func bits(_ i: Int) -> UInt64 { StableHash.mix(seed &+ UInt64(i)) }
        var end = 0.0
        for i in 1...minutes { end += NormalTable.draw(bits(i)) }
        end *= sigma
        let logOpen = log(Double(open)), logClose = log(Double(close))
        // Busier days are the ones that move; the weights shape the usual U of intraday volume.
        let move = abs(logClose - log(Double(previousClose))) / model.volatility
        let dayVolume =
            model.averageVolume
            * exp(0.35 * NormalTable.draw(StableHash.mix(model.seed, day, Stream.volume.rawValue)) - 0.06)
            * (0.75 + 0.25 * min(move, 4))
        var weightSum = 0.0
        for i in 1...minutes { weightSum += Self.volumeWeight(i, of: n) }
        let volumeScale = dayVolume / weightSum
        // The path in log price steps by `drift + sigma * eps - end / n`; the price is carried
        // multiplicatively (a short series for exp of a tiny step), which is exact to far below a cent.
        let drift = (logClose - logOpen - end) / n
        var level = Double(open) / 100
        var previous = open
        for i in 1...count {
            let b = bits(i)
            let step = drift + sigma * NormalTable.draw(b)
            level *= 1 + step * (1 + step * (0.5 + step * (1.0 / 6 + step / 24)))
            let price = i == minutes ? close : Self.roundCents(level * 100)
            let top = max(previous, price), bottom = min(previous, price)
            let high = top + Self.roundHalfUp(Double(top) * sigma * 0.6 * abs(NormalTable.draw(b >> 12)))
            let low = max(1, bottom - Self.roundHalfUp(Double(bottom) * sigma * 0.6 * abs(NormalTable.draw(b >> 24))))
            let share = Self.volumeWeight(i, of: n) * (0.5 + Double(b >> 40) * 0x1.0p-24)
            let volume = max(1, Self.roundHalfUp(volumeScale * share))
            body(i, DayPrices(open: previous, high: high, low: low, close: price, volume: volume))
            previous = price
        }
    }

    /// Relative volume of minute `i` of `n`: three times as busy at the open and close as at midday.
    @inline(__always)
    static func volumeWeight(_ i: Int, of n: Double) -> Double {
        let x = (Double(i) - 0.5) / n * 2 - 1
        return 1 + 2 * x * x
    }

    @inline(__always)
    static func roundCents(_ value: Double) -> Int64 {
        guard value.isFinite else { return 1 }
        return max(1, roundHalfUp(min(value, 1e15)))
    }

    /// A non-negative value rounded half up; truncating `x + 0.5` is one instruction, where
    /// `rounded()` is a libm call that took a fifth of the grouped-daily time.
    @inline(__always)
    static func roundHalfUp(_ value: Double) -> Int64 {
        Int64(max(0, value) + 0.5)
    }
}
