import Foundation

/// The ticks of a price axis: 4 to 7 round values (steps of 1, 2 or 5 times a power of ten) whose
/// first and last enclose the data with a little padding (never below zero for data that is not).
///
/// The values are exact decimals, so a label never shows a binary rounding artefact; only the
/// choice of step is made in `Double`.
public struct NiceTicks: Sendable, Equatable {
    /// The tick values, lowest first; the first and last are the ends of the axis.
    public let values: [ExactDecimal]
    /// The distance between two ticks.
    public let step: ExactDecimal
    /// Digits after the point in every label: none for whole steps, else at least two (a price).
    public let places: Int

    /// The share of the data's span added above and below it before rounding to ticks.
    public static let padding = 0.05

    /// The ticks for data from `low` to `high` (in either order; equal values make a flat series).
    public init(covering low: ExactDecimal, _ high: ExactDecimal) {
        var lo = min(low, high).doubleApproximation
        var hi = max(low, high).doubleApproximation
        if hi > lo {
            let pad = (hi - lo) * Self.padding
            lo -= pad
            hi += pad
        } else {
            // A flat series gets a band of 1% either side of it (or 1 around zero).
            let pad = lo == 0 ? 1 : abs(lo) * 0.01
            lo -= pad
            hi += pad
        }
        // Prices are never negative: the padding stops at zero.
        if !min(low, high).isNegative { lo = max(lo, 0) }
        guard lo.isFinite, hi.isFinite, hi > lo else {
            self.init(exponent: 0, mantissa: 1, first: 0, last: 4)
            return
        }
        // The smallest 1-2-5 step of at least a fifth of the span gives 4 to 7 ticks: more than
        // two steps fit in the span, and the span plus the two partial steps at the ends is
        // less than seven steps.
        let target = (hi - lo) / 5
        var exponent = Int(log10(target).rounded(.down))
        var mantissa = 1
        while true {
            let base = Self.power(exponent)
            if 1 * base >= target {
                mantissa = 1
                break
            }
            if 2 * base >= target {
                mantissa = 2
                break
            }
            if 5 * base >= target {
                mantissa = 5
                break
            }
            exponent += 1
        }
        exponent = min(max(exponent, -ExactDecimal.maxScale + 2), 30)
        let step = Double(mantissa) * Self.power(exponent)
        let first = (lo / step).rounded(.down)
        let last = (hi / step).rounded(.up)
        guard abs(first) < 1e15, abs(last) < 1e15 else {
            self.init(exponent: 0, mantissa: 1, first: 0, last: 4)
            return
        }
        self.init(exponent: exponent, mantissa: mantissa, first: Int(first), last: Int(last))
    }

    private init(exponent: Int, mantissa: Int, first: Int, last: Int) {
        let scale = max(-exponent, 0)
        let unit = Int128(mantissa) * (exponent > 0 ? ExactDecimal.powersOfTen[exponent] : 1)
        step = ExactDecimal(significand: unit, scale: scale)
        values = (first...max(last, first + 1)).map { ExactDecimal(significand: Int128($0) * unit, scale: scale) }
        places = exponent >= 0 ? 0 : max(2, -exponent)
    }

    /// The lowest tick: the bottom of the axis.
    public var lower: ExactDecimal { values[0] }
    /// The highest tick: the top of the axis.
    public var upper: ExactDecimal { values[values.count - 1] }

    /// The text of a tick: `98.50`, `100`, `0.01`.
    public func label(_ value: ExactDecimal) -> String {
        value.formatted(places: places)
    }

    private static func power(_ exponent: Int) -> Double {
        var value = 1.0
        if exponent >= 0 {
            for _ in 0..<exponent { value *= 10 }
        } else {
            for _ in 0..<(-exponent) { value /= 10 }
        }
        return value
    }
}
