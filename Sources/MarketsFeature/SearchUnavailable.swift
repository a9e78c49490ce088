/// The listings could not be loaded, so nothing can be searched.
public struct SearchUnavailable: Error, Sendable, CustomStringConvertible {
    public let reason: String

    public init(reason: String) {
        self.reason = reason
    }

    public var description: String {
        "search is unavailable: the listings could not be loaded (\(reason))"
    }
}
