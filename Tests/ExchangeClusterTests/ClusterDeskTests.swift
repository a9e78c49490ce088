import BourseCore
import Exchange
import ExchangeLive
import Foundation
import Logging
import ServiceLifecycle
import Synchronization
import TestSupport
import Testing

@testable import ExchangeCluster
@testable import Storage

/// SPEC §15 on a real PostgreSQL cluster: instances on one database, one of them holding the
/// desk; orders posted to any instance matched by the desk, answered after its commit, heard by
/// every instance's screens; the desk taken over when its holder's connection ends.
@Suite("Instances sharing a desk", .hangLimit)
struct ClusterDeskTests {
    @Test func anOrderPostedToAnInstanceWithoutTheDeskIsMatchedByTheDeskAndEveryScreenHearsIt() async throws {
        try await Cluster.with(instances: ["web-1", "web-2"], leaders: ["web-1"]) { (cluster: Cluster) async throws in
            let desk = try await cluster.deskHeld(by: "web-1")
            let web2 = cluster.instances[1].desk
            let screen = web2.updates()
            await desk.handle(.state(.live))
            await desk.handle(.tick(Ticks.make(1)))

            // Crosses the ask at 101.26: filled by the desk on web-1, answered on web-2 after the commit.
            let bought = try await web2.place(
                .limit(.buy, quantity: 5, price: Price(ticks: 10_126)), account: .owner)
            #expect(bought.order.status == .filled && bought.fills.map(\.quantity) == [5])
            #expect(try await web2.position(account: .owner).quantity == 5)

            // web-2's screen heard the tick and the order, in the desk's order.
            var heard: [String] = []
            for await update in screen {
                switch update {
                case .tick(let tick, _): heard.append("tick \(tick.seq)")
                case .order(let event): heard.append("order \(event.order.id) \(event.order.status.rawValue)")
                case .state(let state): heard.append(state.label)
                case .trail(let move): heard.append("trail \(move.side.rawValue) \(move.reference)")
                case .market: break
                }
                if heard.contains("order \(bought.order.id) FILLED") { break }
            }
            #expect(heard.firstIndex(of: "tick 1")! < heard.firstIndex(of: "order \(bought.order.id) FILLED")!)
            #expect(web2.feedState == .live && web2.lastTick?.seq == 1)

            // A cancel goes the same way; its refusals come back as the desk's errors.
            let resting = try await web2.place(.limit(.buy, quantity: 1, price: Price(ticks: 9_000)), account: .owner)
            #expect(resting.order.status == .pending)
            let cancelled = try await web2.cancel(id: resting.order.id, account: .owner)
            #expect(cancelled.order.status == .cancelled)
            await #expect(throws: OrderError.notOpen(id: resting.order.id, status: .cancelled)) {
                try await web2.cancel(id: resting.order.id, account: .owner)
            }
            await #expect(throws: OrderError.notFound("999")) { try await web2.cancel(id: "999", account: .owner) }

            // A trailing stop's move: heard by web-2's screen as one message, its level read on web-2.
            let stop = try await web2.place(
                try OrderRequest(side: .sell, kind: .trailingStop(.amount(Price(ticks: 30))), quantity: 1), account: .owner)
            var higher = Ticks.make(2)
            higher.last = LastTrade(price: Price(ticks: 10_175), size: 100)
            await desk.handle(.tick(higher))
            for await update in screen {
                guard case .trail(let move) = update else { continue }
                #expect(move == TrailMove(account: .owner, side: .sell, reference: Price(ticks: 10_175)))
                break
            }
            #expect(try await web2.order(id: stop.order.id, account: .owner)?.order.stopPrice == Price(ticks: 10_145))
            // Nothing is left waiting in the inbox.
            #expect(try await cluster.inbox.take(by: "check") == [])
        }
    }

    @Test func whenTheDesksConnectionEndsAnotherInstanceTakesItWithTheBookAndNothingFillsTwice() async throws {
        try await Cluster.with(instances: ["web-1", "web-2"], leaders: ["web-1"]) { (cluster: Cluster) async throws in
            let first = try await cluster.deskHeld(by: "web-1")
            cluster.lead(cluster.instances[1])
            await first.handle(.state(.live))
            await first.handle(.tick(Ticks.make(1)))
            let web2 = cluster.instances[1].desk
            let resting = try await web2.place(.limit(.buy, quantity: 10, price: Price(ticks: 10_000)), account: .owner)
            #expect(resting.order.status == .pending)
            // A trailing sell 0.30 behind 101.25, moved by a new high to 101.75: its level is 101.45.
            let stop = try await web2.place(
                try OrderRequest(side: .sell, kind: .trailingStop(.amount(Price(ticks: 30))), quantity: 5), account: .owner)
            var higher = Ticks.make(2)
            higher.last = LastTrade(price: Price(ticks: 10_175), size: 100)
            await first.handle(.tick(higher))

            // web-1's connection to the server ends, as when its process is killed.
            try await cluster.database.execute(
                script: """
                    SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                    WHERE application_name = 'bourse desk: web-1' AND datname = current_database()
                    """)
            // Whichever instance takes it (web-1 itself may, its process being alive here).
            let second = try await cluster.newDesk(after: first)
            // Rebuilt from the database: the resting order fills once, at the new desk's first tick.
            await second.handle(.state(.live))
            await second.handle(.tick(Ticks.make(2, asks: [(9_990, 50)])))
            await second.handle(.tick(Ticks.make(3, asks: [(9_980, 50)])))
            let after = try #require(try await web2.order(id: resting.order.id, account: .owner))
            #expect(after.order.status == .filled && after.fills.map(\.quantity) == [10])
            #expect(after.fills.first?.price == Price(ticks: 9_990))
            // The new desk read the stop's moved level back: the last at 101.25 triggered it.
            let stopped = try #require(try await web2.order(id: stop.order.id, account: .owner))
            #expect(stopped.order.status == .filled && stopped.order.triggerPrice == Price(ticks: 10_125))

            // Orders keep their numbers across desks.
            let next = try await cluster.instances[0].desk.place(.market(.buy, quantity: 1), account: .owner)
            #expect(Int(next.order.id)! > Int(resting.order.id)!)
        }
    }

    @Test func anOrderPostedWhileNoDeskRunsIsTakenBackAnd503WithNothingWritten() async throws {
        try await Cluster.with(instances: ["web-1"], leaders: []) { (cluster: Cluster) async throws in
            var timing = ClusterDesk.Timing()
            timing.noDesk = .milliseconds(600)
            timing.poll = .milliseconds(100)
            let lonely = cluster.makeDesk("web-9", timing: timing)
            await #expect(throws: TradingError.noDesk) {
                try await lonely.place(.market(.buy, quantity: 1), account: .owner)
            }
            #expect(try await cluster.inbox.take(by: "check") == [])
            #expect(try await cluster.stores.orders.orders(account: .owner, limit: 10) == [])
        }
    }

    @Test func aPushQueuedOnAnyInstanceWakesTheDesksDeliverer() async throws {
        try await Cluster.with(instances: ["web-1"], leaders: []) { (cluster: Cluster) async throws in
            let woken = Mutex(0)
            let web1 = cluster.instances[0]
            let listening = ClusterDesk(
                instance: "web-2", link: web1.stores.desk!.link, inbox: web1.stores.desk!.inbox,
                store: web1.stores.orders, startingCash: nil, market: .open, logger: cluster.logger,
                onPushQueued: { woken.withLock { $0 += 1 } })
            let running = Task { try await listening.run() }
            defer { running.cancel() }
            // Until its LISTEN is up, a signal may pass it by: ask again until it is heard.
            for _ in 0..<100 where woken.withLock({ $0 }) == 0 {
                web1.desk.pushQueued()
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(woken.withLock { $0 } >= 1)
        }
    }

    @Test func anOrderPostedBeforeAnyDeskRunsIsMatchedWhenOneDoes() async throws {
        try await Cluster.with(instances: ["web-1"], leaders: []) { (cluster: Cluster) async throws in
            let web1 = cluster.instances[0]
            // A buy at the ask: kept while no desk runs, placed by the first desk, filled at its first tick.
            let placing = Task {
                try await web1.desk.place(.limit(.buy, quantity: 1, price: Price(ticks: 10_126)), account: .owner)
            }
            try await Task.sleep(for: .milliseconds(500))
            #expect(try await cluster.stores.orders.orders(account: .owner, limit: 5) == [])
            cluster.lead(web1)
            let desk = try await cluster.deskHeld(by: "web-1")
            await desk.handle(.state(.live))
            await desk.handle(.tick(Ticks.make(1)))
            let placed = try await placing.value
            let now = try #require(try await web1.desk.order(id: placed.order.id, account: .owner))
            #expect(now.order.status == .filled && now.fills.map(\.quantity) == [1])
        }
    }
}

/// Instances on one new PostgreSQL database, each a `ClusterDesk` with its services running, and
/// for each of `leaders` a `DeskLeadership` whose desk is a `TradingDesk` fed by the test.
final class Cluster: Sendable {
    struct Instance: Sendable {
        let name: String
        let desk: ClusterDesk
        let stores: DatabaseStores
    }

    let database: PostgreSQLDatabase
    let stores: DatabaseStores
    let inbox: any DeskInbox
    let instances: [Instance]
    /// The trading desk each instance made when it took the desk, newest last.
    let desks = Mutex<[(String, TradingDesk)]>([])
    let groups = Mutex<[ServiceGroup]>([])
    let logger = Logger(label: "cluster-test", factory: { _ in SwiftLogNoOpLogHandler() })

    private init(database: PostgreSQLDatabase, stores: DatabaseStores, instances: [Instance]) {
        self.database = database
        self.stores = stores
        inbox = stores.desk!.inbox
        self.instances = instances
    }

    static func with(
        instances names: [String], leaders: [String], _ body: (Cluster) async throws -> Void
    ) async throws {
        let url = try await TestPostgres.newDatabase()
        let database = try await PostgreSQLDatabase.open(url)
        let stores = DatabaseStores(postgres: database)
        var instances: [Instance] = []
        for name in names {
            let own = try await DatabaseStores.open(.postgres(url))
            var timing = ClusterDesk.Timing()
            timing.poll = .milliseconds(200)
            instances.append(Instance(name: name, desk: Self.desk(name, stores: own, timing: timing), stores: own))
        }
        let cluster = Cluster(database: database, stores: stores, instances: instances)
        for instance in instances {
            cluster.run([instance.desk, instance.desk.broadcaster])
            if leaders.contains(instance.name) { cluster.lead(instance) }
        }
        do {
            try await body(cluster)
        } catch {
            await cluster.stop()
            throw error
        }
        await cluster.stop()
    }

    static func desk(_ name: String, stores: DatabaseStores, timing: ClusterDesk.Timing) -> ClusterDesk {
        ClusterDesk(
            instance: name, link: stores.desk!.link, inbox: stores.desk!.inbox, store: stores.orders, startingCash: nil,
            market: .open, timing: timing, logger: Logger(label: name, factory: { _ in SwiftLogNoOpLogHandler() }))
    }

    /// A desk on the shared stores, not running its services (it only posts and waits).
    func makeDesk(_ name: String, timing: ClusterDesk.Timing) -> ClusterDesk {
        Self.desk(name, stores: stores, timing: timing)
    }

    /// Starts `instance`'s leadership: it takes the desk when it can.
    func lead(_ instance: Instance) {
        let link = PostgresDeskLink(database: database, retry: .milliseconds(100))
        run([
            DeskLeadership(instance: instance.name, link: link, logger: logger) { [self] in
                let desk = try await TradingDesk(store: instance.stores.orders, logger: logger)
                self.desks.withLock { $0.append((instance.name, desk)) }
                return [desk, desk.broadcaster] + instance.desk.services(holding: desk)
            }
        ])
    }

    /// The trading desk `name` made once it holds the desk.
    func deskHeld(by name: String) async throws -> TradingDesk {
        for _ in 0..<200 {
            if let desk = desks.withLock({ $0.last(where: { $0.0 == name })?.1 }),
                try await stores.desk!.link.deskHolder() == name
            {
                return desk
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw CancellationError()
    }

    /// The trading desk made by whichever instance took the desk after `previous`'s.
    func newDesk(after previous: TradingDesk) async throws -> TradingDesk {
        for _ in 0..<200 {
            if let (name, desk) = desks.withLock({ $0.last }), desk !== previous,
                try await stores.desk!.link.deskHolder() == name
            {
                return desk
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw CancellationError()
    }

    private func run(_ services: [any Service]) {
        let group = ServiceGroup(
            configuration: .init(services: services.map { .init(service: $0) }, logger: logger))
        groups.withLock { $0.append(group) }
        Task { try? await group.run() }
    }

    private func stop() async {
        for group in groups.withLock({ $0 }).reversed() { await group.triggerGracefulShutdown() }
        try? await Task.sleep(for: .milliseconds(300))
        for instance in instances { try? await instance.stores.close() }
        await database.close()
    }
}
