import BourseApp
import ServiceLifecycle

/// Runs `ListingsRefresh` when the app starts and then once a day (reference data's freshness),
/// until shutdown. Started only with Polygon: the simulated market lists the shipped files.
struct ListingsRefreshService: Service {
    let refresh: ListingsRefresh
    var every: Duration = .seconds(24 * 60 * 60)
    /// What must be asked of the source first (the list's prices at start-up).
    var after: @Sendable () async -> Void = {}

    func run() async throws {
        // Returns only once shutdown has begun (a service that returns early would stop the app).
        await cancelWhenGracefulShutdown {
            await after()
            while !Task.isCancelled {
                _ = await refresh.run()
                try? await Task.sleep(for: every)
            }
        }
    }
}
