import Hummingbird
import HummingbirdTesting
import Logging
import StandIns
import Testing

/// Cancelling a loopback server's task is a graceful shutdown: a request in flight is answered,
/// one that outlasts the grace is cut, and no new connection is taken.
@Suite("Loopback server")
struct LoopbackServerTests {
    /// A server whose `/slow` answers "done" after `delay`; `started` gets a value as each request
    /// begins to be served.
    private static func start(
        grace: Duration, answerAfter delay: Duration
    ) async throws -> (port: Int, server: Task<Void, any Error>, started: AsyncStream<Void>) {
        let (started, arrived) = AsyncStream.makeStream(of: Void.self)
        let router = Router()
        router.get("slow") { _, _ -> String in
            arrived.yield()
            try await Task.sleep(for: delay)
            return "done"
        }
        var quiet = Logger(label: "test.loopback")
        quiet.logLevel = .critical
        let (port, server) = try await LoopbackServer.start(grace: grace) { onRunning in
            Application(
                router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) }, logger: quiet)
        }
        return (port, server, started)
    }

    private static func get(_ port: Int) async throws -> TestClient.Response {
        try await TestClient.withClient(host: "127.0.0.1", port: port) { client in try await client.get("/slow") }
    }

    @Test func aRequestInFlightWhenTheServerStopsIsAnswered() async throws {
        let (port, server, started) = try await Self.start(grace: .seconds(20), answerAfter: .milliseconds(300))
        let request = Task { try await Self.get(port) }
        _ = await started.first { _ in true }

        server.cancel()

        let response = try await request.value
        #expect(response.status == .ok)
        #expect(response.body.map { String(buffer: $0) } == "done")
        _ = await server.result
        await #expect(throws: (any Error).self) { try await Self.get(port) }
    }

    @Test func aRequestThatOutlastsTheGraceIsCut() async throws {
        let (port, server, started) = try await Self.start(grace: .milliseconds(200), answerAfter: .seconds(60))
        let request = Task { try await Self.get(port) }
        _ = await started.first { _ in true }

        server.cancel()
        _ = await server.result  // after the grace, not after the minute the request wants

        let answered = try? await request.value  // cut, or answered with an error
        #expect(answered?.status != .ok)
    }
}
