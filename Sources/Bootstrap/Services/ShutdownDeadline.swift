import Dispatch
import Logging
import ServiceLifecycle
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The hard end of a shutdown: once graceful shutdown begins (SIGTERM or SIGINT), the process
/// ends within `limit`, whatever is still running.
///
/// The service group first lets the services stop in order, then cancels what is left; a task
/// that ignores cancellation (a library future, a blocking call) would still hold the process
/// open for as long as it likes. So when graceful shutdown begins this arms a timer on a
/// Dispatch queue, outside the Swift concurrency pool that a stuck task may be holding; if the
/// process is still alive when it fires, it logs which services had not stopped and exits with
/// status 0. Nothing acknowledged is lost by that: an order is answered only after its commit
/// (SQLite, `synchronous = FULL`), and a commit cut short is rolled back when the database is
/// next opened, its order never having been answered.
///
/// Register it last in the outer service group, so that it is told of the shutdown first. If
/// the group is cancelled instead (a service failed), it arms the same timer with status 1.
struct ShutdownDeadline: Service {
    let limit: Duration
    let services: RunningServices
    let logger: Logger

    func run() async throws {
        let status: Int32
        do {
            try await gracefulShutdown()
            status = 0
        } catch {
            status = 1
        }
        let (seconds, attoseconds) = limit.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [limit, services, logger] in
            logger.error(
                "the shutdown did not end within \(limit); exiting now (every order answered was committed before its answer)",
                metadata: ["still running": "\(services.names.joined(separator: ", "))"])
            _exit(status)
        }
    }
}

/// The services still running, by name, for the line `ShutdownDeadline` logs.
final class RunningServices: Sendable {
    private let running = Mutex<[String]>([])

    /// Each of `services`, recording while it runs; named for its type.
    func tracking(_ services: [any Service]) -> [any Service] {
        services.map { tracking($0, as: String(describing: type(of: $0))) }
    }

    /// `service`, recording while it runs under `name`.
    func tracking(_ service: any Service, as name: String) -> any Service {
        Tracked(name: name, service: service, running: self)
    }

    /// The running ones, in the order they started.
    var names: [String] {
        running.withLock { $0 }
    }

    fileprivate func started(_ name: String) {
        running.withLock { $0.append(name) }
    }

    fileprivate func finished(_ name: String) {
        running.withLock { names in
            if let index = names.firstIndex(of: name) { names.remove(at: index) }
        }
    }
}

private struct Tracked: Service, CustomStringConvertible {
    let name: String
    let service: any Service
    let running: RunningServices

    var description: String { name }

    func run() async throws {
        running.started(name)
        defer { running.finished(name) }
        try await service.run()
    }
}
