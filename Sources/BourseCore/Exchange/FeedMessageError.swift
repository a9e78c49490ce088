/// Why a feed message was refused. The client logs the reason, drops the message and keeps
/// the connection.
public struct FeedMessageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong, in words: "asks[2]: price 101.255 is off the tick size".
    public let reason: String

    public init(_ reason: String) {
        self.reason = reason
    }

    public var description: String { "malformed feed message: \(reason)" }
}
