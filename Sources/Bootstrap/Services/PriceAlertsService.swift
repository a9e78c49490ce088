import AlertsFeature
import Exchange
import ServiceLifecycle

/// Keeps the price alerts fed until shutdown: the exchange feed's last trades as they come, and
/// a background refresh of the alerted and followed stocks every `every` (docs/alerts.md).
struct PriceAlertsService: Service {
    let alerts: PriceAlerts
    let refresh: PriceRefresh
    let desk: (any ExchangeDesk)?
    var every: Duration = .seconds(60)

    func run() async throws {
        // Returns only once shutdown has begun (a service that returns early would stop the app).
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                if let desk { group.addTask { await alerts.watch(desk) } }
                group.addTask {
                    while !Task.isCancelled {
                        await refresh.run()
                        try? await Task.sleep(for: every)
                    }
                }
            }
        }
    }
}
