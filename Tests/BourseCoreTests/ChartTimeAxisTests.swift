import BourseCore
import Foundation
import Testing

@Suite("Chart: time axis")
struct ChartTimeAxisTests {
    static func labels(_ bars: [Bar], width: Double = 800) -> [String] {
        ChartGeometry(bars: bars, style: .line, width: width, height: 300).layout().xTicks.map(\.label)
    }

    @Test func oneDayIsLabelledOnTheHourInNewYorkTime() {
        #expect(Self.labels(ChartBars.session("2026-11-20", every: 5)) == ["10:00", "11:00", "12:00", "13:00", "14:00", "15:00"])
        // Summer time: the same clock labels.
        #expect(Self.labels(ChartBars.session("2026-07-17", every: 5)) == ["10:00", "11:00", "12:00", "13:00", "14:00", "15:00"])
    }

    @Test func fiveDaysAreLabelledByDay() {
        let days = ["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20"]
        let bars = days.flatMap { ChartBars.session($0, every: 15) }
        #expect(Self.labels(bars) == ["Nov 16", "Nov 17", "Nov 18", "Nov 19", "Nov 20"])
    }

    @Test func aMonthIsLabelledByWeekAtItsFirstTradingDay() {
        // A week starts on Monday; the first, partial week gets no label.
        let bars = ChartBars.dailyRun(from: "2026-10-21", through: "2026-11-20")
        #expect(Self.labels(bars) == ["Oct 26", "Nov 2", "Nov 9", "Nov 16"])
    }

    @Test func aYearIsLabelledByMonthWithTheYearInJanuary() {
        let bars = ChartBars.dailyRun(from: "2025-11-20", through: "2026-11-20")
        #expect(
            Self.labels(bars, width: 1200) == [
                "Dec", "2026", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov",
            ])
    }

    @Test func labelsAreThinnedOnANarrowChart() {
        let layout = ChartGeometry(
            bars: ChartBars.dailyRun(from: "2025-11-20", through: "2026-11-20"), style: .line, width: 320, height: 200
        ).layout()
        #expect(layout.xTicks.count < 12)
        for (a, b) in zip(layout.xTicks, layout.xTicks.dropFirst()) {
            #expect(b.x - a.x >= ChartGeometry.labelSpacing(a.label, b.label))
        }
    }

    @Test(
        "the rule follows the bars",
        arguments: [
            (ChartBars.session("2026-11-20", every: 5), TimeTickRule.hours),
            (ChartBars.session("2026-11-19", every: 15) + ChartBars.session("2026-11-20", every: 15), .days),
            (ChartBars.dailyRun(from: "2026-10-21", through: "2026-11-20"), .weeks),
            (ChartBars.dailyRun(from: "2026-08-20", through: "2026-11-20"), .months),
            ([ChartBars.at("2026-11-20", 10, 5)], .hours),
            ([ChartBars.daily("2026-11-20", "1", "1", "1", "1")], .weeks),
        ])
    func automaticRule(bars: [Bar], rule: TimeTickRule) {
        #expect(TimeTickRule.automatic(for: bars.map(\.start)) == rule)
    }

    @Test(arguments: [(0, "00:00"), (570, "09:30"), (600, "10:00"), (959, "15:59")])
    func clock(minute: Int, text: String) {
        #expect(ChartText.clock(minute) == text)
    }

    @Test func barTimesAreNewYorkTime() {
        let start = NewYorkTime.date(of: MarketDate(iso: "2026-11-20")!, hour: 10, minute: 35)
        #expect(ChartText.barTime(start, intraday: true) == "Fri Nov 20 2026 10:35")
        #expect(
            ChartText.barTime(NewYorkTime.date(of: MarketDate(iso: "2026-03-02")!, hour: 0), intraday: false) == "Mon Mar 2 2026")
    }
}
