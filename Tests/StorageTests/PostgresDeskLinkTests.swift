import BourseCore
import Foundation
import TestSupport
import Testing

@testable import Storage

/// SPEC §15: one desk at a time, by a session advisory lock on a connection of its own; signals
/// to every instance by LISTEN/NOTIFY; the inbox where orders wait for the desk.
@Suite("The desk's link and inbox on PostgreSQL", .hangLimit)
struct PostgresDeskLinkTests {
    @Test func oneInstanceHoldsTheDeskAndTheNextTakesItWhenItsConnectionEnds() async throws {
        let url = try await TestPostgres.newDatabase()
        let database = try await PostgreSQLDatabase.open(url)
        defer { Task { await database.close() } }
        let link = PostgresDeskLink(database: database, retry: .milliseconds(100))
        #expect(try await link.deskHolder() == nil)

        let first = try await link.acquireDesk(instance: "web-1")
        #expect(try await link.deskHolder() == "web-1")
        // The second waits while the first holds it.
        let second = Task { try await link.acquireDesk(instance: "web-2") }
        try await Task.sleep(for: .milliseconds(500))
        let holder = try await link.deskHolder()
        #expect(holder == "web-1")

        // The server ends the first's connection (as when its process dies): its lease is lost,
        // and the second has the desk within a few tries.
        try await database.execute(
            script: """
                SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                WHERE application_name = 'bourse desk: web-1' AND datname = current_database()
                """)
        await first.lost()
        let lease = try await second.value
        #expect(try await link.deskHolder() == "web-2")
        await lease.release()
        #expect(try await link.deskHolder() == nil)
    }

    @Test func signalsReachEveryListenerInOrderLongUpdatesToo() async throws {
        let url = try await TestPostgres.newDatabase()
        let database = try await PostgreSQLDatabase.open(url)
        defer { Task { await database.close() } }
        let link = PostgresDeskLink(database: database)
        let long = String(repeating: "é", count: 6_000)  // 12,000 bytes: more than a notification holds
        let sent: [DeskSignal] = [
            .inbox, .update("{\"kind\":\"tick\"}"), .answered(DeskTicket("t-1")), .update(long), .pushQueued,
        ]

        let heard = try await withThrowingTaskGroup(of: [DeskSignal].self) { group in
            for _ in 0..<2 {
                let signals = link.signals()
                group.addTask {
                    var heard: [DeskSignal] = []
                    for try await signal in signals {
                        heard.append(signal)
                        if heard.count == sent.count { break }
                    }
                    return heard
                }
            }
            // The listeners connect on their own tasks: signals go until both have heard one.
            try await Task.sleep(for: .milliseconds(500))
            for signal in sent { try await link.send(signal) }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(heard == [sent, sent])
    }

    @Test func anOrderPostedIsTakenOnceAnsweredWithItsCommitAndForgotten() async throws {
        try await TestDatabase.with(.postgres) { database in
            let (link, inbox) = try #require(database.stores.desk)
            let request = try OrderRequest.limit(.buy, quantity: 5, price: Price(ticks: 10_000))
            let place = PostedRequest(ticket: .make(), account: .owner, request: .place(request))
            let cancel = PostedRequest(ticket: .make(), account: .owner, request: .cancel(orderID: "9"))
            let signals = link.signals()
            var heard = signals.makeAsyncIterator()
            try await Task.sleep(for: .milliseconds(300))

            try await inbox.post(place, by: "web-2")
            try await inbox.post(cancel, by: "web-3")
            #expect(try await heard.next() == .inbox)
            #expect(try await heard.next() == .inbox)
            #expect(try await inbox.answer(place.ticket) == nil)

            // Taken in the order posted, the request read back as it was; not again by the same
            // desk, but by the next (this one died) until answered.
            #expect(try await inbox.take(by: "web-1 a") == [place, cancel])
            #expect(try await inbox.take(by: "web-1 a") == [])
            #expect(try await inbox.take(by: "web-1 b") == [place, cancel])
            // A request a desk took cannot be taken back.
            #expect(try await inbox.withdraw(place.ticket) == false)

            // The commit that stores the order answers it, and tells its poster.
            let order = Order(id: "1", account: .owner, request: request, createdAt: Date(timeIntervalSince1970: 1_763_820_000))
            try await database.stores.orders.save(orders: [order], fills: [], trailMoves: [], answering: [place.ticket: "1"])
            #expect(try await heard.next() == .answered(place.ticket))
            #expect(try await inbox.answer(place.ticket) == .order(id: "1"))
            try await inbox.refuse(cancel.ticket, .notOpen(orderID: "9", status: .filled))
            #expect(try await heard.next() == .answered(cancel.ticket))
            #expect(try await inbox.answer(cancel.ticket) == .refused(.notOpen(orderID: "9", status: .filled)))
            #expect(try await inbox.take(by: "web-1 c") == [])

            try await inbox.forget(place.ticket)
            #expect(try await inbox.answer(place.ticket) == nil)
        }
    }

    @Test func aRequestNoDeskTookIsWithdrawnWholeAndAReleasedOneIsTakenAgain() async throws {
        try await TestDatabase.with(.postgres) { database in
            let (_, inbox) = try #require(database.stores.desk)
            let posted = PostedRequest(
                ticket: .make(), account: .owner, request: .place(try .market(.sell, quantity: 1)))
            try await inbox.post(posted, by: "web-2")
            #expect(try await inbox.withdraw(posted.ticket))
            #expect(try await inbox.take(by: "web-1") == [])
            #expect(try await inbox.withdraw(posted.ticket) == false)

            let again = PostedRequest(ticket: .make(), account: .owner, request: .cancel(orderID: "3"))
            try await inbox.post(again, by: "web-2")
            #expect(try await inbox.take(by: "web-1") == [again])
            try await inbox.release(again.ticket)
            // Released: a desk may take it, or its poster take it back.
            #expect(try await inbox.withdraw(again.ticket))
        }
    }
}
