import Foundation

/// Where the notices, the devices that receive them and the push queue are kept: the database,
/// so that a notice queued when the app stops is sent after it starts again (SPEC.md §11).
///
/// Notices, devices and settings are each one account's (SPEC.md §14): another account's is
/// "not found". The push queue and the VAPID key are the server's: the sender drains the queue
/// for every account, each message already bound to one device of the notice's account.
public protocol NotificationStore: Sendable {
    /// The VAPID private key (base64url), made by `make` and stored the first time it is asked for.
    func pushKey(orMake make: @escaping @Sendable () -> String) async throws -> String

    /// Adds a device's subscription for `account`, or replaces the keys of the one with the same
    /// endpoint. An endpoint is one device: subscribed again by another account, it moves to
    /// that account (a browser two people use in turn), and what was queued for it is dropped.
    /// `created` is true when the account did not have it before.
    func subscribe(for account: AccountID, _ subscription: PushSubscriber) async throws -> PushSubscribing
    func subscribers(of account: AccountID) async throws -> [PushSubscriber]
    /// Removes the account's subscription with this endpoint and what is queued for it; false
    /// when the account has none with it.
    func unsubscribe(for account: AccountID, endpoint: String) async throws -> Bool
    /// Removes subscription `id`, whoever's, and what is queued for it (its push service said it is gone).
    func removeSubscriber(id: String) async throws

    func pushSettings(of account: AccountID) async throws -> PushSettings
    func setPushSettings(for account: AccountID, _ settings: PushSettings) async throws

    /// Stores `notice` for `account` (its id given here) and, when the account's settings send its
    /// kind, queues it for each of the account's subscriptions, due at once; in one transaction.
    /// Only the account's newest ``noticesKept`` are kept.
    func post(for account: AccountID, _ notice: Notice) async throws -> Notice
    /// The account's newest notices first, at most `limit`, and how many it has not seen.
    func notices(of account: AccountID, limit: Int) async throws -> (notices: [Notice], unseen: Int)
    /// Marks every notice of the account seen (the bell was opened).
    func markSeen(for account: AccountID) async throws

    /// The queued messages due at `now`, the oldest first, at most `limit`.
    func dueDeliveries(at now: Date, limit: Int) async throws -> [PushDelivery]
    /// When the next queued message is due; nil when the queue is empty.
    func nextDue() async throws -> Date?
    /// The message was taken, or dropped: it leaves the queue.
    func finish(delivery id: String) async throws
    /// The message is tried again at `time`, one more attempt counted.
    func retry(delivery id: String, at time: Date) async throws
}

extension NotificationStore {
    /// How many notices the bell keeps per account (older ones and their queued messages are deleted).
    public static var noticesKept: Int { 200 }
}

/// What `subscribe` did: the stored subscription, and whether the account did not have it before.
public typealias PushSubscribing = (subscriber: PushSubscriber, created: Bool)

/// A device that allowed notifications: its push service endpoint and keys (base64url), as the
/// browser's `PushSubscription.toJSON()` gave them.
public struct PushSubscriber: Hashable, Sendable, Identifiable {
    /// Given by the store (empty before).
    public var id: String
    public let endpoint: String
    public let p256dh: String
    public let auth: String
    public let createdAt: Date

    public init(id: String = "", endpoint: String, p256dh: String, auth: String, createdAt: Date) {
        self.id = id
        self.endpoint = endpoint
        self.p256dh = p256dh
        self.auth = auth
        self.createdAt = createdAt
    }
}

/// One notice queued for one device.
public struct PushDelivery: Hashable, Sendable, Identifiable {
    public let id: String
    public let notice: Notice
    public let subscriber: PushSubscriber
    /// The attempts made so far (0: never tried).
    public let attempts: Int

    public init(id: String, notice: Notice, subscriber: PushSubscriber, attempts: Int) {
        self.id = id
        self.notice = notice
        self.subscriber = subscriber
        self.attempts = attempts
    }
}
