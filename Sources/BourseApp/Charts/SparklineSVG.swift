import BourseCore

/// A stock's last month as a small line (the watchlist's rows): the closes, scaled to fill the
/// box, green when the month ended above where it began, red when below. No axes, no text but
/// its title.
struct SparklineSVG {
    static let width = 96.0
    static let height = 32.0

    let symbol: String
    let closes: [Double]

    func render() -> String {
        var svg = SVGWriter(capacity: 1024)
        let rising = (closes.last ?? 0) >= (closes.first ?? 0)
        svg.raw(
            #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 32" width="96" height="32" role="img" class="sparkline "#)
        svg.raw(rising ? "up" : "down")
        svg.raw(#""><title>"#)
        svg.escaped("\(symbol): the last month, \(rising ? "up" : "down")")
        svg.raw("</title>")
        if closes.count >= 2, let low = closes.min(), let high = closes.max() {
            let span = high > low ? high - low : 1
            svg.raw(#"<polyline fill="none" stroke-width="1.5" stroke-linejoin="round" stroke=""#)
            svg.raw(rising ? "#1a7f37" : "#c62828")
            svg.raw(#"" points=""#)
            for (index, close) in closes.enumerated() {
                if index > 0 { svg.raw(" ") }
                svg.number(Double(index) / Double(closes.count - 1) * (Self.width - 2) + 1)
                svg.raw(",")
                svg.number((1 - (close - low) / span) * (Self.height - 4) + 2)
            }
            svg.raw(#""/>"#)
        }
        svg.raw("</svg>")
        return svg.text
    }
}
