/// What a provider stream's connection does next: the messages to send (each one frame, in
/// the connection's encoding), then whether to close.
struct ProviderReply: Equatable, Sendable {
    var frames: [ProviderValue]
    var close: Bool

    init(_ frames: [ProviderValue] = [], close: Bool = false) {
        self.frames = frames
        self.close = close
    }
}

/// One connection to a provider stream (Alpaca's or Massive's dialect), as a state machine fed
/// the client's decoded messages: no socket, no clock and no encoding (`ProviderEncoding` makes
/// frames of its values, JSON or msgpack), so each rule of `docs/feed-protocol.md` is testable
/// as a value. The connection limit is asked of `claim`, which takes a key for this connection
/// and answers false when another connection holds it.
protocol ProviderSession: Sendable {
    /// The frame sent on connect.
    var greeting: ProviderValue { get }
    /// The key this connection holds once logged in (released when it closes).
    var claimedKey: String? { get }
    /// Whether the client has logged in.
    var isAuthenticated: Bool { get }
    /// The answer to one message from the client, or to a frame that could not be decoded.
    mutating func receive(
        _ message: Result<ProviderValue, ProviderDecodingError>, claim: (String) -> Bool
    ) -> ProviderReply
    /// The answer when the client did not log in in time (nothing once it has).
    mutating func authTimedOut() -> ProviderReply
    /// The data frame for one simulated tick, or nil when nothing subscribed changed.
    func frame(for event: MarketEvent) -> ProviderValue?
}

/// A set of subscribed symbols, where `*` stands for every symbol.
struct SymbolSet: Equatable, Sendable {
    /// In the order first subscribed, as the acknowledgements list them.
    private(set) var symbols: [String] = []

    func contains(_ symbol: String) -> Bool {
        symbols.contains(symbol) || symbols.contains("*")
    }

    mutating func insert(_ symbol: String) {
        if !symbols.contains(symbol) { symbols.append(symbol) }
    }

    mutating func remove(_ symbol: String) {
        symbols.removeAll { $0 == symbol }
    }
}
