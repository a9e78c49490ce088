import Bootstrap
import BourseCore
import Foundation
import Storage
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// SPEC §15: `bourse serve` with `--database-url` keeps everything in PostgreSQL, and the
/// commands read the same database; a URL that does not read is a clear exit 64.
@Suite("Serving on PostgreSQL")
struct ServeOnPostgreSQLTests {
    @Test func aURLWinsOverTheFileAndABadOneIsExit64WithoutItsPassword() throws {
        #expect(try DatabaseOption.location(path: "b.sqlite", url: nil, environment: [:]) == .sqlite(path: "b.sqlite"))
        let fromEnvironment = try DatabaseOption.location(
            path: "b.sqlite", url: nil, environment: ["BOURSE_DATABASE_URL": "postgres://a:pw@db/bourse"])
        #expect(fromEnvironment == .postgres(try DatabaseURL("postgres://a:pw@db/bourse")))
        let given = try DatabaseOption.location(
            path: "b.sqlite", url: "postgres://a:pw@other/bourse",
            environment: ["BOURSE_DATABASE_URL": "postgres://a:pw@db/bourse"])
        #expect(given == .postgres(try DatabaseURL("postgres://a:pw@other/bourse")))
        #expect {
            try DatabaseOption.location(path: "b.sqlite", url: "mysql://a:hunter2@db/bourse", environment: [:])
        } throws: { error in
            guard let failure = error as? CommandFailure else { return false }
            return failure.exitCode == 64 && failure.message.hasPrefix("--database-url: ")
                && !failure.message.contains("hunter2")
        }
    }

    @Test func theServerKeepsOrdersAndTheWatchlistInPostgreSQLAndTheCommandsSeeThem() async throws {
        let text = try await TestPostgres.newDatabaseText()
        let url = try DatabaseURL(text)
        let port = try FreePort.next()
        // The built command itself (as an operator runs it), stopped with SIGTERM as a service manager does.
        let server = Process()
        server.executableURL = Self.bourse
        server.arguments = ["serve", "--port", "\(port)", "--database-url", text]
        server.environment = ["LOG_LEVEL": "error", "BOURSE_CLOCK": "2026-11-24T15:35:00Z", "PATH": "/usr/bin:/bin"]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer {
            server.terminate()
            server.waitUntilExit()
        }
        let base = "http://127.0.0.1:\(port)"
        try await Self.waitUntilAnswering("\(base)/api/v1/health")

        let (_, watched) = try await Self.send("POST", "\(base)/api/v1/watchlist/AAPL")
        #expect(watched.statusCode == 201)
        let (body, placed) = try await Self.send(
            "POST", "\(base)/api/v1/orders", json: #"{"side":"buy","type":"limit","quantity":5,"price":"1.00"}"#)
        #expect(placed.statusCode == 201, "\(String(decoding: body, as: UTF8.self))")

        // Straight from the database, as another instance or a command sees it.
        let stores = try await DatabaseStores.open(.postgres(url))
        #expect(try await stores.watchlists.symbols(of: .owner) == ["AAPL"])
        let open = try await stores.orders.openOrders(account: .owner)
        #expect(open.map(\.quantity) == [5] && open.first?.limitPrice == Price(ticks: 100))
        try await stores.close()
        let listed = try await OrdersReport.run(database: .postgres(url), status: "open", limit: 10, json: false).get()
        #expect(listed.contains("1.00"))
        let symbols = try await WatchlistReport.run(database: .postgres(url), action: .list, json: false).get()
        #expect(symbols == "AAPL")
    }

    @Test func aCommandOnAnUnreachableDatabaseIsExit2WithoutThePassword() async throws {
        let url = try DatabaseURL("postgres://bourse:hunter2@127.0.0.1:\(try FreePort.next())/bourse?sslmode=disable")
        let result = await OrdersReport.run(database: .postgres(url), status: "all", limit: 10, json: false)
        guard case .failure(let failure) = result else {
            Issue.record("a database that cannot be reached was read: \(result)")
            return
        }
        #expect(failure.exitCode == 2)
        #expect(failure.message.contains("postgres://bourse:***@127.0.0.1") && !failure.message.contains("hunter2"))
    }

    /// `bourse`, as `swift build` leaves it beside the tests.
    static let bourse = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/debug/bourse")

    static func send(_ method: String, _ url: String, json: String? = nil) async throws -> (Data, HTTPURLResponse) {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = method
        if let json {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(json.utf8)
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        return (data, response as! HTTPURLResponse)
    }

    /// Polls `url` until it answers 200 (the server has migrated and listens), for up to a minute.
    static func waitUntilAnswering(_ url: String) async throws {
        for _ in 0..<600 {
            if let (_, response) = try? await send("GET", url), response.statusCode == 200 { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw CancellationError()
    }
}

/// `bourse database copy --from FILE --to URL`.
@Suite("Copying a database, from the command line")
struct DatabaseCopyCommandTests {
    @Test func aFileIsCopiedAndCheckedAndBadArgumentsAreExit64() async throws {
        let file = try TemporaryDatabase()
        try await DatabaseOrderStore(database: file.database).save(
            orders: [
                Order(id: "1", request: try .market(.buy, quantity: 3), createdAt: Date(timeIntervalSince1970: 1_763_820_000))
            ], fills: [])
        let url = try await TestPostgres.newDatabaseText()

        let copied = try await DatabaseAdmin.copy(from: file.path, to: url).get()
        #expect(copied.contains("exchange_order") && copied.contains("and checked them row by row"))
        #expect(!copied.contains(TestPostgres.adminPassword + "@"))
        let stores = try await DatabaseStores.open(.postgres(try DatabaseURL(url)))
        #expect(try await stores.orders.orders(account: .owner, limit: 5).map(\.id) == ["1"])
        try await stores.close()

        let again = await DatabaseAdmin.copy(from: file.path, to: url)
        #expect(again.failure?.exitCode == 2 && again.failure?.message.contains("already holds data") == true)
        #expect(await DatabaseAdmin.copy(from: file.path, to: "mysql://x@y/z").failure?.exitCode == 64)
        #expect(await DatabaseAdmin.copy(from: file.path + ".missing", to: url).failure?.exitCode == 64)
    }
}
