import BourseCore
import Logging

/// Every store of one database, opened together: what the app and the commands ask of storage,
/// whichever database it is. `close()` once nothing writes any more.
public struct DatabaseStores: Sendable {
    public let location: DatabaseLocation
    public let answers: any AnswerStore
    public let orders: any OrderStore
    public let accounts: any AccountStore
    public let alerts: any AlertStore
    public let notifications: any NotificationStore
    public let watchlists: any WatchlistStore
    public let settings: any ServerSettingStore
    /// The sends to the rate-limited sources, counted for every instance on the database.
    public let sends: any SendLedger
    /// The desk's lock, signals and inbox, shared by several instances (SPEC §15): PostgreSQL's
    /// only; nil on SQLite, where one instance runs the desk itself.
    public let desk: (link: any DeskLink, inbox: any DeskInbox)?
    private let closeDatabase: @Sendable () async throws(StorageError) -> Void

    /// The stores of a SQLite database.
    public init(sqlite database: BourseDatabase) {
        location = .sqlite(path: database.path ?? ":memory:")
        answers = DatabaseAnswerStore(database: database)
        orders = DatabaseOrderStore(database: database)
        accounts = DatabaseAccountStore(database: database)
        alerts = DatabaseAlertStore(database: database)
        notifications = DatabaseNotificationStore(database: database)
        watchlists = DatabaseWatchlistStore(database: database)
        settings = DatabaseServerSettingStore(database: database)
        sends = DatabaseSendLedger(database: database)
        desk = nil
        closeDatabase = { () throws(StorageError) in try database.close() }
    }

    /// The stores of a PostgreSQL database.
    public init(postgres database: PostgreSQLDatabase) {
        location = .postgres(database.url)
        answers = PostgresAnswerStore(database: database)
        orders = PostgresOrderStore(database: database)
        accounts = PostgresAccountStore(database: database)
        alerts = PostgresAlertStore(database: database)
        notifications = PostgresNotificationStore(database: database)
        watchlists = PostgresWatchlistStore(database: database)
        settings = PostgresServerSettingStore(database: database)
        sends = PostgresSendLedger(database: database)
        desk = (PostgresDeskLink(database: database), PostgresDeskInbox(database: database))
        closeDatabase = { await database.close() }
    }

    /// Opens (a SQLite file is made when missing) and migrates the database at `location`.
    public static func open(_ location: DatabaseLocation, logger: Logger? = nil) async throws(StorageError) -> DatabaseStores {
        switch location {
        case .sqlite(let path): return DatabaseStores(sqlite: try BourseDatabase(path: path))
        case .postgres(let url): return DatabaseStores(postgres: try await PostgreSQLDatabase.open(url, logger: logger))
        }
    }

    /// Closes the database once everything written is committed; any use after it fails.
    public func close() async throws(StorageError) {
        try await closeDatabase()
    }
}
