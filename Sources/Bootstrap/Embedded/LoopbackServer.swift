import Hummingbird

/// Starting an embedded server on a free loopback port (port 0) and learning which port it got.
enum LoopbackServer {
    /// Runs the application `make` builds (which must call `onRunning` with its bound port) in
    /// a task, and returns once it listens; cancel the task to stop it.
    static func start<App: ApplicationProtocol>(
        _ make: (_ onRunning: @escaping @Sendable (Int) async -> Void) -> App
    ) async throws -> (port: Int, task: Task<Void, any Error>) {
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let application = make { port in
            continuation.yield(port)
            continuation.finish()
        }
        let task = Task { try await application.run() }
        guard let port = await ports.first(where: { _ in true }), port > 0 else {
            task.cancel()
            throw EmbeddedServicesError.didNotStart
        }
        return (port, task)
    }
}
