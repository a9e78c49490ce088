import Accounts
import BourseCore
import Foundation
import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// The context of every request the app handles, pages, API and sockets alike (one router
/// serves all three): Hummingbird's core context, the WebSocket handler a socket route sets,
/// the connection's facts, who is signed in, and the app's one JSON configuration for answers.
public struct AppRequestContext: RequestContext, WebSocketRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let webSocket: WebSocketHandlerReference<Self>
    /// The client's address and whether the request came over TLS (`ConnectionMiddleware`).
    public var connection: ConnectionInfo
    /// Who sent the request, once `SignInMiddleware` checked its session or token (nil: nobody,
    /// or sign-in is off).
    public var identity: Identity?
    /// The connection's channel: the exchange socket's frames are written to it on its event
    /// loop, many sockets at once (`ExchangeFanout`).
    public let channel: any Channel

    /// Whose data the request reads and writes: the signed-in account's, or the owner's while
    /// sign-in is off (one person alone, SPEC §14).
    public var account: AccountID { identity?.account ?? .owner }
    /// What the request may do: the signed-in account's role, or the owner's while sign-in is off.
    public var role: Role { identity?.role ?? .owner }

    public init(source: Source) {
        coreContext = .init(source: source)
        webSocket = .init()
        channel = source.channel
        connection = ConnectionInfo(clientAddress: source.channel.remoteAddress?.ipAddress ?? "unknown", isSecure: false)
    }

    /// Every JSON answer goes through `APIJSON.encoder`.
    public var responseEncoder: JSONEncoder { APIJSON.encoder }
}
