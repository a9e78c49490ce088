/// One schema change, written for each database Bourse stores in. Both databases apply the same
/// list (`Migrations.all`), in order, each change once, under the same name: a name is its
/// version. Never edit a shipped migration; add one.
struct Migration: Sendable {
    /// The change's version and what it does, as GRDB and `bourse_migration` record it.
    let name: String
    /// The change in SQLite's SQL, run by GRDB in one transaction (foreign keys checked at the end,
    /// so a table can be rebuilt under its old name).
    let sqlite: String
    /// The same change in PostgreSQL's SQL, run in one transaction with every other pending one.
    let postgres: String
}
