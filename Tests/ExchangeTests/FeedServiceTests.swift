import BourseCore
import Exchange
import Foundation
import ServiceLifecycle
import Synchronization
import Testing

@testable import ExchangeLive

/// The feed client as a service: it runs in a service group and ends on graceful shutdown.
@Suite("Feed service")
struct FeedServiceTests {
    @Test func runsUntilGracefulShutdownThenCloses() async throws {
        let feed = testFeed()
        try await withFeedServer(feed) { url in
            let ticks = TickCount()
            let service = FeedService(client: EventLog.client(url)) { event in
                if case .tick = event { ticks.count.withLock { $0 += 1 } }
            }
            let group = ServiceGroup(configuration: .init(services: [service], logger: quietLogger()))
            try await withThrowingTaskGroup(of: Void.self) { tasks in
                tasks.addTask { try await group.run() }
                let deadline = ContinuousClock.now + .seconds(60)
                while ticks.count.withLock({ $0 }) < 3, ContinuousClock.now < deadline {
                    try await Task.sleep(for: .milliseconds(10))
                }

                await group.triggerGracefulShutdown()

                // The group returns: the service ended on its own, without being cancelled.
                try await tasks.waitForAll()
            }
            #expect(ticks.count.withLock { $0 } >= 3)
        }
    }
}

private final class TickCount: Sendable {
    let count = Mutex(0)
}
