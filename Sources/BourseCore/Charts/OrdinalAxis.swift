/// The time axis of a chart: bars placed by their index, each in a band of equal width, so
/// nights, weekends and holidays take no room.
public struct OrdinalAxis: Sendable, Equatable {
    /// The left edge of the first band.
    public let left: Double
    /// The width of all bands together.
    public let width: Double
    /// The number of bars (bands).
    public let count: Int

    public init(left: Double, width: Double, count: Int) {
        self.left = left
        self.width = width
        self.count = count
    }

    /// The width of one bar's band.
    public var band: Double { count > 0 ? width / Double(count) : width }

    /// The centre of bar `index`'s band.
    public func center(of index: Int) -> Double {
        left + (Double(index) + 0.5) * band
    }

    /// The bar whose band holds `x`, clamped to the first and last bar; nil with no bars.
    public func index(at x: Double) -> Int? {
        guard count > 0 else { return nil }
        let raw = ((x - left) / band).rounded(.down)
        guard raw.isFinite else { return 0 }
        return Int(min(max(raw, 0), Double(count - 1)))
    }
}
