/// What the app knows of the connection a request came on.
public struct ConnectionInfo: Sendable {
    /// The client's IP address (sign-in throttling counts failures by it).
    public var clientAddress: String
    /// Whether the request came over TLS (cookies are then `Secure`).
    public var isSecure: Bool

    public init(clientAddress: String, isSecure: Bool) {
        self.clientAddress = clientAddress
        self.isSecure = isSecure
    }
}
