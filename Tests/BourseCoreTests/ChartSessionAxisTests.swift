import BourseCore
import Foundation
import Testing

/// 1D's axis is the whole session: a session in progress is drawn as far as it has come.
@Suite("Chart: a session's axis")
struct ChartSessionAxisTests {
    static let calendar = TradingCalendar()

    static func slots(_ iso: String) throws -> SessionSlots {
        SessionSlots(session: try #require(calendar.session(on: MarketDate(iso: iso)!)), minutes: 5)
    }

    static func layout(_ bars: [Bar], on iso: String, width: Double = 800) throws -> ChartLayout {
        ChartGeometry(bars: bars, style: .line, width: width, height: 300, slots: try slots(iso)).layout()
    }

    /// 09:30 to 10:05 of a session still running: seven 5-minute bars.
    static let firstMinutes = ChartBars.session("2026-11-20", every: 5).prefix(7).map { $0 }

    @Test func aSessionInProgressFillsOnlyItsPartOfTheDay() throws {
        let layout = try Self.layout(Self.firstMinutes, on: "2026-11-20")
        #expect(layout.xAxis.count == 78)
        let last = try #require(layout.points.last)
        // The seventh of 78 slots ends a little past 9 % of the plot.
        #expect(last.x < layout.plot.x + layout.plot.width * 0.1)
        #expect(last.x == layout.xAxis.center(of: 6))
    }

    @Test func itsHourLabelsAreTheWholeDays() throws {
        let running = try Self.layout(Self.firstMinutes, on: "2026-11-20")
        #expect(running.xTicks.map(\.label) == ["10:00", "11:00", "12:00", "13:00", "14:00", "15:00"])
        let whole = try Self.layout(ChartBars.session("2026-11-20", every: 5), on: "2026-11-20")
        // The same labels at the same places, whether the day is over or not.
        #expect(whole.xTicks == running.xTicks)
        #expect(whole.points.last!.x == whole.xAxis.center(of: 77))
    }

    @Test func anEarlyCloseIsShorter() throws {
        // The day after Thanksgiving closes at 13:00: 42 slots, labels to 12:00.
        let bars = ChartBars.session("2026-11-27", every: 5).filter { NewYorkTime.minuteOfDay(at: $0.start) < 13 * 60 }
        let layout = try Self.layout(bars, on: "2026-11-27")
        #expect(layout.xAxis.count == 42)
        #expect(layout.xTicks.map(\.label) == ["10:00", "11:00", "12:00"])
        #expect(layout.points.last!.x == layout.xAxis.center(of: 41))
    }

    @Test func extendedHoursAndGapsKeepTheirPlace() throws {
        let bars = [
            ChartBars.at("2026-11-20", 8, 0), ChartBars.at("2026-11-20", 9, 30), ChartBars.at("2026-11-20", 11, 0),
            ChartBars.at("2026-11-20", 16, 30),
        ]
        let layout = try Self.layout(bars, on: "2026-11-20")
        // Pre- and after-market bars are not drawn; the 11:00 bar sits in slot 18, not next to 09:30.
        #expect(layout.bars.map(\.start) == [bars[1].start, bars[2].start])
        #expect(layout.points.map(\.x) == [layout.xAxis.center(of: 0), layout.xAxis.center(of: 18)])
        // The gap selects the bar before it; the region ends with the last bar's band.
        let regions = layout.hitRegions
        #expect(regions.count == 2)
        #expect(regions[0].minX == layout.plot.x)
        #expect(regions[0].maxX == regions[1].minX)
        #expect(regions[1].maxX == layout.xAxis.center(of: 18) + layout.xAxis.band / 2)
    }

    @Test func slotsOfAnInstant() throws {
        let slots = try Self.slots("2026-11-20")
        #expect(slots.count == 78)
        #expect(slots.slot(of: ChartBars.at("2026-11-20", 9, 29).start) == nil)
        #expect(slots.slot(of: ChartBars.at("2026-11-20", 9, 34).start) == 0)
        #expect(slots.slot(of: ChartBars.at("2026-11-20", 15, 55).start) == 77)
        #expect(slots.slot(of: ChartBars.at("2026-11-20", 16, 0).start) == nil)
        #expect(slots.start(of: 6) == ChartBars.at("2026-11-20", 10, 0).start)
    }
}
