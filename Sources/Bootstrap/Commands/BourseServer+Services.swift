import AlertsFeature
import BourseApp
import ExchangeCluster
import ExchangeLive
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
        switch parts.desk {
        case .alone(let desk, let exchangeServices):
            services += exchangeServices + deskDuties(parts, desk: desk, settings: settings, logger: logger)
        case .shared(let cluster, let link, let makeDesk):
            // Every instance serves the exchange from the desk's updates; whichever holds the
            // desk's lock runs it, and its duties, made afresh each time (SPEC §15).
            let instance = cluster.instance
            services += [
                cluster, cluster.broadcaster,
                DeskLeadership(instance: instance, link: link, logger: logger) {
                    let (desk, exchangeServices) = try await makeDesk()
                    return exchangeServices + cluster.services(holding: desk)
                        + deskDuties(parts, desk: desk, settings: settings, logger: logger)
                },
            ]
        }
        // The allocator's gauges, and its free memory handed back to the kernel (glibc only).
        if HeapUsage.now() != nil { services.append(HeapService(factory: metrics.factory)) }
        return services
    }

    /// The work only the instance running the desk does, after the desk (stopped before it:
    /// services stop in the reverse order): the listings' refresh from a real source, the price
    /// alerts' refresh and the exchange's trades, the notices of order events and push delivery.
    static func deskDuties(_ parts: Parts, desk: TradingDesk, settings: SourceSettings, logger: Logger) -> [any Service] {
        var duties: [any Service] = []
        if settings.marketKind == .polygon {
            // Listings newer than the shipped files, learned as background work (docs/market-data.md).
            let warmUp = parts.warmUp
            duties.append(
                ListingsRefreshService(
                    refresh: ListingsRefresh(market: parts.market, search: parts.search, logger: logger),
                    after: { _ = await warmUp.value }))
        }
        duties.append(
            PriceAlertsService(
                alerts: parts.alerts,
                refresh: PriceRefresh(alerts: parts.alerts, market: parts.market, watchlist: parts.watchlist),
                desk: desk))
        duties.append(
            NotificationsService(
                notifier: parts.notifier, deliverer: parts.deliverer, desk: desk, symbol: parts.exchange.symbol))
        return duties
    }
}
