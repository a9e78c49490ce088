import BourseCore
import Logging
import ServiceLifecycle
import Synchronization

/// Every instance on a shared database runs one (SPEC §15): it waits for the desk's lock and,
/// while it holds it, runs the desk's duties (the feed and the matching desk, the inbox's
/// worker and the announcer, alert refresh, push delivery, the listings' refresh), made afresh
/// each time, so the book is rebuilt from the database. When the lock is lost (its connection
/// ended) the duties stop and the instance waits for the lock again; on graceful shutdown the
/// duties stop in order and the lock is given up for another instance to take at once.
public struct DeskLeadership: Service {
    let instance: String
    let link: any DeskLink
    let duties: @Sendable () async throws -> [any Service]
    let logger: Logger

    public init(
        instance: String, link: any DeskLink, logger: Logger, duties: @escaping @Sendable () async throws -> [any Service]
    ) {
        self.instance = instance
        self.link = link
        self.duties = duties
        self.logger = logger
    }

    private enum Stage {
        case waiting(Task<any DeskLease, any Error>?)
        case holding(ServiceGroup)
        case stopping
    }

    /// Where the leadership is, shared with the graceful shutdown's handler.
    private final class StageBox: Sendable {
        let stage = Mutex(Stage.waiting(nil))
    }

    public func run() async throws {
        let box = StageBox()
        try await withGracefulShutdownHandler {
            while true {
                let acquiring = Task { [link, instance] in try await link.acquireDesk(instance: instance) }
                let stopping: Bool = box.stage.withLock { stage in
                    if case .stopping = stage { return true }
                    stage = .waiting(acquiring)
                    return false
                }
                if stopping { acquiring.cancel() }
                guard let lease = try? await acquiring.value else {
                    if box.stage.withLock({ if case .stopping = $0 { true } else { false } }) { return }
                    logger.warning("could not reach the database to take the desk; trying again")
                    try await Task.sleep(for: .seconds(1))
                    continue
                }
                try await hold(lease, box: box)
                if box.stage.withLock({ if case .stopping = $0 { true } else { false } }) { return }
            }
        } onGracefulShutdown: {
            let current = box.stage.withLock { stage in
                defer { stage = .stopping }
                return stage
            }
            switch current {
            case .waiting(let acquiring): acquiring?.cancel()
            case .holding(let group): Task { await group.triggerGracefulShutdown() }
            case .stopping: break
            }
        }
    }

    /// Runs the duties while `lease` holds; gives the desk up once they stop.
    private func hold(_ lease: any DeskLease, box: StageBox) async throws {
        logger.notice("this instance (\(instance)) holds the desk: the book is rebuilt from the database")
        let services: [any Service]
        do { services = try await duties() } catch {
            logger.error("could not start the desk: \(error); giving it up")
            await lease.release()
            try await Task.sleep(for: .seconds(1))
            return
        }
        var configuration = ServiceGroupConfiguration(services: services.map { .init(service: $0) }, logger: logger)
        configuration.maximumGracefulShutdownDuration = .seconds(3)
        let group = ServiceGroup(configuration: configuration)
        let stopping: Bool = box.stage.withLock { stage in
            if case .stopping = stage { return true }
            stage = .holding(group)
            return false
        }
        if stopping { return await lease.release() }
        await withTaskGroup(of: Bool.self) { watch in
            watch.addTask {
                do { try await group.run() } catch { logger.error("the desk stopped: \(error)") }
                return true
            }
            watch.addTask {
                await lease.lost()
                guard !Task.isCancelled else { return false }
                logger.error("this instance lost the desk's lock (its database connection ended); the desk stops")
                await group.triggerGracefulShutdown()
                return false
            }
            // The duties stop gracefully either way; then the lease's watch ends.
            while let groupEnded = await watch.next(), groupEnded { watch.cancelAll() }
        }
        await lease.release()
        box.stage.withLock { stage in
            if case .holding = stage { stage = .waiting(nil) }
        }
        logger.notice("this instance (\(instance)) gave up the desk")
    }
}
