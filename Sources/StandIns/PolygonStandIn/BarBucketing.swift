import BourseCore
import Foundation

/// The aggregate sizes Polygon serves.
enum AggregateTimespan: String, Sendable, CaseIterable {
    case minute, hour, day, week, month

    /// Whether bars of this size are built from minute bars (else from daily bars).
    var isIntraday: Bool { self == .minute || self == .hour }
}

/// One output bar: a bucket of base bars (minutes or days), with Polygon's `vw` and `n`.
struct AggregateBar: Sendable, Equatable {
    var bar: Bar
    /// The volume-weighted average price, to 4 places.
    var vwap: ExactDecimal
    /// The number of trades (simulated: about one per 150 shares).
    var transactions: Int
}

/// Groups base bars into buckets of `multiplier` timespans.
///
/// Minutes and hours are aligned to multiples of their length since the Unix epoch (so 5-minute
/// bars start at 09:30, 09:35, ...; hour bars at whole hours). Days count from the window's
/// first day, weeks start on Sunday and months on the 1st, counted from the window's first
/// week or month; a bucket is stamped with its start at 00:00 New York time.
enum BarBucketing {
    static func aggregate(
        _ bars: [Bar], multiplier: Int, timespan: AggregateTimespan, from firstDay: MarketDate
    ) -> [AggregateBar] {
        var output: [AggregateBar] = []
        var currentKey: Int?
        var group: [Bar] = []
        func flush() {
            guard let key = currentKey, !group.isEmpty else { return }
            output.append(combine(group, start: start(ofBucket: key, multiplier: multiplier, timespan: timespan, from: firstDay)))
            group.removeAll(keepingCapacity: true)
        }
        for bar in bars {
            let key = bucket(of: bar.start, multiplier: multiplier, timespan: timespan, from: firstDay)
            if key != currentKey {
                flush()
                currentKey = key
            }
            group.append(bar)
        }
        flush()
        return output
    }

    static func bucket(of start: Date, multiplier: Int, timespan: AggregateTimespan, from firstDay: MarketDate) -> Int {
        let ms = Int((start.timeIntervalSince1970 * 1000).rounded())
        let day = NewYorkTime.marketDate(of: start)
        switch timespan {
        case .minute: return floorDiv(ms, multiplier * 60_000)
        case .hour: return floorDiv(ms, multiplier * 3_600_000)
        case .day: return floorDiv(day.daysSinceEpoch - firstDay.daysSinceEpoch, multiplier)
        case .week: return floorDiv((sunday(of: day) - sunday(of: firstDay)) / 7, multiplier)
        case .month: return floorDiv(monthIndex(day) - monthIndex(firstDay), multiplier)
        }
    }

    static func start(ofBucket key: Int, multiplier: Int, timespan: AggregateTimespan, from firstDay: MarketDate) -> Date {
        switch timespan {
        case .minute: return Date(timeIntervalSince1970: Double(key * multiplier * 60))
        case .hour: return Date(timeIntervalSince1970: Double(key * multiplier * 3600))
        case .day: return SimulatedMarket.dayStart(firstDay.adding(days: key * multiplier))
        case .week:
            return SimulatedMarket.dayStart(MarketDate(daysSinceEpoch: sunday(of: firstDay) + key * multiplier * 7))
        case .month:
            let index = monthIndex(firstDay) + key * multiplier
            let year = floorDiv(index, 12)
            return SimulatedMarket.dayStart(MarketDate(year: year, month: index - year * 12 + 1, day: 1)!)
        }
    }

    static func combine(_ bars: [Bar], start: Date) -> AggregateBar {
        var high = bars[0].high, low = bars[0].low, volume = ExactDecimal.zero, weighted = ExactDecimal.zero
        for bar in bars {
            high = max(high, bar.high)
            low = min(low, bar.low)
            volume += bar.volume
            weighted += bar.ohlcAverage(places: 4) * bar.volume
        }
        let vwap = volume.isZero ? bars[0].close : ((try? weighted.divided(by: volume, places: 4)) ?? bars[0].close)
        let shares = Int(volume.rounded(toPlaces: 0, .down).significand)
        return AggregateBar(
            bar: Bar(start: start, open: bars[0].open, high: high, low: low, close: bars[bars.count - 1].close, volume: volume),
            vwap: vwap, transactions: max(1, shares / 150))
    }

    static func floorDiv(_ a: Int, _ b: Int) -> Int {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }

    /// The day number of the Sunday that starts a date's week.
    static func sunday(of date: MarketDate) -> Int {
        date.daysSinceEpoch - date.weekday % 7
    }

    static func monthIndex(_ date: MarketDate) -> Int {
        date.year * 12 + date.month - 1
    }
}
