/// A stock's key statistics (SPEC §13): the day's from the whole-market answer every list is
/// priced from, the year's from its daily bars over the last 365 days (the 1Y chart's own), the
/// market capitalisation from its reference data. A value the source has not given (or not yet)
/// is nil.
public struct KeyStatistics: Sendable, Equatable {
    /// The close of the trading day before the day the prices are of.
    public var previousClose: ExactDecimal?
    public var open: ExactDecimal?
    public var dayHigh: ExactDecimal?
    public var dayLow: ExactDecimal?
    /// The day's volume in shares, as the source gave it.
    public var volume: ExactDecimal?
    /// The mean volume of the last `averagedDays` trading days (fewer when the year holds
    /// fewer), the day the prices are of included, rounded half-even to a whole share.
    public var averageVolume: ExactDecimal?
    /// The highest high and lowest low of the year's daily bars and the day's.
    public var week52High: ExactDecimal?
    public var week52Low: ExactDecimal?
    /// In dollars, as the source gave it.
    public var marketCap: ExactDecimal?

    /// How many trading days `averageVolume` is the mean of.
    public static let averagedDays = 30

    /// A stock's bar of one trading day.
    public struct DayBar: Sendable, Equatable {
        public var day: MarketDate
        public var bar: Bar

        public init(day: MarketDate, bar: Bar) {
            self.day = day
            self.bar = bar
        }
    }

    public init(
        previousClose: ExactDecimal? = nil, open: ExactDecimal? = nil, dayHigh: ExactDecimal? = nil,
        dayLow: ExactDecimal? = nil, volume: ExactDecimal? = nil, averageVolume: ExactDecimal? = nil,
        week52High: ExactDecimal? = nil, week52Low: ExactDecimal? = nil, marketCap: ExactDecimal? = nil
    ) {
        self.previousClose = previousClose
        self.open = open
        self.dayHigh = dayHigh
        self.dayLow = dayLow
        self.volume = volume
        self.averageVolume = averageVolume
        self.week52High = week52High
        self.week52Low = week52Low
        self.marketCap = marketCap
    }

    /// The statistics of a stock.
    ///
    /// - Parameters:
    ///   - day: its bar of the day the prices are of (the whole-market answer's); nil when it
    ///     did not trade or the prices have not come.
    ///   - previousClose: its close of the trading day before.
    ///   - year: its daily bars from `since` to the day the prices are of, in date order; nil
    ///     while they are on their way (the year's values are then nil). The day's bar takes the
    ///     place of the year's bar of the same day, or is added when the year has none (it was
    ///     fetched before the day was published), so the 52-week range always holds the day's.
    ///   - since: the first day of the year's window; the day's bar counts only from it on.
    public init(
        day: DayBar?, previousClose: ExactDecimal?, year: [Bar]?, since: MarketDate, marketCap: ExactDecimal?
    ) {
        self.init(
            previousClose: previousClose, open: day?.bar.open, dayHigh: day?.bar.high, dayLow: day?.bar.low,
            volume: day?.bar.volume, marketCap: marketCap)
        guard let year else { return }
        var days = year.map { DayBar(day: NewYorkTime.marketDate(of: $0.start), bar: $0) }
        if let day, day.day >= since {
            days.removeAll { $0.day == day.day }
            let position = days.firstIndex { $0.day > day.day } ?? days.endIndex
            days.insert(day, at: position)
        }
        guard let first = days.first?.bar else { return }
        var high = first.high
        var low = first.low
        for day in days.dropFirst() {
            high = max(high, day.bar.high)
            low = min(low, day.bar.low)
        }
        week52High = high
        week52Low = low
        averageVolume = Self.averageVolume(days.suffix(Self.averagedDays).map(\.bar.volume))
    }

    /// The mean of `volumes` rounded half-even to a whole share; nil for none.
    static func averageVolume(_ volumes: [ExactDecimal]) -> ExactDecimal? {
        guard !volumes.isEmpty else { return nil }
        let total = volumes.reduce(ExactDecimal.zero, +)
        return try? total.divided(by: ExactDecimal(volumes.count), places: 0, .halfEven)
    }
}
