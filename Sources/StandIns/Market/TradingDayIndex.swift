import BourseCore

/// Every trading day from 1995 to 2100, numbered in order, so the simulation can step back
/// over trading days (not calendar days) in constant time.
struct TradingDayIndex: Sendable {
    /// The day numbers (`daysSinceEpoch`) of the trading days, ascending.
    let days: [Int]
    private let firstDay: Int
    /// For each calendar day from `firstDay`, the index of the last trading day on or before it.
    private let onOrBefore: [Int32]

    init(calendar: TradingCalendar, from start: MarketDate, through end: MarketDate) {
        firstDay = start.daysSinceEpoch
        var days: [Int] = []
        var onOrBefore: [Int32] = []
        var day = start
        while day <= end {
            if calendar.isTradingDay(day) { days.append(day.daysSinceEpoch) }
            onOrBefore.append(Int32(days.count - 1))
            day = day.adding(days: 1)
        }
        self.days = days
        self.onOrBefore = onOrBefore
    }

    /// The position of a trading day in `days`; nil for other days and days out of range.
    func index(of date: MarketDate) -> Int? {
        let offset = date.daysSinceEpoch - firstDay
        guard offset >= 0, offset < onOrBefore.count else { return nil }
        let index = Int(onOrBefore[offset])
        return index >= 0 && days[index] == date.daysSinceEpoch ? index : nil
    }

    /// The date of the trading day at a position.
    func date(at index: Int) -> MarketDate {
        MarketDate(daysSinceEpoch: days[index])
    }
}
