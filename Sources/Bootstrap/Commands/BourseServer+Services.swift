import AlertsFeature
import BourseApp
import Logging
import MarketsFeature
import ServiceLifecycle
import Storage

extension BourseServer {
    /// The long-lived work beside the server, in the order it starts.
    ///
    /// Registered first, shut down last (the server itself goes before all of them): on a
    /// signal the server stops, then the desk's broadcaster and the desk (it answers the
    /// orders it took), the feed client, the stand-ins, and last the database closes.
    static func makeServices(
        _ parts: Parts, settings: SourceSettings, database: DatabaseStores, metrics: AppMetrics, logger: Logger
    ) -> [any Service] {
        var services: [any Service] = [OnShutdown(name: "database") { try await database.close() }]
        if let embedded = parts.embedded { services.append(embedded) }
        if settings.marketKind == .polygon {
            // Listings newer than the shipped files, learned as background work (docs/market-data.md).
            let warmUp = parts.warmUp
            services.append(
                ListingsRefreshService(
                    refresh: ListingsRefresh(market: parts.market, search: parts.search, logger: logger),
                    after: { _ = await warmUp.value }))
        }
        services += parts.exchangeServices
        // After the desk: stopped before it (services stop in the reverse order).
        services.append(
            PriceAlertsService(
                alerts: parts.alerts,
                refresh: PriceRefresh(alerts: parts.alerts, market: parts.market, watchlist: parts.watchlist),
                desk: parts.desk))
        services.append(
            NotificationsService(
                notifier: parts.notifier, deliverer: parts.deliverer, desk: parts.desk, symbol: parts.exchange.symbol))
        // The allocator's gauges, and its free memory handed back to the kernel (glibc only).
        if HeapUsage.now() != nil { services.append(HeapService(factory: metrics.factory)) }
        return services
    }
}
