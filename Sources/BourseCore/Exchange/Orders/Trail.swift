/// How far a trailing stop's stop price follows the market: a fixed amount, or a percent of
/// the reference price (the lowest last trade since placement for a buy, the highest for a sell).
public enum Trail: Hashable, Sendable {
    /// A price distance, on the tick and above zero.
    case amount(Price)
    /// A percent above 0 and at most 50, with at most `TrailPercent.places` decimal places.
    case percent(TrailPercent)

    /// The stop level for `reference`: reference + amount for a buy, − amount for a sell; for a
    /// percent, reference × (1 ± p/100) rounded up to the tick for a buy and down for a sell.
    public func stopLevel(reference: Price, side: Side) -> Price {
        switch self {
        case .amount(let amount):
            let (sum, overflow) =
                side == .buy
                ? reference.ticks.addingReportingOverflow(amount.ticks)
                : reference.ticks.subtractingReportingOverflow(amount.ticks)
            // A sell's level below zero could never trigger; it shows as 0.00.
            return Price(ticks: overflow ? (side == .buy ? .max : 0) : max(0, sum))
        case .percent(let percent):
            return percent.stopLevel(reference: reference, side: side)
        }
    }
}

/// A trailing stop's percent, exact, above 0 and at most 50.
public struct TrailPercent: Hashable, Sendable, CustomStringConvertible {
    /// The most decimal places a percent may have (0.0001 %).
    public static let places = 4
    /// The largest percent: 50.
    public static let maximum = ExactDecimal(50)

    /// The percent as an exact decimal, normalized (no trailing zeros).
    public let value: ExactDecimal
    /// The percent × 10^places, as a whole number.
    let scaled: Int128

    /// A percent above 0 and at most 50 with at most four decimal places, or nil.
    public init?(_ value: ExactDecimal) {
        let normalized = value.normalized()
        guard normalized.signum > 0, !(Self.maximum < normalized), normalized.scale <= Self.places,
            let padded = try? normalized.padded(toPlaces: Self.places)
        else { return nil }
        self.value = normalized
        self.scaled = padded.significand
    }

    public var description: String { value.description }

    /// reference × (1 ± p/100), in ticks, rounded up for a buy and down for a sell.
    func stopLevel(reference: Price, side: Side) -> Price {
        let denominator = 100 * Self.scale
        let factor = side == .buy ? denominator + scaled : denominator - scaled
        let (product, overflow) = Int128(reference.ticks).multipliedReportingOverflow(by: factor)
        guard !overflow else { return side == .buy ? .max : Price(ticks: 0) }
        let (quotient, remainder) = product.quotientAndRemainder(dividingBy: denominator)
        // Ticks are never negative here, so the quotient is the floor; a buy rounds up.
        return Price(ticks: Int64(clamping: side == .buy && remainder > 0 ? quotient + 1 : quotient))
    }

    private static let scale: Int128 = {
        var result: Int128 = 1
        for _ in 0..<places { result *= 10 }
        return result
    }()
}
