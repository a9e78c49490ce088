import BourseCore
import Foundation
import Logging
import WebPush

/// The push queue's sender (SPEC.md §11): sends what is due, at once when woken (a notice was
/// posted), else when the next retry is due. It runs on its own task, so nothing a request or
/// the trading desk does waits on a push service; the queue is in the store, so what was not
/// sent when the app stopped is sent after it starts again.
///
/// A message the push service took (2xx) leaves the queue; 404 or 410 deletes the subscription
/// and what is queued for it; 429, 5xx or no answer is tried again (`PushBackoff`, honouring
/// `Retry-After`) until its time to live; any other answer drops it. Each is logged.
public actor PushDeliverer {
    /// Messages sent at once, at most (each to its own push service connection).
    static let batchSize = 16

    private let store: any NotificationStore
    private let sender: PushSender
    private let now: @Sendable () -> Date
    private let logger: Logger
    private var key: VAPIDKey?
    /// A wake that came while no one waited: the next wait returns at once.
    private var woken = false
    private var waiter: CheckedContinuation<Void, Never>?
    private var draining = false
    /// The timer set for the next retry, kept across wakes: a wake (every notice posted, so every
    /// order filled or cancelled) must not start a timer of its own. A cancelled `Task.sleep`
    /// keeps its task and its dispatch timer until its deadline (swiftlang/swift#60441), so the
    /// hour-long wait a wake cut short stayed in memory for that hour: 500 bytes a notice, the
    /// live heap's steady growth in the hour-long soak (BENCHMARKS.md).
    private var timer: (due: Date, task: Task<Void, Never>)?
    /// How many retry timers were started (for tests).
    private(set) var timersStarted = 0
    /// When the queue cannot be read, the next look is this far off.
    static let unreadableQueueWait: TimeInterval = 60

    public init(
        store: any NotificationStore, sender: PushSender, now: @escaping @Sendable () -> Date = { Date() },
        logger: Logger = Logger(label: "bourse.push")
    ) {
        self.store = store
        self.sender = sender
        self.now = now
        self.logger = logger
    }

    /// Something was queued: send it now. Never waits (safe from any task).
    public nonisolated func wake() {
        Task { await self.signal() }
    }

    /// Sends what is due, then waits for a wake or the next retry, until the task is cancelled.
    public func run() async {
        while !Task.isCancelled {
            await drain()
            let next: Date?
            do {
                next = try await store.nextDue()
            } catch {
                // A read cut short because the sender is stopping is not a fault.
                if Task.isCancelled { break }
                logger.error("the push queue could not be read", metadata: ["error": "\(error)"])
                next = now().addingTimeInterval(Self.unreadableQueueWait)
            }
            if let next, next <= now() { continue }
            await wait(until: next)
        }
        timer?.task.cancel()
        timer = nil
    }

    /// Sends every message due now, a batch at a time; returns how many were tried. A call while
    /// another drains only makes that one look again.
    @discardableResult
    public func drain() async -> Int {
        guard !draining else {
            woken = true
            return 0
        }
        draining = true
        defer { draining = false }
        var tried = 0
        while !Task.isCancelled {
            woken = false
            guard let key = await signingKey() else { return tried }
            let due: [PushDelivery]
            do {
                due = try await store.dueDeliveries(at: now(), limit: Self.batchSize)
            } catch {
                if !Task.isCancelled {
                    logger.error("the push queue could not be read", metadata: ["error": "\(error)"])
                }
                return tried
            }
            if due.isEmpty {
                guard woken else { return tried }
                continue
            }
            let sender = self.sender
            let results = await withTaskGroup(of: (PushDelivery, PushOutcome, String).self) { group in
                for delivery in due {
                    group.addTask {
                        let (outcome, detail) = await sender.send(delivery, key: key)
                        return (delivery, outcome, detail)
                    }
                }
                var results: [(PushDelivery, PushOutcome, String)] = []
                for await result in group { results.append(result) }
                return results
            }
            for (delivery, outcome, detail) in results {
                await settle(delivery, outcome: outcome, detail: detail)
            }
            tried += due.count
        }
        return tried
    }

    /// What the outcome does to the queue and the subscriptions.
    private func settle(_ delivery: PushDelivery, outcome: PushOutcome, detail: String) async {
        // The push service's origin only: an endpoint's path names one device.
        let origin = URL(string: delivery.subscriber.endpoint).flatMap(PushSubscription.origin(of:)) ?? "?"
        let metadata: Logger.Metadata = [
            "notice": "\(delivery.notice.id)", "kind": "\(delivery.notice.kind.rawValue)",
            "subscription": "\(delivery.subscriber.id)", "pushService": "\(origin)", "answer": "\(detail)",
        ]
        do {
            switch outcome {
            case .delivered:
                try await store.finish(delivery: delivery.id)
                logger.info("push sent", metadata: metadata)
            case .gone:
                try await store.removeSubscriber(id: delivery.subscriber.id)
                logger.notice("push subscription gone: deleted", metadata: metadata)
            case .rejected:
                try await store.finish(delivery: delivery.id)
                logger.warning("push refused: dropped", metadata: metadata)
            case .retry(let retryAfter):
                let expiresAt = delivery.notice.createdAt.addingTimeInterval(TimeInterval(delivery.notice.kind.timeToLive))
                if let next = PushBackoff.nextAttempt(
                    after: delivery.attempts + 1, retryAfter: retryAfter, now: now(), expiresAt: max(expiresAt, now()))
                {
                    try await store.retry(delivery: delivery.id, at: next)
                    logger.notice(
                        "push not taken: tried again later",
                        metadata: metadata.merging(["retryAt": "\(Timestamp.iso8601Milliseconds(next))"]) { $1 })
                } else {
                    try await store.finish(delivery: delivery.id)
                    logger.warning("push not taken: given up", metadata: metadata)
                }
            }
        } catch {
            logger.error("the push queue could not be updated", metadata: metadata.merging(["error": "\(error)"]) { $1 })
        }
    }

    /// The VAPID key, made and stored the first time; nil (logged) when the stored one is unusable.
    private func signingKey() async -> VAPIDKey? {
        if let key { return key }
        do {
            let text = try await store.pushKey(orMake: { VAPIDKey.generate().rawRepresentationBase64URL })
            let made = try VAPIDKey(rawRepresentationBase64URL: text)
            key = made
            return made
        } catch {
            logger.error("the VAPID key could not be read", metadata: ["error": "\(error)"])
            return nil
        }
    }

    private func signal() {
        if let waiter {
            self.waiter = nil
            waiter.resume()
        } else {
            woken = true
        }
    }

    /// Returns at a wake, when `due` comes (nil: only at a wake), or when the task is cancelled.
    /// The timer for `due` is started once and kept until it fires or a sooner retry replaces it.
    private func wait(until due: Date?) async {
        if woken {
            woken = false
            return
        }
        if let due, timer.map({ due < $0.due }) ?? true {
            timer?.task.cancel()
            let delay = Duration.milliseconds(Int64(max(0, due.timeIntervalSince(now())) * 1000))
            timersStarted += 1
            timer = (
                due,
                Task {
                    try? await Task.sleep(for: delay)
                    self.timerFired(due)
                }
            )
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { waiter = $0 }
        } onCancel: {
            Task { await self.signal() }
        }
        woken = false
    }

    private func timerFired(_ due: Date) {
        guard timer?.due == due else { return }
        timer = nil
        signal()
    }
}
