import BourseCore
import Exchange
import ExchangeLive
import Foundation
import Logging
import ServiceLifecycle
import Synchronization
import TestSupport
import Testing

/// A desk on `store`, with a broadcaster that keeps every update a test can produce.
func makeDesk(store: any OrderStore) async throws -> TradingDesk {
    try await TradingDesk(
        store: store, broadcaster: TradingBroadcaster(bufferSize: 100_000),
        now: { Date(timeIntervalSince1970: 1_763_820_000) }, logger: quietLogger())
}

func quietLogger() -> Logger {
    var logger = Logger(label: "test.desk")
    logger.logLevel = .critical
    return logger
}

/// Runs the desk and its broadcaster as services (as the app does) while `body` runs, then shuts
/// them down gracefully and waits for them to return.
func withRunningDesk<T: Sendable>(_ desk: TradingDesk, _ body: @Sendable () async throws -> T) async throws -> T {
    let group = ServiceGroup(configuration: .init(services: [desk, desk.broadcaster], logger: quietLogger()))
    return try await withThrowingTaskGroup(of: Void.self) { tasks in
        tasks.addTask { try await group.run() }
        do {
            let value = try await body()
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
            return value
        } catch {
            await group.triggerGracefulShutdown()
            throw error
        }
    }
}

/// Every update a broadcaster publishes, read as it comes; the list is complete once the
/// broadcaster has shut down (and ended the stream).
final class UpdateLog: Sendable {
    private final class Updates: Sendable {
        let list = Mutex<[TradingUpdate]>([])
    }

    private let updates = Updates()
    private let reader: Task<Void, Never>

    /// Subscribes now; reads until the broadcaster ends the stream.
    init(_ broadcaster: TradingBroadcaster) {
        let stream = broadcaster.updates()
        reader = Task { [updates] in
            for await update in stream { updates.list.withLock { $0.append(update) } }
        }
    }

    /// Every update, once the broadcaster has shut down.
    var all: [TradingUpdate] {
        get async {
            await reader.value
            return updates.list.withLock { $0 }
        }
    }

    /// The order events, in publication order, once the broadcaster has shut down.
    var orders: [OrderEvent] {
        get async {
            await all.compactMap { if case .order(let event) = $0 { event } else { nil } }
        }
    }
}

/// A tick of AAPL: asks 101.26 x 200, 101.27 x 300; bids 101.24 x 300, 101.23 x 500 unless told.
func tick(
    _ seq: Int64, asks: [(Int64, Int)] = [(10_126, 200), (10_127, 300)], bids: [(Int64, Int)] = [(10_124, 300), (10_123, 500)]
) -> FeedTick {
    Ticks.make(seq, asks: asks, bids: bids)
}

/// A gate a test opens once: everything waiting at it goes on.
actor Gate {
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        guard !isOpen else { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    func open() {
        isOpen = true
        for continuation in waiting { continuation.resume() }
        waiting = []
    }
}
