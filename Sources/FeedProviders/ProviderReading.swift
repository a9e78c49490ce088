import BourseCore

/// What one text frame from a provider amounted to, as `FeedDialect.read(_:)` reports it.
public struct ProviderReading: Equatable, Sendable {
    /// Text frames to send back, in order (the key, the subscription).
    public var replies: [String] = []
    /// The quotes and trades of the feed's stock the frame held, in order.
    public var updates: [ProviderUpdate] = []
    /// Items that broke the provider's protocol, dropped one by one; the connection stays.
    public var problems: [FeedMessageError] = []
    /// What happened on the way, for the log: "authenticated", "subscribed to trades and quotes of AAPL".
    public var notes: [String] = []
    /// The provider turned the connection down: report it and close.
    public var refusal: FeedRefusal?
    /// The provider reported an error that ends the connection but may pass (a slow client, its
    /// own internal error): close and reconnect after the usual backoff.
    public var closing: String?

    public init() {}

    /// Whether the connection must end after this frame.
    public var endsConnection: Bool { refusal != nil || closing != nil }
}
