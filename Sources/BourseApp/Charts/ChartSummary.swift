import BourseCore

/// The sentence a screen reader reads for a chart (its `<title>` and `aria-label`).
enum ChartSummary {
    /// "AAPL, 1M, line chart: 21 daily bars from Mon Oct 20 2026 to Fri Nov 20 2026; low 180.20,
    /// high 190.55; last close 189.00." (plus the previous close when there is one), or
    /// "AAPL, 1D: no price data for this range."
    static func text(symbol: String, range: ChartRange, layout: ChartLayout) -> String {
        let head = symbol + ", " + range.rawValue
        guard let first = layout.bars.first, let last = layout.bars.last else {
            return head + ": no price data for this range."
        }
        let low = layout.bars.map(\.low).min() ?? first.low
        let high = layout.bars.map(\.high).max() ?? first.high
        let intraday = layout.isIntraday
        let kind = layout.style == .line ? "line chart of the average of open, high, low and close" : "candlestick chart"
        let count = layout.bars.count
        var text =
            head + ", " + kind + ": " + String(count) + (intraday ? " intraday" : " daily")
            + (count == 1 ? " bar" : " bars")
            + " from " + ChartText.barTime(first.start, intraday: intraday)
            + " to " + ChartText.barTime(last.start, intraday: intraday)
            + "; low " + low.description + ", high " + high.description
            + "; last close " + last.close.description
        if let previousClose = layout.previousClose {
            text += "; previous close " + previousClose.description
        }
        return text + "."
    }
}
