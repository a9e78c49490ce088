import BourseCore
import Exchange
import Logging

/// Posts the notices (SPEC.md §11): each is one account's, stored for its bell and queued for
/// that account's devices whose push settings send its kind (SPEC.md §14), then the push sender
/// is woken. Posting waits on the store's
/// write and nothing else: the sending is the push service's own task.
public struct Notifier: Sendable {
    public let store: any NotificationStore
    private let wake: @Sendable () -> Void
    private let logger: Logger

    /// - Parameter wake: tells the push sender something was queued (`PushDeliverer.wake`).
    public init(
        store: any NotificationStore, wake: @escaping @Sendable () -> Void = {}, logger: Logger = Logger(label: "bourse.notices")
    ) {
        self.store = store
        self.wake = wake
        self.logger = logger
    }

    /// Stores and queues `notice` for `account`; a store that fails is logged (the event itself
    /// already happened).
    @discardableResult
    public func post(_ notice: Notice, for account: AccountID) async -> Notice? {
        do {
            let stored = try await store.post(for: account, notice)
            wake()
            return stored
        } catch {
            logger.error("the notice could not be stored", metadata: ["kind": "\(notice.kind.rawValue)", "error": "\(error)"])
            return nil
        }
    }

    /// Posts a notice for each order event with new fills, and each order cancelled or expired,
    /// until the desk's updates end (shutdown) or the task is cancelled.
    ///
    /// A notice goes to the order's account only: its bell and its devices.
    ///
    /// - Parameter symbol: the exchange's stock, named in the notices.
    public func watch(_ desk: any ExchangeDesk, symbol: String?) async {
        for await update in desk.updates() {
            guard case .order(let event) = update,
                let notice = Notice.order(event.order, newFills: event.fills, symbol: symbol)
            else { continue }
            await post(notice, for: event.order.account)
        }
    }
}
