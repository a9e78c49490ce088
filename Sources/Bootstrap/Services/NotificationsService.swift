import Exchange
import NotificationsFeature
import PushDelivery
import ServiceLifecycle

/// Keeps the notices going until shutdown: the desk's order events made notices (fills,
/// cancellations, expiries), and the push queue sent (docs/notifications.md).
struct NotificationsService: Service {
    let notifier: Notifier
    let deliverer: PushDeliverer
    let desk: (any ExchangeDesk)?
    /// The exchange's stock, named in the order notices.
    let symbol: String?

    func run() async throws {
        // Returns only once shutdown has begun (a service that returns early would stop the app).
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                if let desk { group.addTask { await notifier.watch(desk, symbol: symbol) } }
                group.addTask { await deliverer.run() }
            }
        }
    }
}
