import Logging
internal import NIOSSL
internal import PostgresNIO

extension PostgreSQLDatabase {
    /// A connection of its own, outside the pool, named `applicationName` in
    /// `pg_stat_activity` (the desk's lock and the signals' LISTEN live on such connections:
    /// what they hold ends with them). Close it when done.
    func dedicatedConnection(applicationName: String) async throws -> PostgresConnection {
        var configuration = PostgresConnection.Configuration(
            host: url.host, port: url.port, username: url.user, password: url.password, database: url.database,
            tls: try Self.connectionTLS(url.tls))
        configuration.options.connectTimeout = .seconds(5)
        configuration.options.additionalStartupParameters = [("application_name", applicationName)]
        return try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
    }

    /// One transaction without the write lock that commits without waiting for the server's
    /// disk (`synchronous_commit = off`): for what nothing is acknowledged on (the desk's inbox,
    /// its signals); rolled back when `body` throws.
    func transactionWithoutDiskWait<T: Sendable>(
        _ operation: String, _ body: (PostgresConnection) async throws -> T
    ) async throws(StorageError) -> T {
        let logger = logger
        return try await attempt(operation) {
            try await client.withTransaction(logger: logger) { connection in
                try await connection.query("SET LOCAL synchronous_commit TO OFF", logger: logger)
                return try await body(connection)
            }
        }
    }

    private static func connectionTLS(_ mode: DatabaseURL.TLSMode) throws -> PostgresConnection.Configuration.TLS {
        switch mode {
        case .disable: return .disable
        case .prefer: return .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
        case .require: return .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
        }
    }
}
