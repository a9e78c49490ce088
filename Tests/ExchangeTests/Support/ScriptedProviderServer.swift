import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import StandIns
import Synchronization

/// One connection to a `ScriptedProviderServer`, as its script sees it: what the client sent,
/// and a way to send it frames. The script's return closes the connection.
struct ScriptedConnection: Sendable {
    /// 1 for the first connection, 2 for the second…
    let number: Int
    let inbound: Inbox
    let outbound: WebSocketOutboundWriter

    func send(_ text: String) async throws { try await outbound.writeTextMessage(text) }

    /// The client's next text frame; nil once it has closed.
    func receive() async -> String? { await inbound.next() }
}

/// A connection's received frames, read by its one script task only.
final class Inbox: @unchecked Sendable {
    private var iterator: AsyncStream<String>.AsyncIterator
    init(_ stream: AsyncStream<String>) { iterator = stream.makeAsyncIterator() }
    func next() async -> String? { await iterator.next() }
}

/// A provider that says exactly what a test scripts, over a real WebSocket on loopback: the
/// malformed frames, refusals and dropped connections a real stream may send. Every frame the
/// clients send is kept in `received`.
final class ScriptedProviderServer: Sendable {
    typealias Script = @Sendable (ScriptedConnection) async throws -> Void
    private let script: Script
    private let state = Mutex<(connections: Int, received: [String])>((0, []))

    init(_ script: @escaping Script) {
        self.script = script
    }

    /// Every frame received from clients, in order.
    var received: [String] { state.withLock { $0.received } }
    /// Connections made so far.
    var connections: Int { state.withLock { $0.connections } }

    /// Serves on a free loopback port while `body` runs, at `ws://127.0.0.1:PORT/stream`.
    func run<T: Sendable>(_ body: @Sendable (URL) async throws -> T) async throws -> T {
        var quiet = Logger(label: "test.provider")
        quiet.logLevel = .critical
        let router = Router(context: BasicWebSocketRequestContext.self)
        router.ws("stream") { inbound, outbound, _ in
            let number = self.state.withLock {
                $0.connections += 1
                return $0.connections
            }
            let (texts, post) = AsyncStream.makeStream(of: String.self)
            let reader = Task {
                for try await message in inbound.messages(maxSize: 1 << 16) {
                    guard case .text(let text) = message else { continue }
                    self.state.withLock { $0.received.append(text) }
                    post.yield(text)
                }
                post.finish()
            }
            defer { reader.cancel() }
            try await self.script(
                ScriptedConnection(number: number, inbound: Inbox(texts), outbound: outbound))
        }
        let (port, server) = try await LoopbackServer.start { onRunning in
            Application(
                router: Router(context: BasicRequestContext.self),
                server: .http1WebSocketUpgrade(webSocketRouter: router),
                configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: "scripted-provider"),
                onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) }, logger: quiet)
        }
        defer { server.cancel() }
        return try await body(URL(string: "ws://127.0.0.1:\(port)/stream")!)
    }
}
