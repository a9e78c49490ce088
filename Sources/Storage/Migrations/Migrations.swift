internal import GRDB

/// Every schema change, in order, grouped in files by what they store.
enum Migrations {
    static let all: [Migration] = [
        SourceMigrations.responseCache,
        SourceMigrations.gnbDownloads,
        ExchangeMigrations.ordersAndFills,
        SourceMigrations.oneSavedAnswerTable,
        AccountMigrations.ownerSessionsAndTokens,
        PersonalDataMigrations.watchlist,
        ExchangeMigrations.orderKinds,
        PersonalDataMigrations.priceAlerts,
        PersonalDataMigrations.noticesAndPush,
        AccountMigrations.accountsAndInvitations,
        PersonalDataMigrations.personalDataPerAccount,
        ExchangeMigrations.ordersPerAccount,
        SettingsMigrations.serverSettings,
        SourceMigrations.sourceSends,
        ExchangeMigrations.deskInbox,
        SourceMigrations.sendRequests,
        ExchangeMigrations.trailMoves,
    ]

    /// Registers every change with GRDB, for SQLite.
    static func register(in migrator: inout DatabaseMigrator) {
        for migration in all {
            migrator.registerMigration(migration.name) { db in
                try db.execute(sql: migration.sqlite)
            }
        }
    }
}
