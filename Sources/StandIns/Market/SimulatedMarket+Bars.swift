import BourseCore
import Dispatch
import Foundation

/// One symbol's bar in a grouped-daily answer.
public struct GroupedBar: Sendable, Equatable {
    public var symbol: String
    public var bar: Bar
}

/// Daily, minute and grouped bars, as they stand at a given instant.
extension SimulatedMarket {
    /// A symbol's bar for one day: nil for an unknown symbol, a day without a session, or a day
    /// whose first minute has not ended by `now`. During the session it covers the minutes so far.
    public func dailyBar(_ symbol: String, on date: MarketDate, now: Date) -> Bar? {
        dailyBars(symbol, from: date, through: date, now: now).first
    }

    /// A symbol's daily bars from `start` through `end`, in date order, as they stand at `now`.
    public func dailyBars(_ symbol: String, from start: MarketDate, through end: MarketDate, now: Date) -> [Bar] {
        guard let position = positions[symbol] else { return [] }
        let model = models[position]
        let dates = calendar.tradingDays(from: start, through: min(end, NewYorkTime.marketDate(of: now)))
        var bars: [Bar] = []
        bars.reserveCapacity(dates.count)
        var previousIndex: Int?
        var previousClose: Int64 = 0
        for date in dates {
            guard let index = tradingDays.index(of: date), let session = calendar.session(on: date) else { continue }
            let count = Self.completedMinutes(of: session, at: now)
            guard count > 0 else { break }
            if let cached = cachedGrouped(date)?[position], count == session.minutes {
                bars.append(Self.bar(cached, start: Self.dayStart(date)))
                previousIndex = nil
                continue
            }
            let prior = previousIndex == index - 1 ? previousClose : closeCents(model, at: max(index - 1, 0))
            let close = closeCents(model, at: index)
            let prices = dayPrices(
                model, index: index, minutes: session.minutes, count: count, previousClose: prior, close: close)
            bars.append(Self.bar(prices, start: Self.dayStart(date)))
            previousIndex = index
            previousClose = close
        }
        return bars
    }

    /// A symbol's one-minute bars on a day, from 09:30 to the close, up to the last minute that
    /// has ended by `now`; empty on days without a session.
    public func minuteBars(_ symbol: String, on date: MarketDate, now: Date) -> [Bar] {
        guard let position = positions[symbol], let index = tradingDays.index(of: date),
            let session = calendar.session(on: date)
        else { return [] }
        let count = Self.completedMinutes(of: session, at: now)
        guard count > 0 else { return [] }
        let model = models[position]
        let previousClose = closeCents(model, at: max(index - 1, 0))
        let close = closeCents(model, at: index)
        let day = tradingDays.days[index]
        var bars: [Bar] = []
        bars.reserveCapacity(count)
        walkMinutes(
            model, day: day, open: openCents(model, day: day, previousClose: previousClose), close: close,
            previousClose: previousClose, minutes: session.minutes, count: count
        ) { minute, prices in
            bars.append(Self.bar(prices, start: session.open.addingTimeInterval(Double(minute - 1) * 60)))
        }
        return bars
    }

    /// Every symbol's daily bar for a trading day as it stands at `now`, sorted by symbol: during
    /// the session the minutes so far (as `dailyBar` and the snapshots give them), the whole day
    /// once it has closed; empty for a day without a session or one whose first minute has not
    /// ended by `now`. A completed day is kept per day, a day in progress per minute.
    public func groupedDaily(on date: MarketDate, now: Date) -> [GroupedBar] {
        guard let session = calendar.session(on: date), let index = tradingDays.index(of: date) else { return [] }
        let count = Self.completedMinutes(of: session, at: now)
        guard count > 0 else { return [] }
        let prices =
            count == session.minutes
            ? cachedGrouped(date) ?? computeGrouped(index: index, session: session, count: count)
            : partialGrouped(date: date, count: count) ?? computeGrouped(index: index, session: session, count: count)
        let start = Self.dayStart(date)
        return zip(listings, prices).map { GroupedBar(symbol: $0.symbol, bar: Self.bar($1, start: start)) }
    }

    /// The trading day whose prices are current at `now`: today once its first minute has
    /// ended, else the last completed trading day (before the open, on a weekend or a holiday).
    public func currentTradingDay(at now: Date) -> MarketDate {
        let today = NewYorkTime.marketDate(of: now)
        if let session = calendar.session(on: today), Self.completedMinutes(of: session, at: now) > 0 { return today }
        return calendar.lastCompletedTradingDay(at: now)
    }

    /// The number of one-minute bars of a session that have ended at an instant.
    static func completedMinutes(of session: TradingSession, at now: Date) -> Int {
        let elapsed = now.timeIntervalSince(session.open)
        guard elapsed >= 60 else { return 0 }
        return min(session.minutes, Int(elapsed / 60))
    }

    /// The aggregate of a day's first `count` minutes.
    func dayPrices(
        _ model: SymbolModel, index: Int, minutes: Int, count: Int, previousClose: Int64, close: Int64
    ) -> DayPrices {
        let day = tradingDays.days[index]
        let open = openCents(model, day: day, previousClose: previousClose)
        var result = DayPrices(open: open, high: open, low: open, close: open, volume: 0)
        walkMinutes(
            model, day: day, open: open, close: close, previousClose: previousClose, minutes: minutes, count: count
        ) { _, minute in
            result.high = max(result.high, minute.high)
            result.low = min(result.low, minute.low)
            result.close = minute.close
            result.volume += minute.volume
        }
        return result
    }

    func cachedGrouped(_ date: MarketDate) -> [DayPrices]? {
        groupedCache.withLock { $0[date.daysSinceEpoch] }
    }

    func partialGrouped(date: MarketDate, count: Int) -> [DayPrices]? {
        partialCache.withLock { $0?.day == date.daysSinceEpoch && $0?.minutes == count ? $0?.prices : nil }
    }

    /// Computes every symbol's first `count` minutes of a day on all cores, and keeps them: a
    /// completed day by day, a day in progress until its next minute ends.
    func computeGrouped(index: Int, session: TradingSession, count minutesSoFar: Int) -> [DayPrices] {
        let count = models.count
        let empty = DayPrices(open: 0, high: 0, low: 0, close: 0, volume: 0)
        var result = [DayPrices](repeating: empty, count: count)
        let chunks = max(1, min(count, ProcessInfo.processInfo.activeProcessorCount * 4))
        result.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let output = buffer
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                let lower = count * chunk / chunks, upper = count * (chunk + 1) / chunks
                for position in lower..<upper {
                    let model = models[position]
                    output[position] = dayPrices(
                        model, index: index, minutes: session.minutes, count: minutesSoFar,
                        previousClose: closeCents(model, at: max(index - 1, 0)), close: closeCents(model, at: index))
                }
            }
        }
        let day = session.date.daysSinceEpoch
        if minutesSoFar < session.minutes {
            partialCache.withLock { $0 = PartialDay(day: day, minutes: minutesSoFar, prices: result) }
            return result
        }
        groupedCache.withLock { cache in
            if cache.count >= Self.cachedDays, let oldest = cache.keys.min() { cache[oldest] = nil }
            cache[day] = result
        }
        return result
    }
}

/// Every symbol's prices of a day in progress, after its first `minutes` minutes.
struct PartialDay: Sendable {
    let day: Int
    let minutes: Int
    let prices: [DayPrices]
}
