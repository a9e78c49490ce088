/// The leaderboard (SPEC.md §14): the owner and the members, each with where they stand on the
/// exchange, ranked. Viewers do not trade and are left out.
///
/// With cash (`BOURSE_STARTING_CASH`) the board ranks by equity; without, by profit and loss
/// (realised plus unrealised). Ties go to the higher return %, then to more fills (at the same
/// figure, someone who traded ranks above someone who has not yet), then by name. Rows equal in
/// all three share a rank, and the next rank skips: "1, 2, 2, 4". A figure that cannot be said yet
/// (shares held and no price to value them at) ranks after every figure that can.
public struct Leaderboard: Sendable, Hashable {
    /// What the board ranks by.
    public enum Measure: String, Sendable, Hashable, CaseIterable {
        /// Cash plus the shares at the last trade (accounts have cash).
        case equity
        /// Realised plus unrealised profit or loss (infinite capital).
        case profitAndLoss

        /// The figure of `standing` this measure ranks by; nil when it cannot be said yet.
        public func value(of standing: AccountStanding) -> ExactDecimal? {
            switch self {
            case .equity: standing.equity
            case .profitAndLoss: standing.profitAndLoss
            }
        }
    }

    /// Someone on the board, before ranking.
    public struct Entrant: Sendable, Hashable {
        public let account: AccountID
        public let name: String
        public let role: Role
        public let standing: AccountStanding

        public init(account: AccountID, name: String, role: Role, standing: AccountStanding) {
            self.account = account
            self.name = name
            self.role = role
            self.standing = standing
        }
    }

    /// One ranked line: its rank (shared on an exact tie) and who stands there.
    public struct Row: Sendable, Hashable {
        public let rank: Int
        public let entrant: Entrant

        public var account: AccountID { entrant.account }
        public var name: String { entrant.name }
        public var standing: AccountStanding { entrant.standing }
    }

    public let measure: Measure
    /// Every account's starting cash; nil for infinite capital.
    public let startingCash: StartingCash?
    /// The owner and the members, best first.
    public let rows: [Row]

    /// Ranks `entrants` (a viewer among them is left out), by equity when accounts have cash and
    /// by profit and loss when they do not.
    public init(entrants: [Entrant], startingCash: StartingCash?) {
        let measure: Measure = startingCash == nil ? .profitAndLoss : .equity
        let ordered = entrants.filter { $0.role != .viewer }.sorted { Self.precedes($0, $1, by: measure) }
        var rows: [Row] = []
        rows.reserveCapacity(ordered.count)
        for (index, entrant) in ordered.enumerated() {
            let tied = rows.last.map { Key($0.entrant, measure) == Key(entrant, measure) } ?? false
            rows.append(Row(rank: tied ? rows[index - 1].rank : index + 1, entrant: entrant))
        }
        self.measure = measure
        self.startingCash = startingCash
        self.rows = rows
    }

    /// The board of `accounts` (the owner and the members; viewers are left out): each with its
    /// standing from `standings` (every account that has traded), and one that has not traded as
    /// it started, with its starting cash and no shares.
    public init(accounts: [AccountRecord], standings: [AccountID: AccountStanding], startingCash: StartingCash?) {
        let untraded = AccountStanding(ledger: AccountLedger(), mark: nil, cash: startingCash)
        self.init(
            entrants: accounts.map {
                Entrant(account: $0.id, name: $0.name, role: $0.role, standing: standings[$0.id] ?? untraded)
            },
            startingCash: startingCash)
    }

    /// What decides a rank: rows with equal keys share one.
    private struct Key: Equatable {
        let value: ExactDecimal?
        let returnPercent: ExactDecimal?
        let fills: Int

        init(_ entrant: Entrant, _ measure: Measure) {
            value = measure.value(of: entrant.standing)
            returnPercent = entrant.standing.returnPercent
            fills = entrant.standing.fills
        }
    }

    /// Whether `a` ranks above `b`: the higher figure, then the higher return, then more fills,
    /// then the name (without regard to case, then as written, then the older account).
    private static func precedes(_ a: Entrant, _ b: Entrant, by measure: Measure) -> Bool {
        let (x, y) = (Key(a, measure), Key(b, measure))
        if let first = higherFirst(x.value, y.value) { return first }
        if let first = higherFirst(x.returnPercent, y.returnPercent) { return first }
        if x.fills != y.fills { return x.fills > y.fills }
        let (left, right) = (a.name.lowercased(), b.name.lowercased())
        if left != right { return left < right }
        if a.name != b.name { return a.name < b.name }
        return a.account < b.account
    }

    /// True when `a` goes first, false when `b` does, nil when they are equal; an unknown value
    /// goes after every known one.
    private static func higherFirst(_ a: ExactDecimal?, _ b: ExactDecimal?) -> Bool? {
        switch (a, b) {
        case (nil, nil): nil
        case (.some, nil): true
        case (nil, .some): false
        case (let a?, let b?): a == b ? nil : a > b
        }
    }
}
