internal import GRDB

/// Every schema change, in order.
enum Migrations {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v1: response cache") { db in
            // Every answer from a market-data source, keyed by request without the API key.
            try db.execute(
                sql: """
                    CREATE TABLE response_cache (
                        key TEXT PRIMARY KEY NOT NULL,
                        body BLOB NOT NULL,
                        fetched_at REAL NOT NULL,
                        fresh_until REAL NOT NULL
                    ) WITHOUT ROWID
                    """)
        }
        migrator.registerMigration("v2: GNB downloads") { db in
            // The last download of each GNB source that parsed cleanly, as the source sent it.
            try db.execute(
                sql: """
                    CREATE TABLE gnb_download (
                        source TEXT PRIMARY KEY NOT NULL,
                        body BLOB NOT NULL,
                        format TEXT NOT NULL CHECK (format IN ('json', 'xml')),
                        fetched_at REAL NOT NULL
                    ) WITHOUT ROWID
                    """)
        }
        migrator.registerMigration("v3: exchange orders and fills") { db in
            // Every order the user placed and every fill, written before the user is told of it.
            // Prices are whole ticks of 0.01 (exact); times are Unix seconds.
            try db.execute(
                sql: """
                    CREATE TABLE exchange_order (
                        row INTEGER PRIMARY KEY,  -- the order the orders were placed in
                        id TEXT NOT NULL UNIQUE,
                        side TEXT NOT NULL CHECK (side IN ('buy', 'sell')),
                        type TEXT NOT NULL CHECK (type IN ('market', 'limit')),
                        quantity INTEGER NOT NULL CHECK (quantity > 0),
                        limit_ticks INTEGER CHECK (limit_ticks > 0),
                        created_at REAL NOT NULL,
                        status TEXT NOT NULL
                            CHECK (status IN ('PENDING', 'PARTIALLY_FILLED', 'FILLED', 'CANCELLED', 'REJECTED')),
                        filled_quantity INTEGER NOT NULL CHECK (filled_quantity BETWEEN 0 AND quantity),
                        filled_ticks INTEGER NOT NULL,
                        reason TEXT,
                        updated_at REAL NOT NULL
                    );
                    CREATE INDEX exchange_order_open ON exchange_order (status)
                        WHERE status IN ('PENDING', 'PARTIALLY_FILLED');
                    CREATE TABLE exchange_fill (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        order_id TEXT NOT NULL REFERENCES exchange_order (id),
                        seq INTEGER NOT NULL,
                        time REAL NOT NULL,
                        side TEXT NOT NULL CHECK (side IN ('buy', 'sell')),
                        price_ticks INTEGER NOT NULL CHECK (price_ticks > 0),
                        quantity INTEGER NOT NULL CHECK (quantity > 0)
                    );
                    CREATE INDEX exchange_fill_order ON exchange_fill (order_id, id);
                    """)
        }
        migrator.registerMigration("v4: one saved-answer table") { db in
            // The market-data cache (v1) and the GNB downloads (v2) were the same thing twice: the
            // last good answer to a request. One table now, with the rows of both carried over.
            // GNB's keys become `gnb:` and the source, so they can never meet a Polygon key (a
            // path, starting with "/"); its format becomes a media type; and as GNB always asks
            // the source first, its answers are fresh until the moment they were fetched.
            try db.execute(
                sql: """
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
                    """)
        }
        migrator.registerMigration("v5: the owner, sessions and API tokens") { db in
            // Secrets are stored as hashes: bcrypt for the password, SHA-256 for the session
            // cookies and tokens (random 256-bit values, so a fast hash is enough).
            try db.execute(
                sql: """
                    CREATE TABLE owner_account (
                        id INTEGER PRIMARY KEY CHECK (id = 1),
                        name TEXT NOT NULL,
                        password_hash TEXT NOT NULL,
                        changed_at REAL NOT NULL
                    );
                    CREATE TABLE session (
                        id_hash TEXT PRIMARY KEY NOT NULL,
                        created_at REAL NOT NULL,
                        last_seen_at REAL NOT NULL
                    ) WITHOUT ROWID;
                    CREATE TABLE api_token (
                        name TEXT PRIMARY KEY NOT NULL,
                        token_hash TEXT NOT NULL UNIQUE,
                        created_at REAL NOT NULL,
                        last_used_at REAL
                    );
                    """)
        }
        migrator.registerMigration("v6: the user's list of stocks") { db in
            try db.execute(
                sql: """
                    CREATE TABLE watchlist (
                        symbol TEXT PRIMARY KEY NOT NULL,
                        position INTEGER NOT NULL
                    ) WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration("v7: orders beyond market and limit") { db in
            // SPEC.md §10: stop, stop-limit and trailing stop orders, time in force, brackets and
            // their exits, and EXPIRED. SQLite cannot change a CHECK, so the table is rebuilt and
            // every order kept as it was (a market order was immediate-or-cancel, a limit good till
            // cancelled); the fills refer to orders by id and stay as they are.
            try db.execute(
                sql: """
                    CREATE TABLE exchange_order_v7 (
                        row INTEGER PRIMARY KEY,  -- the order the orders were placed in
                        id TEXT NOT NULL UNIQUE,
                        side TEXT NOT NULL CHECK (side IN ('buy', 'sell')),
                        type TEXT NOT NULL CHECK (type IN ('market', 'limit', 'stop', 'stop_limit', 'trailing_stop')),
                        -- A bracket's exit shrinks as the other exit fills, to what it filled itself.
                        quantity INTEGER NOT NULL CHECK (quantity >= 0),
                        limit_ticks INTEGER CHECK (limit_ticks > 0),
                        stop_ticks INTEGER CHECK (stop_ticks > 0),
                        trail_ticks INTEGER CHECK (trail_ticks > 0),
                        trail_percent TEXT,  -- an exact decimal, as written
                        time_in_force TEXT NOT NULL CHECK (time_in_force IN ('gtc', 'day', 'ioc', 'fok')),
                        take_profit_ticks INTEGER CHECK (take_profit_ticks > 0),
                        stop_loss_ticks INTEGER CHECK (stop_loss_ticks > 0),
                        parent_id TEXT,  -- the entry of a bracket's exit
                        triggered INTEGER NOT NULL CHECK (triggered IN (0, 1)),
                        trigger_ticks INTEGER,  -- the last price that triggered a stop
                        trail_reference_ticks INTEGER,  -- a trailing stop's lowest or highest last
                        created_at REAL NOT NULL,
                        status TEXT NOT NULL CHECK (
                            status IN ('PENDING', 'PARTIALLY_FILLED', 'FILLED', 'CANCELLED', 'REJECTED', 'EXPIRED')),
                        filled_quantity INTEGER NOT NULL CHECK (filled_quantity BETWEEN 0 AND quantity),
                        filled_ticks INTEGER NOT NULL,
                        reason TEXT,
                        updated_at REAL NOT NULL
                    );
                    INSERT INTO exchange_order_v7 (row, id, side, type, quantity, limit_ticks, time_in_force, triggered,
                            created_at, status, filled_quantity, filled_ticks, reason, updated_at)
                        SELECT row, id, side, type, quantity, limit_ticks,
                            CASE type WHEN 'market' THEN 'ioc' ELSE 'gtc' END, 1,
                            created_at, status, filled_quantity, filled_ticks, reason, updated_at
                        FROM exchange_order;
                    DROP TABLE exchange_order;
                    ALTER TABLE exchange_order_v7 RENAME TO exchange_order;
                    CREATE INDEX exchange_order_open ON exchange_order (status)
                        WHERE status IN ('PENDING', 'PARTIALLY_FILLED');
                    """)
        }
        migrator.registerMigration("v8: price alerts") { db in
            // SPEC.md §11. AUTOINCREMENT: an id is never used twice, even after its alert is removed.
            try db.execute(
                sql: """
                    CREATE TABLE price_alert (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        symbol TEXT NOT NULL,
                        kind TEXT NOT NULL CHECK (kind IN ('above', 'below', 'movePercent')),
                        value TEXT NOT NULL,  -- an exact decimal, as written
                        status TEXT NOT NULL CHECK (status IN ('armed', 'fired')),
                        created_at REAL NOT NULL,
                        fired_at REAL,
                        fired_price TEXT,
                        fired_change_percent TEXT
                    );
                    """)
        }
        migrator.registerMigration("v9: notices and web push") { db in
            // SPEC.md §11. The VAPID key is made once (one row); a subscription per device; the
            // notices the bell lists; the push queue, one row per notice and device, deleted with
            // either (a subscription gone deletes what was queued for it).
            try db.execute(
                sql: """
                    CREATE TABLE push_key (
                        id INTEGER PRIMARY KEY CHECK (id = 1),
                        private_key TEXT NOT NULL  -- the P-256 scalar, base64url
                    );
                    CREATE TABLE push_subscription (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        endpoint TEXT NOT NULL UNIQUE,
                        p256dh TEXT NOT NULL,
                        auth TEXT NOT NULL,
                        created_at REAL NOT NULL
                    );
                    CREATE TABLE push_setting (
                        kind TEXT PRIMARY KEY CHECK (kind IN ('alert', 'fill', 'order')),
                        enabled INTEGER NOT NULL CHECK (enabled IN (0, 1))
                    );
                    CREATE TABLE notice (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        kind TEXT NOT NULL CHECK (kind IN ('alert', 'fill', 'order')),
                        title TEXT NOT NULL,
                        body TEXT NOT NULL,
                        url TEXT NOT NULL,
                        tag TEXT NOT NULL,
                        created_at REAL NOT NULL,
                        seen INTEGER NOT NULL DEFAULT 0 CHECK (seen IN (0, 1))
                    );
                    CREATE TABLE push_delivery (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        notice_id INTEGER NOT NULL REFERENCES notice(id) ON DELETE CASCADE,
                        subscription_id INTEGER NOT NULL REFERENCES push_subscription(id) ON DELETE CASCADE,
                        attempts INTEGER NOT NULL DEFAULT 0,
                        due_at REAL NOT NULL
                    );
                    CREATE INDEX push_delivery_due ON push_delivery(due_at);
                    CREATE INDEX push_delivery_subscription ON push_delivery(subscription_id);
                    CREATE INDEX push_delivery_notice ON push_delivery(notice_id);
                    """)
        }
        migrator.registerMigration("v10: accounts and invitations") { db in
            // SPEC.md §14. The owner's account is number 1 and always there (no password: sign-in
            // is off); the sessions and tokens of before are the owner's. A session or token goes
            // with its account. Names are unique without regard to case.
            try db.execute(
                sql: """
                    CREATE TABLE account (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        name TEXT NOT NULL UNIQUE COLLATE NOCASE,
                        role TEXT NOT NULL CHECK (role IN ('owner', 'member', 'viewer')),
                        password_hash TEXT,
                        created_at REAL NOT NULL,
                        changed_at REAL NOT NULL,
                        CHECK ((id = 1) = (role = 'owner')),
                        CHECK (id = 1 OR password_hash IS NOT NULL)
                    );
                    INSERT INTO account (id, name, role, password_hash, created_at, changed_at)
                        SELECT 1, name, 'owner', password_hash, changed_at, changed_at FROM owner_account;
                    INSERT OR IGNORE INTO account (id, name, role, password_hash, created_at, changed_at)
                        VALUES (1, 'owner', 'owner', NULL, 0, 0);
                    DROP TABLE owner_account;
                    CREATE TABLE invitation (
                        token_hash TEXT PRIMARY KEY NOT NULL,
                        name TEXT NOT NULL UNIQUE COLLATE NOCASE,
                        role TEXT NOT NULL CHECK (role IN ('member', 'viewer')),
                        created_at REAL NOT NULL,
                        expires_at REAL NOT NULL
                    ) WITHOUT ROWID;
                    CREATE TABLE session_v10 (
                        id_hash TEXT PRIMARY KEY NOT NULL,
                        account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                        created_at REAL NOT NULL,
                        last_seen_at REAL NOT NULL
                    ) WITHOUT ROWID;
                    INSERT INTO session_v10 SELECT id_hash, 1, created_at, last_seen_at FROM session;
                    DROP TABLE session;
                    ALTER TABLE session_v10 RENAME TO session;
                    CREATE INDEX session_account ON session(account_id);
                    CREATE TABLE api_token_v10 (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                        name TEXT NOT NULL,
                        token_hash TEXT NOT NULL UNIQUE,
                        created_at REAL NOT NULL,
                        last_used_at REAL,
                        UNIQUE (account_id, name)
                    );
                    INSERT INTO api_token_v10 (account_id, name, token_hash, created_at, last_used_at)
                        SELECT 1, name, token_hash, created_at, last_used_at FROM api_token ORDER BY created_at, name;
                    DROP TABLE api_token;
                    ALTER TABLE api_token_v10 RENAME TO api_token;
                    """)
        }
        migrator.registerMigration("v11: each account's watchlist, alerts and notices") { db in
            // SPEC.md §14: personal data is personal. Every row of before is the owner's (account 1)
            // and goes with its account. SQLite cannot add a column with a REFERENCES clause and a
            // default, so each table is rebuilt with every row and id kept; an AUTOINCREMENT table
            // keeps its highest id ever used too (`sqlite_sequence`), so a removed alert's or
            // notice's id is never used again. `push_delivery` refers to `notice` and
            // `push_subscription` by name and keeps its rows: the migration runs with foreign keys
            // off, and the new tables take the old names.
            //
            // A device's endpoint stays unique across accounts: a browser that two people use in
            // turn belongs to the last one who allowed notifications on it (`subscribe`).
            try db.execute(
                sql: """
                    CREATE TABLE watchlist_v11 (
                        account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                        symbol TEXT NOT NULL,
                        position INTEGER NOT NULL,
                        PRIMARY KEY (account_id, symbol)
                    ) WITHOUT ROWID;
                    INSERT INTO watchlist_v11 (account_id, symbol, position) SELECT 1, symbol, position FROM watchlist;
                    DROP TABLE watchlist;
                    ALTER TABLE watchlist_v11 RENAME TO watchlist;

                    CREATE TABLE price_alert_v11 (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                        symbol TEXT NOT NULL,
                        kind TEXT NOT NULL CHECK (kind IN ('above', 'below', 'movePercent')),
                        value TEXT NOT NULL,  -- an exact decimal, as written
                        status TEXT NOT NULL CHECK (status IN ('armed', 'fired')),
                        created_at REAL NOT NULL,
                        fired_at REAL,
                        fired_price TEXT,
                        fired_change_percent TEXT
                    );
                    INSERT INTO price_alert_v11 (id, account_id, symbol, kind, value, status, created_at, fired_at,
                            fired_price, fired_change_percent)
                        SELECT id, 1, symbol, kind, value, status, created_at, fired_at, fired_price, fired_change_percent
                        FROM price_alert ORDER BY id;
                    DELETE FROM sqlite_sequence WHERE name = 'price_alert_v11';
                    INSERT INTO sqlite_sequence (name, seq)
                        SELECT 'price_alert_v11', seq FROM sqlite_sequence WHERE name = 'price_alert';
                    DROP TABLE price_alert;
                    ALTER TABLE price_alert_v11 RENAME TO price_alert;
                    CREATE INDEX price_alert_account ON price_alert(account_id, id);

                    CREATE TABLE push_subscription_v11 (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                        endpoint TEXT NOT NULL UNIQUE,
                        p256dh TEXT NOT NULL,
                        auth TEXT NOT NULL,
                        created_at REAL NOT NULL
                    );
                    INSERT INTO push_subscription_v11 (id, account_id, endpoint, p256dh, auth, created_at)
                        SELECT id, 1, endpoint, p256dh, auth, created_at FROM push_subscription ORDER BY id;
                    DELETE FROM sqlite_sequence WHERE name = 'push_subscription_v11';
                    INSERT INTO sqlite_sequence (name, seq)
                        SELECT 'push_subscription_v11', seq FROM sqlite_sequence WHERE name = 'push_subscription';
                    DROP TABLE push_subscription;
                    ALTER TABLE push_subscription_v11 RENAME TO push_subscription;
                    CREATE INDEX push_subscription_account ON push_subscription(account_id, id);

                    CREATE TABLE push_setting_v11 (
                        account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                        kind TEXT NOT NULL CHECK (kind IN ('alert', 'fill', 'order')),
                        enabled INTEGER NOT NULL CHECK (enabled IN (0, 1)),
                        PRIMARY KEY (account_id, kind)
                    ) WITHOUT ROWID;
                    INSERT INTO push_setting_v11 (account_id, kind, enabled) SELECT 1, kind, enabled FROM push_setting;
                    DROP TABLE push_setting;
                    ALTER TABLE push_setting_v11 RENAME TO push_setting;

                    CREATE TABLE notice_v11 (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                        kind TEXT NOT NULL CHECK (kind IN ('alert', 'fill', 'order')),
                        title TEXT NOT NULL,
                        body TEXT NOT NULL,
                        url TEXT NOT NULL,
                        tag TEXT NOT NULL,
                        created_at REAL NOT NULL,
                        seen INTEGER NOT NULL DEFAULT 0 CHECK (seen IN (0, 1))
                    );
                    INSERT INTO notice_v11 (id, account_id, kind, title, body, url, tag, created_at, seen)
                        SELECT id, 1, kind, title, body, url, tag, created_at, seen FROM notice ORDER BY id;
                    DELETE FROM sqlite_sequence WHERE name = 'notice_v11';
                    INSERT INTO sqlite_sequence (name, seq) SELECT 'notice_v11', seq FROM sqlite_sequence WHERE name = 'notice';
                    DROP TABLE notice;
                    ALTER TABLE notice_v11 RENAME TO notice;
                    CREATE INDEX notice_account ON notice(account_id, id);
                    """)
        }
        migrator.registerMigration("v12: each account's orders and fills") { db in
            // SPEC.md §14: orders, fills and positions belong to one account. Every order of before
            // is the owner's. The order table is rebuilt (SQLite cannot add a column with a
            // REFERENCES clause and a default) with every row kept, its placement order too; the
            // fills are rebuilt so that they go with their order, as the order goes with its
            // account: removing a person deletes their orders and fills.
            try db.execute(
                sql: """
                    CREATE TABLE exchange_order_v12 (
                        row INTEGER PRIMARY KEY,  -- the order the orders were placed in
                        id TEXT NOT NULL UNIQUE,
                        account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                        side TEXT NOT NULL CHECK (side IN ('buy', 'sell')),
                        type TEXT NOT NULL CHECK (type IN ('market', 'limit', 'stop', 'stop_limit', 'trailing_stop')),
                        -- A bracket's exit shrinks as the other exit fills, to what it filled itself.
                        quantity INTEGER NOT NULL CHECK (quantity >= 0),
                        limit_ticks INTEGER CHECK (limit_ticks > 0),
                        stop_ticks INTEGER CHECK (stop_ticks > 0),
                        trail_ticks INTEGER CHECK (trail_ticks > 0),
                        trail_percent TEXT,  -- an exact decimal, as written
                        time_in_force TEXT NOT NULL CHECK (time_in_force IN ('gtc', 'day', 'ioc', 'fok')),
                        take_profit_ticks INTEGER CHECK (take_profit_ticks > 0),
                        stop_loss_ticks INTEGER CHECK (stop_loss_ticks > 0),
                        parent_id TEXT,  -- the entry of a bracket's exit
                        triggered INTEGER NOT NULL CHECK (triggered IN (0, 1)),
                        trigger_ticks INTEGER,  -- the last price that triggered a stop
                        trail_reference_ticks INTEGER,  -- a trailing stop's lowest or highest last
                        created_at REAL NOT NULL,
                        status TEXT NOT NULL CHECK (
                            status IN ('PENDING', 'PARTIALLY_FILLED', 'FILLED', 'CANCELLED', 'REJECTED', 'EXPIRED')),
                        filled_quantity INTEGER NOT NULL CHECK (filled_quantity BETWEEN 0 AND quantity),
                        filled_ticks INTEGER NOT NULL,
                        reason TEXT,
                        updated_at REAL NOT NULL
                    );
                    INSERT INTO exchange_order_v12 (row, id, account_id, side, type, quantity, limit_ticks, stop_ticks,
                            trail_ticks, trail_percent, time_in_force, take_profit_ticks, stop_loss_ticks, parent_id,
                            triggered, trigger_ticks, trail_reference_ticks, created_at, status, filled_quantity,
                            filled_ticks, reason, updated_at)
                        SELECT row, id, 1, side, type, quantity, limit_ticks, stop_ticks, trail_ticks, trail_percent,
                            time_in_force, take_profit_ticks, stop_loss_ticks, parent_id, triggered, trigger_ticks,
                            trail_reference_ticks, created_at, status, filled_quantity, filled_ticks, reason, updated_at
                        FROM exchange_order;
                    CREATE TABLE exchange_fill_v12 (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        order_id TEXT NOT NULL REFERENCES exchange_order (id) ON DELETE CASCADE,
                        seq INTEGER NOT NULL,
                        time REAL NOT NULL,
                        side TEXT NOT NULL CHECK (side IN ('buy', 'sell')),
                        price_ticks INTEGER NOT NULL CHECK (price_ticks > 0),
                        quantity INTEGER NOT NULL CHECK (quantity > 0)
                    );
                    INSERT INTO exchange_fill_v12 (id, order_id, seq, time, side, price_ticks, quantity)
                        SELECT id, order_id, seq, time, side, price_ticks, quantity FROM exchange_fill ORDER BY id;
                    DELETE FROM sqlite_sequence WHERE name = 'exchange_fill_v12';
                    INSERT INTO sqlite_sequence (name, seq)
                        SELECT 'exchange_fill_v12', seq FROM sqlite_sequence WHERE name = 'exchange_fill';
                    DROP TABLE exchange_fill;
                    DROP TABLE exchange_order;
                    ALTER TABLE exchange_order_v12 RENAME TO exchange_order;
                    ALTER TABLE exchange_fill_v12 RENAME TO exchange_fill;
                    CREATE INDEX exchange_order_open ON exchange_order (status)
                        WHERE status IN ('PENDING', 'PARTIALLY_FILLED');
                    CREATE INDEX exchange_order_account ON exchange_order (account_id, row);
                    CREATE INDEX exchange_fill_order ON exchange_fill (order_id, id);
                    """)
        }
        migrator.registerMigration("v13: server settings") { db in
            // SPEC.md §14: the owner's settings for everyone (whether members see the
            // leaderboard), one row a setting once it is changed; no row is its default.
            try db.execute(
                sql: """
                    CREATE TABLE server_setting (
                        key TEXT PRIMARY KEY NOT NULL,
                        value TEXT NOT NULL
                    ) WITHOUT ROWID;
                    """)
        }
    }
}
