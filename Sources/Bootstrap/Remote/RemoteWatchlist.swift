import BourseClient
import BourseCore

extension WatchlistReport {
    /// `bourse watch … --server URL`: the account's list on the server, changed there, printed as
    /// the local command prints it.
    public static func run(action: Action, json: Bool, csv: Bool, server: RemoteServer) async -> Result<String, CommandFailure> {
        await server.run { bourse throws(BourseError) in
            let list: BourseClient.Watchlist
            switch action {
            case .list: list = try await bourse.watchlist()
            case .add(let symbol): list = try await bourse.follow(symbol)
            case .remove(let symbol): list = try await bourse.unfollow(symbol)
            }
            return output(list.symbols, json: json, csv: csv)
        }
    }
}
