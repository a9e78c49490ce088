import BourseCore
import Foundation
import Synchronization

/// A notification store (a real one inside) that cancels the task asking for the next due
/// time just before it reads it: the sender stopped in the middle of a read, every time.
final class StopOnReadStore: NotificationStore {
    private let base: any NotificationStore
    private let readCount = Mutex(0)

    init(_ base: any NotificationStore) { self.base = base }

    /// How many times `nextDue` was asked.
    var reads: Int { readCount.withLock { $0 } }

    func nextDue() async throws -> Date? {
        readCount.withLock { $0 += 1 }
        withUnsafeCurrentTask { $0?.cancel() }
        return try await base.nextDue()
    }

    func pushKey(orMake make: @escaping @Sendable () -> String) async throws -> String {
        try await base.pushKey(orMake: make)
    }
    func subscribe(
        for account: AccountID, _ subscription: PushSubscriber
    ) async throws -> (subscriber: PushSubscriber, created: Bool) {
        try await base.subscribe(for: account, subscription)
    }
    func subscribers(of account: AccountID) async throws -> [PushSubscriber] { try await base.subscribers(of: account) }
    func unsubscribe(for account: AccountID, endpoint: String) async throws -> Bool {
        try await base.unsubscribe(for: account, endpoint: endpoint)
    }
    func removeSubscriber(id: String) async throws { try await base.removeSubscriber(id: id) }
    func pushSettings(of account: AccountID) async throws -> PushSettings { try await base.pushSettings(of: account) }
    func setPushSettings(for account: AccountID, _ settings: PushSettings) async throws {
        try await base.setPushSettings(for: account, settings)
    }
    func post(for account: AccountID, _ notice: Notice) async throws -> Notice { try await base.post(for: account, notice) }
    func notices(of account: AccountID, limit: Int) async throws -> (notices: [Notice], unseen: Int) {
        try await base.notices(of: account, limit: limit)
    }
    func markSeen(for account: AccountID) async throws { try await base.markSeen(for: account) }
    func dueDeliveries(at now: Date, limit: Int) async throws -> [PushDelivery] {
        try await base.dueDeliveries(at: now, limit: limit)
    }
    func finish(delivery id: String) async throws { try await base.finish(delivery: id) }
    func retry(delivery id: String, at time: Date) async throws { try await base.retry(delivery: id, at: time) }
}
