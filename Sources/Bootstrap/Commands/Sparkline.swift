import BourseCore

/// A line of block characters, one per value, from the lowest (▁) to the highest (█).
enum Sparkline {
    static let levels: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    static func render(_ values: [ExactDecimal]) -> String {
        guard let low = values.min(), let high = values.max() else { return "" }
        let span = high - low
        return String(
            values.map { value -> Character in
                guard !span.isZero else { return levels[levels.count / 2] }
                // Exact: (value - low) * 7 / span, rounded to a whole level.
                let level = (try? ((value - low) * ExactDecimal(levels.count - 1)).divided(by: span, places: 0)) ?? .zero
                return levels[min(levels.count - 1, max(0, Int(level.significand)))]
            })
    }
}
