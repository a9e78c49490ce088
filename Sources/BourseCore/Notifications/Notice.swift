import Foundation

/// Something the app tells the user of (SPEC.md §11): an alert fired, an order filled, an order
/// cancelled or expired. Every notice is listed by the bell; each is also pushed to the devices
/// that allowed it when the push settings send its kind.
public struct Notice: Hashable, Sendable, Identifiable {
    /// "1", "2", ...: given by the store when the notice is posted (empty before).
    public var id: String
    public let kind: NoticeKind
    /// One line: "AAPL at or above 150.00".
    public let title: String
    /// The detail: "AAPL traded at 150.12 (+1.52 % on the day)".
    public let body: String
    /// The app's path a tap opens: "/stocks/AAPL", "/exchange". Always a path of this app.
    public let url: String
    /// Notices with the same tag replace each other on a device ("alert-7", "order-12").
    public let tag: String
    public let createdAt: Date

    public init(
        id: String = "", kind: NoticeKind, title: String, body: String, url: String, tag: String, createdAt: Date
    ) {
        self.id = id
        self.kind = kind
        self.title = title
        self.body = body
        self.url = url.hasPrefix("/") && !url.hasPrefix("//") ? url : "/"
        self.tag = tag
        self.createdAt = createdAt
    }
}

/// What a notice is about; each kind can be switched off for push (`PushSettings`).
public enum NoticeKind: String, Hashable, Sendable, CaseIterable {
    /// A price alert fired.
    case alert
    /// An order filled, in part or in whole.
    case fill
    /// An order was cancelled or expired.
    case order

    /// How long a push service should keep the message for a device that is offline (RFC 8030
    /// §5.2): a day; after that a price or a fill is old news, and the bell still lists it.
    public var timeToLive: Int { 24 * 60 * 60 }

    /// The push `Urgency` (RFC 8030 §5.3): a price met or a fill is worth waking a phone for.
    public var urgency: String {
        switch self {
        case .alert, .fill: "high"
        case .order: "normal"
        }
    }
}
