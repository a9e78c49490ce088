import Foundation
import Testing

@testable import BourseCore

/// SPEC.md §14, the leaderboard: the owner and the members ranked by equity (with cash) or by
/// profit and loss (without), ties by return %, then fills, then name; exact ties share a rank
/// ("1, 2, 2, 4"); a figure that cannot be said yet ranks last. Exact decimals throughout.
@Suite("Leaderboard")
struct LeaderboardTests {
    static let cash = StartingCash("100000")

    /// A fill of `account`'s: "buy 10 @ 100.00".
    static func fill(_ account: Int64, _ side: Side, _ quantity: Int, at price: String) throws -> Fill {
        Fill(
            orderID: "\(account)", account: AccountID(account), seq: 1, time: Date(timeIntervalSince1970: 0), side: side,
            price: try Price(parsing: price), quantity: quantity)
    }

    /// The entrant of account `id` named `name` after `fills`, valued at `mark`.
    static func entrant(
        _ id: Int64, _ name: String, role: Role = .member, _ fills: [Fill] = [], mark: String? = "101.00",
        cash: StartingCash? = nil
    ) throws -> Leaderboard.Entrant {
        var ledger = AccountLedger()
        for fill in fills { ledger.apply(fill) }
        let standing = AccountStanding(ledger: ledger, mark: try mark.map { try Price(parsing: $0) }, cash: cash)
        return Leaderboard.Entrant(account: AccountID(id), name: name, role: role, standing: standing)
    }

    static func summary(_ board: Leaderboard) -> [String] {
        board.rows.map { "\($0.rank) \($0.name)" }
    }

    @Test func withoutCashItRanksByProfitAndLossAndLeavesViewersOut() throws {
        let board = Leaderboard(
            entrants: [
                try Self.entrant(1, "ada"),
                try Self.entrant(2, "ann", [try Self.fill(2, .buy, 10, at: "100.00")]),
                try Self.entrant(
                    3, "bob", [try Self.fill(3, .buy, 10, at: "100.00"), try Self.fill(3, .sell, 10, at: "99.50")]),
                try Self.entrant(4, "cy", role: .viewer, [try Self.fill(4, .buy, 100, at: "90.00")]),
            ], startingCash: nil)

        #expect(board.measure == .profitAndLoss)
        #expect(Self.summary(board) == ["1 ann", "2 ada", "3 bob"])
        let ann = board.rows[0].standing
        #expect(ann.profitAndLoss == ExactDecimal("10.00") && ann.returnPercent == ExactDecimal("1.00"))
        #expect(ann.equity == nil && ann.quantity == 10 && ann.fills == 1)
        // No fills: nothing made, and no return to speak of (nothing bought).
        let ada = board.rows[1].standing
        #expect(ada.profitAndLoss == ExactDecimal.zero && ada.returnPercent == nil && ada.fills == 0)
        let bob = board.rows[2].standing
        #expect(bob.profitAndLoss == ExactDecimal("-5.00") && bob.returnPercent == ExactDecimal("-0.50"))
    }

    @Test func withCashItRanksByEquity() throws {
        let cash = try #require(Self.cash)
        let board = Leaderboard(
            entrants: [
                try Self.entrant(1, "ada", cash: cash),
                try Self.entrant(2, "ann", [try Self.fill(2, .buy, 10, at: "100.00")], mark: "99.99", cash: cash),
                try Self.entrant(3, "bob", [try Self.fill(3, .buy, 10, at: "100.00")], mark: "99.99", cash: cash),
                try Self.entrant(5, "dee", [try Self.fill(5, .buy, 7, at: "98.57")], mark: "99.99", cash: cash),
            ], startingCash: cash)

        #expect(board.measure == .equity && board.startingCash == cash)
        // dee: 100000 - 689.99 + 699.93 = 100009.94; ann and bob: 100000 - 1000 + 999.90 = 99999.90.
        #expect(Self.summary(board) == ["1 dee", "2 ada", "3 ann", "3 bob"])
        #expect(board.rows.map(\.standing.equity) == ["100009.94", "100000.00", "99999.90", "99999.90"])
        #expect(board.rows.map(\.standing.returnPercent) == ["0.01", "0.00", "0.00", "0.00"])
    }

    @Test func exactTiesShareARankAndTheNextRankSkips() throws {
        let board = Leaderboard(
            entrants: [
                try Self.entrant(1, "ada", [try Self.fill(1, .buy, 20, at: "100.00")]),
                try Self.entrant(2, "Cy", [try Self.fill(2, .buy, 10, at: "100.00")]),
                try Self.entrant(3, "bea", [try Self.fill(3, .buy, 10, at: "100.00")]),
                try Self.entrant(4, "dan", [try Self.fill(4, .buy, 5, at: "100.00")]),
            ], startingCash: nil)

        // Bea and Cy both made 10.00 on 1,000.00 in one fill: one rank, in name order.
        #expect(Self.summary(board) == ["1 ada", "2 bea", "2 Cy", "4 dan"])
    }

    @Test func theReturnThenTheFillsBreakATie() throws {
        let board = Leaderboard(
            entrants: [
                // 10.00 on 1,000.00 bought: 1 %.
                try Self.entrant(1, "ada", [try Self.fill(1, .buy, 10, at: "100.00")]),
                // 10.00 on 495.00 bought: 2.02 %.
                try Self.entrant(2, "ann", [try Self.fill(2, .buy, 5, at: "99.00")]),
                // 10.00 on 1,000.00 bought, in two fills.
                try Self.entrant(
                    3, "bob", [try Self.fill(3, .buy, 5, at: "100.00"), try Self.fill(3, .buy, 5, at: "100.00")]),
            ], startingCash: nil)

        #expect(board.rows.map(\.standing.profitAndLoss) == ["10.00", "10.00", "10.00"])
        #expect(Self.summary(board) == ["1 ann", "2 bob", "3 ada"])
    }

    /// With cash, someone who bought and sold at the same price stands where someone who never
    /// traded does: the one who traded goes first, and they do not share a rank.
    @Test func atTheSameFigureMoreFillsRankFirst() throws {
        let cash = try #require(Self.cash)
        let board = Leaderboard(
            entrants: [
                try Self.entrant(1, "ada", cash: cash),
                try Self.entrant(
                    2, "zed", [try Self.fill(2, .buy, 3, at: "100.00"), try Self.fill(2, .sell, 3, at: "100.00")],
                    cash: cash),
            ], startingCash: cash)

        #expect(Self.summary(board) == ["1 zed", "2 ada"])
        #expect(board.rows.map(\.standing.equity) == ["100000.00", "100000.00"])
    }

    @Test func aFigureThatCannotBeSaidYetRanksLast() throws {
        let cash = try #require(Self.cash)
        let board = Leaderboard(
            entrants: [
                // Shares held and no price yet: no equity, no return.
                try Self.entrant(1, "ada", [try Self.fill(1, .buy, 1, at: "100.00")], mark: nil, cash: cash),
                try Self.entrant(2, "ann", [try Self.fill(2, .buy, 2, at: "100.00")], mark: nil, cash: cash),
                // Flat after a loss: 99,990.00 whatever the price.
                try Self.entrant(
                    3, "bob", [try Self.fill(3, .buy, 10, at: "100.00"), try Self.fill(3, .sell, 10, at: "99.00")],
                    mark: nil, cash: cash),
                try Self.entrant(4, "cy", mark: nil, cash: cash),
            ], startingCash: cash)

        #expect(Self.summary(board) == ["1 cy", "2 bob", "3 ada", "3 ann"])
        #expect(board.rows.map(\.standing.equity) == ["100000.00", "99990.00", nil, nil])
        #expect(board.rows.map(\.standing.returnPercent) == ["0.00", "-0.01", nil, nil])
    }

    @Test func theAccountsWithoutFillsStandWhereTheyStarted() throws {
        let cash = try #require(Self.cash)
        let time = Date(timeIntervalSince1970: 1_800_000_000)
        func account(_ id: Int64, _ name: String, _ role: Role) -> AccountRecord {
            AccountRecord(id: AccountID(id), name: name, role: role, passwordHash: "x", createdAt: time, changedAt: time)
        }
        var ledger = AccountLedger()
        ledger.apply(try Self.fill(2, .buy, 10, at: "100.00"))
        let traded = AccountStanding(ledger: ledger, mark: try Price(parsing: "100.50"), cash: cash)

        let board = Leaderboard(
            accounts: [account(1, "ada", .owner), account(2, "ann", .member), account(3, "cy", .viewer)],
            standings: [AccountID(2): traded, AccountID(3): traded], startingCash: cash)

        #expect(Self.summary(board) == ["1 ann", "2 ada"])
        #expect(board.rows.map(\.account) == [AccountID(2), .owner])
        let ada = board.rows[1].standing
        #expect(ada.equity == ExactDecimal("100000.00") && ada.cash == ExactDecimal("100000.00"))
        #expect(ada.returnPercent == ExactDecimal("0.00") && ada.quantity == 0 && ada.fills == 0)
        #expect(board.rows[0].standing.equity == ExactDecimal("100005.00"))
    }
}
