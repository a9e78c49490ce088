import BourseCore
import Exchange

/// What a `FeedClient` reports, in the order it happened.
public enum FeedEvent: Sendable, Equatable {
    /// A valid tick, newer than the last one of the connection: its book replaces the previous one.
    case tick(FeedTick)
    /// Ticks were missed within a connection: `received` came where `expected` was due. The tick
    /// itself follows as `.tick`; since it carries the whole book, nothing is re-requested.
    case gap(expected: Int64, received: Int64)
    /// A message that broke the protocol, dropped; the connection stays up.
    case malformed(FeedMessageError)
    /// The connection's state changed.
    case state(FeedState)
}
