import BourseCore
import Foundation
import Hummingbird
import NotificationsFeature
import WebPush

/// The bell and Web Push (SPEC.md §11, docs/notifications.md): `GET /api/v1/notifications`,
/// `POST /api/v1/notifications/seen`, `GET /api/v1/push/key`, `GET/POST/DELETE
/// /api/v1/push/subscriptions`, `GET/PUT /api/v1/push/settings`. Notices, devices and settings
/// are the request's account's: another account's device is a 404, as one never subscribed
/// (SPEC.md §14); the push key is the server's. A device's endpoint must be https on a public
/// address unless `endpoints` allows private ones (SPEC §14).
struct NotificationsController: FeatureController {
    typealias Context = AppRequestContext
    let notifier: Notifier
    var endpoints: PushEndpointPolicy = .publicOnly

    /// Devices at most: a refused subscription is a 409, nothing written.
    static let maximumSubscriptions = 50
    /// The bell lists this many by default, ``NotificationStore/noticesKept`` at most.
    static let defaultLimit = 50

    private var store: any NotificationStore { notifier.store }

    func addRoutes(to router: Router<Context>) {
        router.get("api/v1/notifications") { request, context in
            let limit = try Self.limit(request)
            let (notices, unseen) = try await store.notices(of: context.account, limit: limit)
            return NoticesResponse(notifications: notices.map(NoticeJSON.init), unseen: unseen)
        }
        router.post("api/v1/notifications/seen") { _, context in
            try await store.markSeen(for: context.account)
            return Response(status: .noContent)
        }
        router.get("api/v1/push/key") { _, _ in
            PushKeyResponse(publicKey: try await Self.key(store).publicKeyBase64URL)
        }
        router.get("api/v1/push/subscriptions") { _, context in
            PushSubscribersResponse(
                subscriptions: try await store.subscribers(of: context.account).map(PushSubscriberJSON.init))
        }
        router.post("api/v1/push/subscriptions") { request, context in
            try await subscribe(request, context: context)
        }
        router.delete("api/v1/push/subscriptions") { request, context in
            guard let endpoint = request.uri.queryParameters.get("endpoint"), !endpoint.isEmpty else {
                throw APIError(.badRequest, "name the subscription: ?endpoint=<the PushSubscription's endpoint, URL-encoded>")
            }
            guard try await store.unsubscribe(for: context.account, endpoint: String(endpoint)) else {
                throw APIError(.notFound, "no push subscription has this endpoint")
            }
            return Response(status: .noContent)
        }
        router.get("api/v1/push/settings") { _, context in
            PushSettingsResponse(try await store.pushSettings(of: context.account))
        }
        router.put("api/v1/push/settings") { request, context in
            let json = try await request.json(
                upTo: PushSubscription.maximumJSONSize, what: "the push settings", hint: #"send {"alerts": true, "fills": false}"#
            )
            let settings = try PushSettingsChange.apply(json, to: try await store.pushSettings(of: context.account))
            try await store.setPushSettings(for: context.account, settings)
            return PushSettingsResponse(settings)
        }
    }

    private func subscribe(_ request: Request, context: Context) async throws -> Response {
        let body = try await request.jsonBytes(
            upTo: PushSubscription.maximumJSONSize, what: "the subscription", hint: "send the browser's PushSubscription.toJSON()"
        )
        let subscription: PushSubscription
        do {
            subscription = try PushSubscription(json: body)
            try endpoints.check(subscription.endpoint)
        } catch {
            throw APIError(.badRequest, Self.message(error))
        }
        let endpoint = subscription.endpoint.absoluteString
        let existing = try await store.subscribers(of: context.account)
        if existing.count >= Self.maximumSubscriptions, !existing.contains(where: { $0.endpoint == endpoint }) {
            throw APIError(
                .conflict, "\(Self.maximumSubscriptions) devices are subscribed already: remove one first (DELETE)")
        }
        let (subscriber, created) = try await store.subscribe(
            for: context.account,
            PushSubscriber(
                endpoint: endpoint, p256dh: subscription.p256dhBase64URL, auth: subscription.authBase64URL,
                createdAt: Date()))
        return try PushSubscriberResponse(subscription: PushSubscriberJSON(subscriber))
            .response(from: request, context: context).with(status: created ? .created : .ok)
    }

    /// The VAPID key, made and stored the first time it is asked for.
    static func key(_ store: any NotificationStore) async throws -> VAPIDKey {
        let text = try await store.pushKey(orMake: { VAPIDKey.generate().rawRepresentationBase64URL })
        return try VAPIDKey(rawRepresentationBase64URL: text)
    }

    private static func limit(_ request: Request) throws -> Int {
        guard let text = request.uri.queryParameters.get("limit") else { return defaultLimit }
        guard let limit = Int(text), (1...200).contains(limit) else {
            throw APIError(.badRequest, "limit must be a whole number from 1 to 200, got \"\(text.prefix(20))\"")
        }
        return limit
    }

    /// The body, JSON by its `Content-Type` (a form posted from another site cannot send it).
    /// Why a subscription was refused, in words for the 400.
    static func message(_ error: WebPushError) -> String {
        switch error {
        case .invalidSubscriptionJSON:
            "the body is not a PushSubscription: send {\"endpoint\", \"keys\": {\"p256dh\", \"auth\"}} (at most 4096 bytes)"
        case .invalidEndpoint: "the endpoint is not an absolute URL with a host (at most 2048 bytes, no user name)"
        case .insecureEndpoint: "the endpoint must be https"
        case .privateEndpoint(let host):
            "the endpoint's host \(host.prefix(64)) is a loopback, private, link-local or unspecified address: pushes go to public addresses only"
        case .invalidBase64URL(let field): "keys.\(field) is not base64url"
        case .invalidP256DH: "keys.p256dh is not an uncompressed P-256 public key (65 bytes)"
        case .invalidAuthSecret(let count): "keys.auth must be 16 bytes, got \(count)"
        default: "the subscription cannot be used: \(error)"
        }
    }
}

/// A `PUT /api/v1/push/settings` body: any of `alerts`, `fills`, `orders`, each a boolean.
enum PushSettingsChange {
    static func apply(_ json: JSONValue, to settings: PushSettings) throws -> PushSettings {
        guard let members = json.objectValue else {
            throw APIError(.badRequest, #"the settings are a JSON object: {"alerts": true, "fills": true, "orders": false}"#)
        }
        var changed = settings
        for (name, value) in members.sorted(by: { $0.key < $1.key }) {
            guard let flag = value.boolValue else {
                throw APIError(.badRequest, "\(name.prefix(20)) must be true or false")
            }
            switch name {
            case "alerts": changed.alerts = flag
            case "fills": changed.fills = flag
            case "orders": changed.orders = flag
            default:
                throw APIError(.badRequest, "unknown setting \"\(name.prefix(20))\": the settings are alerts, fills and orders")
            }
        }
        return changed
    }
}
