import Hummingbird
import Logging
import ServiceLifecycle

/// Starting a server on a free loopback port (port 0) and learning which port it got: the
/// embedded stand-ins, and the fake upstreams of the tests.
public enum LoopbackServer {
    /// Runs the application `make` builds (which must call `onRunning` with its bound port) in
    /// a task, and returns once it listens. Cancel the task to stop it: the server stops taking
    /// connections and lets the ones it has finish, for `grace` at most (a WebSocket is not
    /// told to end), then cuts them.
    ///
    /// The stop is a graceful shutdown, not a cancelled server: cancelling the task that serves
    /// can leave a connection accepted and not yet handed over, and NIO traps on it ("Deinited
    /// NIOAsyncWriter without calling finish()", apple/swift-nio#3481).
    public static func start<App: ApplicationProtocol>(
        grace: Duration = .seconds(2),
        _ make: (_ onRunning: @escaping @Sendable (Int) async -> Void) -> App
    ) async throws(LoopbackServerError) -> (port: Int, task: Task<Void, any Error>) {
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let application = make { port in
            continuation.yield(port)
            continuation.finish()
        }
        var quiet = Logger(label: "bourse.loopback")
        quiet.logLevel = .critical
        var configuration = ServiceGroupConfiguration(services: [application], logger: quiet)
        configuration.maximumGracefulShutdownDuration = grace
        let group = ServiceGroup(configuration: configuration)
        // Not a child of `task`: cancelling `task` must reach the server as a graceful shutdown
        // only, never as a cancellation.
        let serving = Task {
            defer { continuation.finish() }  // a server that fails to start ends the wait for its port
            try await group.run()
        }
        let task = Task {
            try await withTaskCancellationHandler {
                try await serving.value
            } onCancel: {
                Task { await group.triggerGracefulShutdown() }
            }
        }
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
