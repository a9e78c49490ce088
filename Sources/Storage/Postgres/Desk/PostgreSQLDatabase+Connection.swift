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

    private static func connectionTLS(_ mode: DatabaseURL.TLSMode) throws -> PostgresConnection.Configuration.TLS {
        switch mode {
        case .disable: return .disable
        case .prefer: return .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
        case .require: return .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
        }
    }
}
