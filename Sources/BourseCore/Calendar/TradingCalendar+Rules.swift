/// The NYSE holiday and early-close rules, by year.
extension TradingCalendar {
    /// The full-day closures of a year, in date order.
    ///
    /// - New Year's Day, January 1; on a Sunday it is observed Monday January 2. On a Saturday it
    ///   is not observed at all: NYSE Rule 7.2 does not move it to Friday December 31, which
    ///   would close the market on the last day of the accounting year (so 2022 has no New Year
    ///   closure).
    /// - Martin Luther King Jr. Day, the 3rd Monday of January.
    /// - Washington's Birthday (Presidents Day), the 3rd Monday of February.
    /// - Good Friday, two days before Easter Sunday (Gregorian computus).
    /// - Memorial Day, the last Monday of May.
    /// - Juneteenth, June 19, from 2022 on; Saturday -> Friday, Sunday -> Monday.
    /// - Independence Day, July 4; Saturday -> Friday, Sunday -> Monday.
    /// - Labor Day, the 1st Monday of September.
    /// - Thanksgiving Day, the 4th Thursday of November.
    /// - Christmas Day, December 25; Saturday -> Friday, Sunday -> Monday.
    /// - Unscheduled closures the NYSE declared (national days of mourning, storms), listed in
    ///   `specialClosures`.
    public func holidays(in year: Int) -> [MarketHoliday] {
        var list: [MarketHoliday] = []
        func add(_ date: MarketDate?, _ name: String) {
            if let date { list.append(MarketHoliday(date: date, name: name)) }
        }
        let newYear = MarketDate(year: year, month: 1, day: 1)!
        switch newYear.weekday {
        case 6: break  // Saturday: not observed (NYSE Rule 7.2)
        case 7: add(newYear.adding(days: 1), "New Year's Day")
        default: add(newYear, "New Year's Day")
        }
        add(NewYorkTime.nthWeekday(1, 3, month: 1, year: year), "Martin Luther King Jr. Day")
        add(NewYorkTime.nthWeekday(1, 3, month: 2, year: year), "Washington's Birthday")
        add(Self.easter(year: year).adding(days: -2), "Good Friday")
        add(Self.lastWeekday(1, month: 5, year: year), "Memorial Day")
        if year >= 2022 { add(Self.observed(MarketDate(year: year, month: 6, day: 19)!), "Juneteenth") }
        add(Self.observed(MarketDate(year: year, month: 7, day: 4)!), "Independence Day")
        add(NewYorkTime.nthWeekday(1, 1, month: 9, year: year), "Labor Day")
        add(NewYorkTime.nthWeekday(4, 4, month: 11, year: year), "Thanksgiving Day")
        add(Self.observed(MarketDate(year: year, month: 12, day: 25)!), "Christmas Day")
        for closure in Self.specialClosures where closure.date.year == year {
            list.append(closure)
        }
        return list.sorted { $0.date < $1.date }
    }

    /// The days of a year on which the market closes at 13:00 New York time, in date order.
    ///
    /// - July 3, when it is a weekday and not itself the observed Independence Day.
    /// - The day after Thanksgiving.
    /// - December 24, when it is a weekday and not itself the observed Christmas Day.
    public func earlyCloses(in year: Int) -> [MarketDate] {
        let closed = Set(holidays(in: year).map(\.date))
        var days: [MarketDate] = []
        let july3 = MarketDate(year: year, month: 7, day: 3)!
        if !july3.isWeekend, !closed.contains(july3) { days.append(july3) }
        days.append(NewYorkTime.nthWeekday(4, 4, month: 11, year: year).adding(days: 1))
        let christmasEve = MarketDate(year: year, month: 12, day: 24)!
        if !christmasEve.isWeekend, !closed.contains(christmasEve) { days.append(christmasEve) }
        return days
    }

    /// Closures the NYSE declared outside its holiday rules.
    public static let specialClosures: [MarketHoliday] = [
        ("2001-09-11", "September 11 attacks"), ("2001-09-12", "September 11 attacks"),
        ("2001-09-13", "September 11 attacks"), ("2001-09-14", "September 11 attacks"),
        ("2004-06-11", "National Day of Mourning for President Reagan"),
        ("2007-01-02", "National Day of Mourning for President Ford"),
        ("2012-10-29", "Hurricane Sandy"), ("2012-10-30", "Hurricane Sandy"),
        ("2018-12-05", "National Day of Mourning for President George H. W. Bush"),
        ("2025-01-09", "National Day of Mourning for President Carter"),
    ].map { MarketHoliday(date: MarketDate(iso: $0.0)!, name: $0.1) }

    /// Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm).
    static func easter(year: Int) -> MarketDate {
        let a = year % 19
        let b = year / 100, c = year % 100
        let d = b / 4, e = b % 4
        let f = (b + 8) / 25
        let g = (b - f + 1) / 3
        let h = (19 * a + b - d - g + 15) % 30
        let i = c / 4, k = c % 4
        let l = (32 + 2 * e + 2 * i - h - k) % 7
        let m = (a + 11 * h + 22 * l) / 451
        let month = (h + l - 7 * m + 114) / 31
        let day = (h + l - 7 * m + 114) % 31 + 1
        return MarketDate(year: year, month: month, day: day)!
    }

    /// A fixed-date holiday moved off the weekend: Saturday to Friday, Sunday to Monday.
    static func observed(_ date: MarketDate) -> MarketDate {
        switch date.weekday {
        case 6: return date.adding(days: -1)
        case 7: return date.adding(days: 1)
        default: return date
        }
    }

    /// The last `weekday` (ISO numbering) of a month.
    static func lastWeekday(_ weekday: Int, month: Int, year: Int) -> MarketDate {
        let next = month == 12 ? MarketDate(year: year + 1, month: 1, day: 1)! : MarketDate(year: year, month: month + 1, day: 1)!
        let last = next.adding(days: -1)
        return last.adding(days: -((last.weekday - weekday + 7) % 7))
    }
}
