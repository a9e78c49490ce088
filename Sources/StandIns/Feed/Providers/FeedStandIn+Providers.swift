import Hummingbird
import HummingbirdWebSocket

/// The simulated market spoken as Alpaca's market-data stream v2 (`/v2/iex`, `/v2/sip`) and
/// Massive's stocks WebSocket (`/stocks`), beside the native `/feed` (see the last section of
/// `docs/feed-protocol.md`). The same ticks, the same misbehaviour: `dropConnections()` closes
/// these connections too, and `pause()` quiets them. An Alpaca client that upgrades with
/// `Content-Type: application/msgpack` is answered in msgpack (`ProviderEncoding`).
extension FeedStandIn {
    /// Adds `/v2/iex`, `/v2/sip` and `/stocks`, the provider WebSockets, to a WebSocket router.
    func addProviderRoutes(to router: Router<BasicWebSocketRequestContext>) {
        for feed in AlpacaFeed.allCases {
            router.ws(RouterPath("v2/\(feed.rawValue)")) { inbound, outbound, context in
                let encoding = ProviderEncoding(contentType: context.request.headers[.contentType])
                try await self.serve(
                    AlpacaStreamSession(feed: feed, access: self.providerAccess), encoding, inbound, outbound)
            }
        }
        router.ws("stocks") { inbound, outbound, _ in
            try await self.serve(MassiveStreamSession(access: self.providerAccess), .json, inbound, outbound)
        }
    }

    private enum Ended { case writer, inbound, timer }

    /// One provider connection: the client's messages, the ticks and the login timer go through
    /// one inbox to one loop that answers them in order; whichever of the client or the loop
    /// ends first ends the connection. `encoding` reads the client's frames into the session's
    /// values and writes its answers.
    private func serve<Session: ProviderSession>(
        _ session: Session, _ encoding: ProviderEncoding, _ inbound: WebSocketInboundStream,
        _ outbound: WebSocketOutboundWriter
    ) async throws {
        let inbox = ProviderInbox(buffer: clientBuffer)
        let id = state.withLock { $0.addProvider(inbox) }
        defer { state.withLock { $0.removeProvider(id) } }
        try await outbound.write(Self.outbound(encoding.encode(session.greeting)))
        let authTimeout = providerAccess.authTimeout
        try await withThrowingTaskGroup(of: Ended.self) { group in
            group.addTask {
                var session = session
                defer {
                    if let key = session.claimedKey { self.state.withLock { $0.releaseProviderKey(key) } }
                }
                for await _ in inbox.wakes {
                    let (items, finished) = inbox.take()
                    if finished { break }
                    for item in items {
                        let reply: ProviderReply
                        switch item {
                        case .client(let frame):
                            let message = Result { () throws(ProviderDecodingError) in try encoding.decode(frame) }
                            reply = session.receive(message) { key in self.state.withLock { $0.claimProviderKey(key) } }
                        case .market(let event):
                            reply = ProviderReply(session.frame(for: event).map { [$0] } ?? [])
                        case .authTimeout:
                            reply = session.authTimedOut()
                        }
                        for frame in reply.frames { try await outbound.write(Self.outbound(encoding.encode(frame))) }
                        if reply.close { return .writer }
                    }
                }
                return .writer
            }
            group.addTask {
                for try await message in inbound.messages(maxSize: 1 << 16) {
                    let frame = Self.inbound(message)
                    if encoding.reads(frame) { inbox.post(.client(frame)) }
                }
                return .inbound
            }
            group.addTask {
                try? await Task.sleep(for: authTimeout)
                if !Task.isCancelled { inbox.post(.authTimeout) }
                return .timer
            }
            while let ended = try await group.next() {
                if ended != .timer { break }
            }
            group.cancelAll()
        }
    }

    private static func inbound(_ message: WebSocketMessage) -> ProviderFrame {
        switch message {
        case .text(let text): .text(text)
        case .binary(let buffer): .binary(Array(buffer.readableBytesView))
        }
    }

    private static func outbound(_ frame: ProviderFrame) -> WebSocketOutboundWriter.OutboundFrame {
        switch frame {
        case .text(let text): .text(text)
        case .binary(let bytes): .binary(ByteBuffer(bytes: bytes))
        }
    }
}
