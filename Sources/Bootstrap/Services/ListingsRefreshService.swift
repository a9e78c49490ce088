import MarketsFeature
import ServiceLifecycle

/// Runs `ListingsRefresh` when the app starts and then once a day (reference data's freshness),
/// until shutdown. Started only with Polygon: the simulated market lists the shipped files.
///
/// A refresh that did not read every page (the source failed part way) is tried again with
/// backoff, a minute, then twice as long each time up to an hour, not the next day; what it read
/// is kept, and the pages already read are answered from the cache.
struct ListingsRefreshService: Service {
    let refresh: ListingsRefresh
    var every: Duration = .seconds(24 * 60 * 60)
    var firstRetry: Duration = .seconds(60)
    var longestRetry: Duration = .seconds(60 * 60)
    /// What must be asked of the source first (the list's prices at start-up).
    var after: @Sendable () async -> Void = {}

    func run() async throws {
        // Returns only once shutdown has begun (a service that returns early would stop the app).
        await cancelWhenGracefulShutdown {
            await after()
            var retry = firstRetry
            while !Task.isCancelled {
                let outcome = await refresh.run()
                let wait = outcome.complete ? every : retry
                retry = outcome.complete ? firstRetry : min(retry * 2, longestRetry)
                try? await Task.sleep(for: wait)
            }
        }
    }
}
