/// A linear map from values (prices) to pixels and back.
public struct LinearScale: Sendable, Equatable {
    /// The value drawn at `rangeStart`.
    public let domainStart: Double
    /// The value drawn at `rangeEnd`.
    public let domainEnd: Double
    /// Pixels: for a price axis, the bottom of the plot (larger y).
    public let rangeStart: Double
    /// Pixels: for a price axis, the top of the plot.
    public let rangeEnd: Double

    public init(domain: (Double, Double), range: (Double, Double)) {
        (domainStart, domainEnd) = domain
        (rangeStart, rangeEnd) = range
    }

    /// The pixel of a value; an empty domain maps everything to the middle of the range.
    public func map(_ value: Double) -> Double {
        let span = domainEnd - domainStart
        guard span != 0 else { return (rangeStart + rangeEnd) / 2 }
        return rangeStart + (value - domainStart) / span * (rangeEnd - rangeStart)
    }

    /// The value at a pixel (the inverse of `map`); an empty range gives the domain's start.
    public func invert(_ pixel: Double) -> Double {
        let span = rangeEnd - rangeStart
        guard span != 0 else { return domainStart }
        return domainStart + (pixel - rangeStart) / span * (domainEnd - domainStart)
    }
}
