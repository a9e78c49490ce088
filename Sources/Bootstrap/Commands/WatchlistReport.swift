import BourseCore
import BundledData
import Foundation
import Storage
import WatchlistFeature

/// `bourse watch list|add|remove [--user NAME]`: a person's stocks in the database (the owner's
/// without `--user`), the same list their home screen shows. Symbols are checked against the
/// shipped listings; it needs no network.
public enum WatchlistReport {
    public enum Action: Sendable {
        case list
        case add(String)
        case remove(String)

        /// Whether it only reads (a list needs a database that is there; a change makes one).
        var isList: Bool {
            if case .list = self { return true }
            return false
        }
    }

    /// With `csv`, the list with each symbol's name and exchange from the shipped listings
    /// (`WatchlistCSV.listed`; the priced export is `GET /api/v1/watchlist.csv`).
    public static func run(
        database: DatabaseLocation, action: Action, json: Bool, csv: Bool = false, user: String? = nil
    ) async -> Result<String, CommandFailure> {
        let read = await CommandDatabase.with(database, user: user, creating: !action.isList) {
            stores, account -> Result<[String], CommandFailure> in
            do {
                let symbols: [String]
                let store = stores.watchlists
                switch action {
                case .list:
                    symbols = try await store.symbols(of: account)
                case .add(let text):
                    let symbol = try await listed(text)
                    symbols = try await store.update(of: account) { Watchlist.adding(symbol, to: $0) }.get()
                case .remove(let text):
                    let symbol = try StoredWatchlist.normalized(text)
                    symbols = try await store.update(of: account) { Watchlist.removing(symbol, from: $0) }.get()
                }
                return .success(symbols)
            } catch let error as WatchlistError {
                return .failure(CommandFailure(message: error.description, exitCode: error.isBadArgument ? 64 : 1))
            } catch {
                return .failure(CommandFailure(message: "\(error)", exitCode: 2))
            }
        }
        let symbols: [String]
        switch read {
        case .success(let found): symbols = found
        case .failure(let failure): return .failure(failure)
        }
        return output(symbols, json: json, csv: csv)
    }

    /// The list after the action: the symbols one a line, `{"symbols": […]}`, or CSV with each
    /// listing's name and exchange.
    static func output(_ symbols: [String], json: Bool, csv: Bool) -> Result<String, CommandFailure> {
        if csv, !json {
            do {
                let listings = try BundledData.listings()
                let bySymbol = Dictionary(listings.map { ($0.symbol, $0) }, uniquingKeysWith: { first, _ in first })
                return .success(WatchlistCSV.listed(symbols.map { ($0, bySymbol[$0]) }).text)
            } catch {
                return .failure(CommandFailure(message: "\(error)", exitCode: 2))
            }
        }
        return CommandFailure.output(["symbols": symbols], json: json) {
            symbols.isEmpty ? "You follow no stock yet: bourse watch add SYMBOL" : symbols.joined(separator: "\n")
        }
    }

    /// `text` as a listed symbol, by the shipped listings.
    static func listed(_ text: String) async throws -> String {
        let symbol = try StoredWatchlist.normalized(text)
        let listings = try BundledData.listings()
        guard listings.contains(where: { $0.symbol == symbol }) else { throw WatchlistError.unknownSymbol(symbol) }
        return symbol
    }
}

extension WatchlistError {
    /// Text that is no symbol, or a list too long: the argument's fault (64), not a name that is not there (1).
    var isBadArgument: Bool {
        switch self {
        case .invalidSymbol, .duplicate, .tooMany: true
        case .unknownSymbol, .notListed, .alreadyListed: false
        }
    }
}
