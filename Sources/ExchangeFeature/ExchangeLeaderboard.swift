import BourseCore
import Exchange
import Foundation
import Synchronization

/// The leaderboard as the app asks for it (SPEC §14, docs/people.md): the desk's standings for
/// the people given, ranked (`Leaderboard`), and whether members see it, the owner's setting in
/// the server's settings (the database).
///
/// Whether it is hidden is read from the store at most once every `recheckInterval` (10 s): every
/// page a member opens asks (the header's menu links the board only when they may see it). A
/// change made here counts at once; one made by another instance, within the interval.
public final class ExchangeLeaderboard: Sendable {
    private struct Checked: Sendable {
        var hidden: Bool
        var at: Date
    }

    private let desk: any ExchangeDesk
    private let settings: any ServerSettingStore
    private let now: @Sendable () -> Date
    private let recheckInterval: TimeInterval
    private let checked = Mutex<Checked?>(nil)

    public init(
        desk: any ExchangeDesk, settings: any ServerSettingStore, recheckInterval: TimeInterval = 10,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.desk = desk
        self.settings = settings
        self.recheckInterval = recheckInterval
        self.now = now
    }

    /// `people` ranked (the owner and the members; viewers are left out), each where they stand
    /// now: valued at the desk's last trade, with the starting cash when accounts have cash.
    public func board(of people: [AccountRecord]) async -> Leaderboard {
        Leaderboard(accounts: people, standings: await desk.standings(), startingCash: desk.startingCash)
    }

    /// Whether the owner hid the board from everyone else.
    public func isHidden() async throws -> Bool {
        let time = now()
        let interval = recheckInterval
        if let known = checked.withLock({ $0 }), time.timeIntervalSince(known.at) < interval, known.at <= time {
            return known.hidden
        }
        let hidden = try await settings.leaderboardHidden()
        checked.withLock { $0 = Checked(hidden: hidden, at: time) }
        return hidden
    }

    /// Hides the board from everyone but the owner, or shows it to them again.
    public func setHidden(_ hidden: Bool) async throws {
        try await settings.setLeaderboardHidden(hidden)
        let time = now()
        checked.withLock { $0 = Checked(hidden: hidden, at: time) }
    }
}
