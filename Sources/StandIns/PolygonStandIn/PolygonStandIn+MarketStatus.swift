import BourseCore
import Foundation

/// `GET /v1/marketstatus/now` and `GET /v1/marketstatus/upcoming`, from the stand-in's clock
/// and the trading calendar.
extension PolygonStandIn {
    /// How far ahead `upcoming` lists closures and early closes.
    static let upcomingDays = 365

    func marketStatus() -> PolygonJSON {
        let now = clock()
        let today = NewYorkTime.marketDate(of: now)
        let session = market.calendar.session(on: today)
        let earlyHours = session.map { now >= NewYorkTime.date(of: today, hour: 4) && now < $0.open } ?? false
        let afterHours = session.map { now >= $0.close && now < $0.close.addingTimeInterval(4 * 3600) } ?? false
        let state =
            session?.contains(now) == true ? "open" : (earlyHours || afterHours) ? "extended-hours" : "closed"
        let indices = state == "open" ? "open" : "closed"
        return .object([
            ("afterHours", .bool(afterHours)),
            ("currencies", .object([("crypto", .string("open")), ("fx", .string(Self.fxOpen(at: now) ? "open" : "closed"))])),
            ("earlyHours", .bool(earlyHours)),
            ("exchanges", .object([("nasdaq", .string(state)), ("nyse", .string(state)), ("otc", .string(indices))])),
            (
                "indicesGroups",
                .object(
                    [
                        "s_and_p", "societe_generale", "msci", "ftse_russell", "mstar", "mstarc", "cccy", "cgi", "nasdaq",
                        "dow_jones",
                    ].map { ($0, .string(indices)) })
            ),
            ("market", .string(state)),
            ("serverTime", .string(Self.newYorkTimestamp(now))),
        ])
    }

    func upcomingHolidays() -> PolygonJSON {
        let today = NewYorkTime.marketDate(of: clock())
        let end = today.adding(days: Self.upcomingDays)
        let calendar = market.calendar
        var entries: [(MarketDate, [PolygonJSON])] = []
        for year in today.year...end.year {
            for holiday in calendar.holidays(in: year) where holiday.date >= today && holiday.date <= end {
                let rows = ["NYSE", "NASDAQ", "OTC"].map { exchange -> PolygonJSON in
                    .object([
                        ("date", .string(holiday.date.iso)), ("exchange", .string(exchange)), ("name", .string(holiday.name)),
                        ("status", .string("closed")),
                    ])
                }
                entries.append((holiday.date, rows))
            }
            for date in calendar.earlyCloses(in: year) where date >= today && date <= end {
                guard let session = calendar.session(on: date) else { continue }
                let rows = ["NYSE", "NASDAQ"].map { exchange -> PolygonJSON in
                    .object([
                        ("close", .string(Timestamp.iso8601Milliseconds(session.close))), ("date", .string(date.iso)),
                        ("exchange", .string(exchange)), ("name", .string(Self.earlyCloseName(date))),
                        ("open", .string(Timestamp.iso8601Milliseconds(session.open))), ("status", .string("early-close")),
                    ])
                }
                entries.append((date, rows))
            }
        }
        return .array(entries.sorted { $0.0 < $1.0 }.flatMap(\.1))
    }

    /// The holiday an early close comes with.
    static func earlyCloseName(_ date: MarketDate) -> String {
        switch date.month {
        case 7: "Independence Day"
        case 11: "Thanksgiving Day"
        default: "Christmas Day"
        }
    }

    /// Currencies trade around the clock from Sunday 17:00 to Friday 17:00 New York time.
    static func fxOpen(at now: Date) -> Bool {
        let weekday = NewYorkTime.marketDate(of: now).weekday
        let minute = NewYorkTime.minuteOfDay(at: now)
        switch weekday {
        case 6: return false
        case 7: return minute >= 17 * 60
        case 5: return minute < 17 * 60
        default: return true
        }
    }

    /// `2020-11-10T17:37:37-05:00`: New York wall-clock time with its UTC offset.
    static func newYorkTimestamp(_ now: Date) -> String {
        let offset = NewYorkTime.utcOffset(at: now)
        let local = Timestamp.iso8601(now.addingTimeInterval(TimeInterval(offset)))
        let hours = abs(offset) / 3600, minutes = abs(offset) / 60 % 60
        let sign = offset < 0 ? "-" : "+"
        return "\(local.dropLast())\(sign)\(hours < 10 ? "0" : "")\(hours):\(minutes < 10 ? "0" : "")\(minutes)"
    }
}
