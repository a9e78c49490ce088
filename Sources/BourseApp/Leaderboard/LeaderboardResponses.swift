import BourseCore
import Hummingbird

/// `GET` and `PATCH /api/v1/leaderboard`: whether members see the board, what it ranks by, the
/// starting cash (null for infinite capital), and the rows, best first.
struct LeaderboardResponse: ResponseEncodable {
    /// Whether the owner hid the board from everyone else (only the owner reads it then).
    let hidden: Bool
    /// `equity` with cash, `profitAndLoss` without.
    let rankedBy: String
    @ExplicitNull var startingCash: String?
    let rows: [LeaderboardRowJSON]

    init(_ board: Leaderboard, hidden: Bool, you: AccountID) {
        self.hidden = hidden
        rankedBy = board.measure.rawValue
        startingCash = board.startingCash?.decimal.formatted(places: 2)
        rows = board.rows.map { LeaderboardRowJSON($0, you: you) }
    }
}

/// One person's line: money with two places, null where it cannot be said yet (shares held and
/// no trade to value them at; a return without cash before anything was bought).
struct LeaderboardRowJSON: Encodable {
    let rank: Int
    let name: String
    /// Whether the row is the asker's own.
    let you: Bool
    /// With cash: cash plus the shares at the last trade; null without cash.
    @ExplicitNull var equity: String?
    /// Realised plus unrealised.
    @ExplicitNull var profitAndLoss: String?
    @ExplicitNull var returnPercent: String?
    /// Shares held (negative: short).
    let quantity: Int
    let fills: Int

    init(_ row: Leaderboard.Row, you: AccountID) {
        rank = row.rank
        name = row.name
        self.you = row.account == you
        equity = row.standing.equity?.formatted(places: 2)
        profitAndLoss = row.standing.profitAndLoss?.formatted(places: 2)
        returnPercent = row.standing.returnPercent?.formatted(places: 2)
        quantity = row.standing.quantity
        fills = row.standing.fills
    }
}
