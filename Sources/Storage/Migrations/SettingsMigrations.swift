/// The server's settings.
enum SettingsMigrations {
    /// SPEC.md §14: the owner's settings for everyone (whether members see the
    /// leaderboard), one row a setting once it is changed; no row is its default.
    static let serverSettings = Migration(
        name: "v13: server settings",
        sqlite: """
            CREATE TABLE server_setting (
                key TEXT PRIMARY KEY NOT NULL,
                value TEXT NOT NULL
            ) WITHOUT ROWID;
            """,
        postgres: """
            CREATE TABLE server_setting (
                key TEXT PRIMARY KEY,
                value TEXT NOT NULL
            )
            """
    )
}
