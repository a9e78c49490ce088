/// A weekday on which the New York exchanges are closed, or close early.
public struct MarketHoliday: Sendable, Hashable {
    /// The date the market observes it (a Saturday holiday is observed on Friday, a Sunday one on Monday).
    public let date: MarketDate
    /// The holiday's name, e.g. "Independence Day".
    public let name: String

    public init(date: MarketDate, name: String) {
        self.date = date
        self.name = name
    }
}
