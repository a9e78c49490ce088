/// The last good answers to the sources' requests: the market-data cache and GNB's downloads, one table since v4.
enum SavedAnswerMigrations {
    /// Every answer from a market-data source, keyed by request without the API key.
    static let responseCache = Migration(
        name: "v1: response cache",
        sqlite: """
            CREATE TABLE response_cache (
                key TEXT PRIMARY KEY NOT NULL,
                body BLOB NOT NULL,
                fetched_at REAL NOT NULL,
                fresh_until REAL NOT NULL
            ) WITHOUT ROWID
            """,
        postgres: """
            CREATE TABLE response_cache (
                key TEXT PRIMARY KEY,
                body BYTEA NOT NULL,
                fetched_at DOUBLE PRECISION NOT NULL,
                fresh_until DOUBLE PRECISION NOT NULL
            )
            """
    )

    /// The last download of each GNB source that parsed cleanly, as the source sent it.
    static let gnbDownloads = Migration(
        name: "v2: GNB downloads",
        sqlite: """
            CREATE TABLE gnb_download (
                source TEXT PRIMARY KEY NOT NULL,
                body BLOB NOT NULL,
                format TEXT NOT NULL CHECK (format IN ('json', 'xml')),
                fetched_at REAL NOT NULL
            ) WITHOUT ROWID
            """,
        postgres: """
            CREATE TABLE gnb_download (
                source TEXT PRIMARY KEY,
                body BYTEA NOT NULL,
                format TEXT NOT NULL CHECK (format IN ('json', 'xml')),
                fetched_at DOUBLE PRECISION NOT NULL
            )
            """
    )

    /// The market-data cache (v1) and the GNB downloads (v2) were the same thing twice: the
    /// last good answer to a request. One table now, with the rows of both carried over.
    /// GNB's keys become `gnb:` and the source, so they can never meet a Polygon key (a
    /// path, starting with "/"); its format becomes a media type; and as GNB always asks
    /// the source first, its answers are fresh until the moment they were fetched.
    static let oneSavedAnswerTable = Migration(
        name: "v4: one saved-answer table",
        sqlite: """
            CREATE TABLE saved_answer (
                key TEXT PRIMARY KEY NOT NULL,
                body BLOB NOT NULL,
                media_type TEXT,
                fetched_at REAL NOT NULL,
                fresh_until REAL NOT NULL
            ) WITHOUT ROWID;
            INSERT INTO saved_answer (key, body, media_type, fetched_at, fresh_until)
                SELECT key, body, NULL, fetched_at, fresh_until FROM response_cache;
            INSERT INTO saved_answer (key, body, media_type, fetched_at, fresh_until)
                SELECT 'gnb:' || source, body,
                    CASE format WHEN 'json' THEN 'application/json' WHEN 'xml' THEN 'application/xml' END,
                    fetched_at, fetched_at
                FROM gnb_download;
            DROP TABLE response_cache;
            DROP TABLE gnb_download;
            """,
        postgres: """
            CREATE TABLE saved_answer (
                key TEXT PRIMARY KEY,
                body BYTEA NOT NULL,
                media_type TEXT,
                fetched_at DOUBLE PRECISION NOT NULL,
                fresh_until DOUBLE PRECISION NOT NULL
            );
            INSERT INTO saved_answer (key, body, media_type, fetched_at, fresh_until)
                SELECT key, body, NULL, fetched_at, fresh_until FROM response_cache;
            INSERT INTO saved_answer (key, body, media_type, fetched_at, fresh_until)
                SELECT 'gnb:' || source, body,
                    CASE format WHEN 'json' THEN 'application/json' WHEN 'xml' THEN 'application/xml' END,
                    fetched_at, fetched_at
                FROM gnb_download;
            DROP TABLE response_cache;
            DROP TABLE gnb_download
            """
    )
}
