/// Who a request to a market data source is for, as the source's rate limiter sees it.
///
/// The app sets it around each HTTP request (the client's address, `.interactive`); the app's
/// own refreshes run as `.background`. Unstructured tasks started inside inherit it, so a
/// request that goes on past its deadline keeps its caller.
public struct SourceCaller: Sendable, Hashable, CustomStringConvertible {
    /// What a user is looking at goes before what the app fetches for later.
    public enum Priority: Int, Sendable, Hashable, Comparable {
        case background = 0
        case interactive = 1

        public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    public var priority: Priority
    /// The client asking (an address), or nil for the app's own work, which no share caps.
    public var client: String?

    public init(priority: Priority, client: String?) {
        self.priority = priority
        self.client = client
    }

    /// The caller of the running task: by default the app itself, interactive (a command such
    /// as `bourse quote` is someone waiting).
    @TaskLocal public static var current = SourceCaller(priority: .interactive, client: nil)

    /// The app's own work, fetched ahead of need: after every request a user is waiting for.
    public static let background = SourceCaller(priority: .background, client: nil)

    public var description: String {
        "\(priority == .interactive ? "interactive" : "background") \(client ?? "app")"
    }
}
