import BourseCore
import Foundation

/// Finds the last two trading days that have data and prices lists from them.
///
/// With `snapshots`, it first asks for the whole market's snapshot (one request, on Massive's
/// paid tiers); a refusal (`.notAuthorized`, the free tier's 403) is remembered until the app
/// restarts, and grouped daily prices the lists from then on.
///
/// It starts from the calendar's last completed trading day and steps back a day at a time
/// while the source has no bars for a day (a holiday the calendar does not know, or a day the
/// source has not published yet), so a list of any length costs two grouped-daily requests.
/// Parsed days are kept in memory; the provider's cache keeps the raw answers in the database.
public actor MarketPricer {
    let provider: any MarketDataProvider
    let calendar: TradingCalendar
    let now: @Sendable () -> Date
    private var days: [MarketDate: Fetched<[String: Bar]>] = [:]
    var lastGood: Fetched<ListPricing>?
    /// Whether to try the snapshot first; false once the source has refused it.
    private var snapshots: Bool

    /// How many days it steps back over before giving up on finding a day with data.
    public static let maxStepsBack = 10

    public init(
        provider: any MarketDataProvider, calendar: TradingCalendar = TradingCalendar(), snapshots: Bool = false,
        now: @escaping @Sendable () -> Date
    ) {
        self.provider = provider
        self.calendar = calendar
        self.snapshots = snapshots
        self.now = now
    }

    /// Whether the lists are priced from the snapshot (false once the source refused it).
    public var usesSnapshots: Bool { snapshots }

    /// The pricing for now, and whether any of it came from a stale cache.
    ///
    /// When the source fails, the answer is the last good pricing (marked stale): the one this
    /// pricer made before, or after a restart the newest days the response cache still holds.
    public func currentPricing() async throws(MarketDataError) -> Fetched<ListPricing> {
        if snapshots, let pricing = await snapshotPricing() {
            lastGood = pricing
            return pricing
        }
        let start = calendar.lastCompletedTradingDay(at: now())
        do {
            let pricing = try await pricing(onOrBefore: start)
            lastGood = pricing
            return pricing
        } catch  where error.isSourceFailure {
            if let lastGood {
                return Fetched(value: lastGood.value, fetchedAt: lastGood.fetchedAt, isStale: true)
            }
            // Older days from what is saved only: a request a day looked at would spend the free
            // tier's minute on days nobody asked for.
            var day = start
            for _ in 0..<Self.maxStepsBack {
                day = calendar.previousTradingDay(before: day)
                let saved = await SourceAccess.$savedOnly.withValue(true) { try? await pricing(onOrBefore: day) }
                if let saved {
                    lastGood = saved
                    return Fetched(value: saved.value, fetchedAt: saved.fetchedAt, isStale: true)
                }
            }
            throw error
        }
    }

    /// The pricing from the whole market's snapshot; nil to price from grouped daily: the
    /// source refused (remembered), failed, or has no day's prices yet (before the open).
    private func snapshotPricing() async -> Fetched<ListPricing>? {
        do {
            return try await provider.snapshots().map { $0.pricing(calendar: calendar) }
        } catch {
            if case .notAuthorized = error { snapshots = false }
            return nil
        }
    }

    /// One stock's pricing from its own snapshot, when the lists are priced from snapshots: a
    /// stock's page asks for a kilobyte, not the whole market. Nil: use the lists' pricing.
    public func snapshotPricing(of symbol: String) async -> Fetched<ListPricing>? {
        guard snapshots else { return nil }
        do {
            return try await provider.snapshot(symbol).map { $0.pricing(calendar: calendar) }
        } catch {
            if case .notAuthorized = error { snapshots = false }
            return nil
        }
    }

    func pricing(onOrBefore start: MarketDate) async throws(MarketDataError) -> Fetched<ListPricing> {
        let (lastDay, last) = try await latestDayWithData(onOrBefore: start)
        let (previousDay, previous) = try await latestDayWithData(onOrBefore: calendar.previousTradingDay(before: lastDay))
        let pricing = ListPricing(lastDay: lastDay, last: last.value, previousDay: previousDay, previous: previous.value)
        return Fetched(
            value: pricing, fetchedAt: min(last.fetchedAt, previous.fetchedAt),
            isStale: last.isStale || previous.isStale)
    }

    private func latestDayWithData(
        onOrBefore start: MarketDate
    ) async throws(MarketDataError) -> (MarketDate, Fetched<[String: Bar]>) {
        var day = start
        for _ in 0..<Self.maxStepsBack {
            let bars = try await grouped(day)
            if !bars.value.isEmpty { return (day, bars) }
            day = calendar.previousTradingDay(before: day)
        }
        throw .unavailable("no trading data in the \(Self.maxStepsBack) trading days up to \(start)")
    }

    private func grouped(_ day: MarketDate) async throws(MarketDataError) -> Fetched<[String: Bar]> {
        if let known = days[day], !known.isStale { return known }
        let fetched = try await provider.groupedDaily(day)
        // A finished day's bars do not change; keep fresh ones, ask again for stale or empty ones.
        if !fetched.isStale, !fetched.value.isEmpty { days[day] = fetched }
        return fetched
    }
}

extension MarketDataError {
    /// The source failed (down, rate limited, or garbled), as opposed to refusing the request.
    var isSourceFailure: Bool {
        switch self {
        case .unavailable, .onItsWay, .rateLimited, .tooManyWaiting, .invalidResponse: return true
        case .unknownSymbol, .notAuthorized, .badRequest: return false
        }
    }
}
