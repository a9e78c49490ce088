/// A provider turned the connection down for a reason retrying will not fix by itself: the key
/// was refused, the plan does not include the feed, a subscription was refused, or the account
/// already has its one connection open. The screen, `/api/v1/book` and the log show it.
public struct FeedRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// What the provider said, in words: "Alpaca refused the key and secret (402 auth failed)".
    public let reason: String
    /// What the user can do about it: "check APCA_API_KEY_ID and APCA_API_SECRET_KEY …".
    public let fix: String

    public init(reason: String, fix: String) {
        self.reason = reason
        self.fix = fix
    }

    public var description: String { "\(reason); \(fix)" }
}
