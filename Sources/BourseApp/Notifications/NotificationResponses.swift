import BourseCore
import Foundation
import Hummingbird
import WebPush

/// `GET /api/v1/push/key`: the VAPID public key, the browser's `applicationServerKey`.
struct PushKeyResponse: ResponseEncodable {
    let publicKey: String
}

/// A device's subscription as the API shows it: its id, its push service's origin and when it
/// was made (never the endpoint's path or keys).
struct PushSubscriberJSON: Encodable, Sendable {
    let id: String
    let origin: String
    let createdAt: String

    init(_ subscriber: PushSubscriber) {
        id = subscriber.id
        origin = URL(string: subscriber.endpoint).flatMap(PushSubscription.origin(of:)) ?? ""
        createdAt = Timestamp.iso8601Milliseconds(subscriber.createdAt)
    }
}

/// `POST /api/v1/push/subscriptions` (201 new, 200 the same endpoint again).
struct PushSubscriberResponse: ResponseEncodable {
    let subscription: PushSubscriberJSON
}

/// `GET /api/v1/push/subscriptions`.
struct PushSubscribersResponse: ResponseEncodable {
    let subscriptions: [PushSubscriberJSON]
}

/// `GET` and `PUT /api/v1/push/settings`: which kinds are pushed.
struct PushSettingsResponse: ResponseEncodable {
    let alerts: Bool
    let fills: Bool
    let orders: Bool

    init(_ settings: PushSettings) {
        alerts = settings.alerts
        fills = settings.fills
        orders = settings.orders
    }
}

/// A notice as the bell lists it.
struct NoticeJSON: Encodable, Sendable {
    let id: String
    let kind: String
    let title: String
    let body: String
    let url: String
    let createdAt: String

    init(_ notice: Notice) {
        id = notice.id
        kind = notice.kind.rawValue
        title = notice.title
        body = notice.body
        url = notice.url
        createdAt = Timestamp.iso8601Milliseconds(notice.createdAt)
    }
}

/// `GET /api/v1/notifications`: newest first, and how many the bell has not shown yet.
struct NoticesResponse: ResponseEncodable {
    let notifications: [NoticeJSON]
    let unseen: Int
}
