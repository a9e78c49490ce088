import BourseCore
import Foundation
import MarketData

/// The kinds of answer that go stale at different speeds.
public enum FreshnessClass: String, Sendable, Hashable, CaseIterable {
    /// Ticker lists and ticker details: they change rarely.
    case referenceData
    /// Day, week and month bars, grouped daily and previous close: they change at the close.
    case dailyBars
    /// Minute and hour bars: they change all day.
    case intraday
}

/// How long a cached answer stays fresh, per kind of answer: each rule maps the time an
/// answer was fetched to the time it stops being fresh.
public struct FreshnessPolicy: Sendable {
    public var referenceData: @Sendable (Date) -> Date
    public var dailyBars: @Sendable (Date) -> Date
    public var intraday: @Sendable (Date) -> Date

    public init(
        referenceData: @escaping @Sendable (Date) -> Date,
        dailyBars: @escaping @Sendable (Date) -> Date,
        intraday: @escaping @Sendable (Date) -> Date
    ) {
        self.referenceData = referenceData
        self.dailyBars = dailyBars
        self.intraday = intraday
    }

    /// Reference data a day, daily bars until `nextClose(fetchedAt)`, intraday bars a minute.
    ///
    /// `nextClose` defaults to the NYSE calendar's next session close (holidays and early
    /// closes included).
    public static func standard(
        nextClose: @escaping @Sendable (Date) -> Date = { TradingCalendar().nextClose(after: $0) }
    ) -> FreshnessPolicy {
        FreshnessPolicy(
            referenceData: { $0.addingTimeInterval(24 * 60 * 60) },
            dailyBars: nextClose,
            intraday: { $0.addingTimeInterval(60) }
        )
    }

    /// How long an empty day (grouped daily with no bars: not published yet) stays fresh.
    public static let emptyDay: TimeInterval = 15 * 60

    /// When an answer of `kind` fetched at `fetchedAt` stops being fresh.
    public func freshUntil(_ kind: FreshnessClass, fetchedAt: Date) -> Date {
        switch kind {
        case .referenceData: return referenceData(fetchedAt)
        case .dailyBars: return dailyBars(fetchedAt)
        case .intraday: return intraday(fetchedAt)
        }
    }
}
