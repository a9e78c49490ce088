import Hummingbird

/// Starting a server on a free loopback port (port 0) and learning which port it got: the
/// embedded stand-ins, and the fake upstreams of the tests.
public enum LoopbackServer {
    /// Runs the application `make` builds (which must call `onRunning` with its bound port) in
    /// a task, and returns once it listens; cancel the task to stop it.
    public static func start<App: ApplicationProtocol>(
        _ make: (_ onRunning: @escaping @Sendable (Int) async -> Void) -> App
    ) async throws(LoopbackServerError) -> (port: Int, task: Task<Void, any Error>) {
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let application = make { port in
            continuation.yield(port)
            continuation.finish()
        }
        let task = Task { try await application.run() }
        guard let port = await ports.first(where: { _ in true }), port > 0 else {
            task.cancel()
            throw .didNotStart
        }
        return (port, task)
    }
}

/// The server stopped before it listened.
public enum LoopbackServerError: Error, CustomStringConvertible {
    case didNotStart

    public var description: String { "a server did not start on a loopback port" }
}
