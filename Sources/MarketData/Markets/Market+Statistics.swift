import BourseCore
import Foundation

extension Market {
    /// The year of daily bars a stock's key statistics are computed from, or why there is none.
    struct StatisticsYear: Sendable {
        /// The bars; nil while they are on their way or when the source could not give them.
        var bars: Fetched<[Bar]>?
        /// They have not come within the patience, or wait for the source's rate limit: the
        /// request goes on and saves them for the next ask.
        var isOnItsWay = false

        var isStale: Bool { bars?.isStale ?? false }
    }

    /// The stock's daily bars over the last 365 days: the 1Y chart's own request (the same URL,
    /// so one saved answer, fresh until the next close, serves both: at most one request a day).
    ///
    /// With a `patience` (a page someone is looking at, which asks again) it is asked at
    /// background priority, behind every request a person waits for (the price, the details,
    /// the chart shown), and waited for that long at most; a person who then opens the 1Y chart
    /// joins the same request and lifts it to their priority. Without (a command), the caller
    /// waits for it at its own priority.
    func statisticsYear(_ symbol: String, patience: Duration?) async -> StatisticsYear {
        guard let patience else { return await yearBars(symbol) }
        let background = SourceCaller(priority: .background, client: SourceCaller.current.client)
        return await SourceCaller.$current.withValue(background) {
            await withTaskGroup(of: StatisticsYear?.self) { group in
                group.addTask { await yearBars(symbol) }
                group.addTask {
                    try? await Task.sleep(for: patience)
                    return Task.isCancelled ? nil : StatisticsYear(isOnItsWay: true)
                }
                // The first to end wins; the other is cancelled (a cancelled wait for a shared
                // request stops at once, the request does not).
                while let next = await group.next() {
                    guard let result = next else { continue }
                    group.cancelAll()
                    return result
                }
                return StatisticsYear(isOnItsWay: true)
            }
        }
    }

    private func yearBars(_ symbol: String) async -> StatisticsYear {
        do throws(MarketDataError) {
            return StatisticsYear(bars: try await bars(symbol, range: .oneYear))
        } catch {
            switch error {
            case .onItsWay, .rateLimited, .tooManyWaiting: return StatisticsYear(isOnItsWay: true)
            case .unavailable, .invalidResponse, .unknownSymbol, .notAuthorized, .badRequest: return StatisticsYear()
            }
        }
    }
}
