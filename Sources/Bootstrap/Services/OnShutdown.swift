import ServiceLifecycle

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
