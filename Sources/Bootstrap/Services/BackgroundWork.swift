import ServiceLifecycle

/// Long-lived work as a `Service` (the feed client, say): `body` runs until graceful shutdown
/// or cancellation cancels it. `body` must run until cancelled: a service that returns early
/// ends the whole application.
struct BackgroundWork: Service {
    let name: String
    let body: @Sendable () async -> Void

    func run() async throws {
        await cancelWhenGracefulShutdown { await body() }
    }
}

/// A last step as a `Service`: waits for graceful shutdown (or cancellation), then runs
/// `action` (closing the database). Registered first, it runs last.
struct OnShutdown: Service {
    let name: String
    let action: @Sendable () async throws -> Void

    func run() async throws {
        try? await gracefulShutdown()
        try await action()
    }
}
