import ServiceLifecycle

/// A `FeedClient` run as a swift-service-lifecycle `Service`: it connects (and reconnects) and
/// hands every event to `onEvent` until graceful shutdown or cancellation, then closes the
/// connection and returns.
///
/// In the app `onEvent` is the trading desk's `handle(_:)`; register the service before the desk
/// (`app.addServices(feed, desk, desk.broadcaster)`) so that on shutdown the desk stops first and
/// the feed after it.
public struct FeedService: Service {
    public let client: FeedClient
    private let onEvent: @Sendable (FeedEvent) async -> Void

    public init(client: FeedClient, onEvent: @escaping @Sendable (FeedEvent) async -> Void) {
        self.client = client
        self.onEvent = onEvent
    }

    public func run() async throws {
        // `FeedClient.run` ends when its task is cancelled; graceful shutdown cancels it.
        await cancelWhenGracefulShutdown { [client, onEvent] in
            await client.run(onEvent)
        }
    }
}
