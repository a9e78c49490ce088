import BourseCore
import Foundation
import Hummingbird
import HummingbirdWSClient
import Logging

@testable import StandIns

/// A real WebSocket client's side of one connection to a stand-in's provider stream: the frames
/// it receives (text, or msgpack in binary), in order, and the messages it sends.
struct ProviderSocket {
    private var messages: WebSocketInboundMessageStream.AsyncIterator
    private let outbound: WebSocketOutboundWriter

    /// The next text frame, or nil once the server closed the connection.
    mutating func next() async throws -> String? {
        while let message = try await messages.next() {
            if case .text(let text) = message { return text }
        }
        return nil
    }

    /// The next binary frame read as msgpack, or nil once the server closed the connection; a
    /// text frame here is a failure (a msgpack connection answers in binary only).
    mutating func nextMessagePack() async throws -> MessagePackValue? {
        while let message = try await messages.next() {
            switch message {
            case .binary(let buffer): return try MessagePackReader.read(Array(buffer.readableBytesView))
            case .text(let text): throw ProviderSocketError.textOnAMsgpackConnection(text)
            }
        }
        return nil
    }

    /// The next frame read as JSON (an array of objects, each a provider message).
    mutating func nextJSON() async throws -> [JSONValue]? {
        guard let text = try await next() else { return nil }
        return try JSONReader.parse(text).arrayValue
    }

    func send(_ text: String) async throws {
        try await outbound.writeTextMessage(text)
    }

    func send(bytes: [UInt8]) async throws {
        try await outbound.writeBinaryMessage(ByteBuffer(bytes: bytes))
    }

    func send(_ message: MessagePackValue) async throws {
        try await send(bytes: MessagePackWriter.write(message))
    }

    /// Connects to `ws://127.0.0.1:port/path` (with `headers` on the upgrade request) and runs
    /// `dialogue` on the connection, which closes when `dialogue` returns. Two minutes only stop
    /// a hang (on a loaded machine the test tasks can wait long for a thread); they are not a
    /// timing under test.
    static func talk(
        port: Int, path: String, headers: HTTPFields = [:],
        _ dialogue: @escaping @Sendable (inout ProviderSocket) async throws -> Void
    ) async throws {
        var logger = Logger(label: "test.provider-socket")
        logger.logLevel = .critical
        let quiet = logger
        try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask {
                try await WebSocketClient.connect(
                    url: "ws://127.0.0.1:\(port)\(path)", configuration: .init(additionalHeaders: headers), logger: quiet
                ) { inbound, outbound, _ in
                    var socket = ProviderSocket(
                        messages: inbound.messages(maxSize: 1 << 20).makeAsyncIterator(), outbound: outbound)
                    try await dialogue(&socket)
                }
                return true
            }
            group.addTask {
                try await Task.sleep(for: .seconds(120))
                return false
            }
            let finished = try await group.next() ?? false
            group.cancelAll()
            if !finished { throw ProviderSocketError.hung(path) }
        }
    }
}

enum ProviderSocketError: Error {
    case hung(String)
    case textOnAMsgpackConnection(String)
}

/// A feed stand-in served on a loopback port for the length of `body`; its market moves only
/// when the test publishes ticks (`publish`).
func withProviderStandIn(
    access: ProviderAccess = ProviderAccess(), clientBuffer: Int = 64,
    _ body: @Sendable (FeedStandIn, Int) async throws -> Void
) async throws {
    let feed = FeedStandIn(
        simulator: .init(symbol: "AAPL", startPrice: Price(ticks: 230_00), seed: 3), clientBuffer: clientBuffer,
        providerAccess: access)
    // Stopping the server with connections open is expected here, not worth a log line.
    var quiet = Logger(label: "test.provider-stand-in")
    quiet.logLevel = .critical
    let logger = quiet
    let (port, server) = try await LoopbackServer.start { onRunning in
        feed.makeApplication(host: "127.0.0.1", port: 0, logger: logger, onServerRunning: onRunning)
    }
    defer { server.cancel() }
    try await body(feed, port)
}
