/// The server's own settings, which the owner changes in the app: one for everyone, not one
/// account's. Kept in the database, so that a restart and every instance agree.
public protocol ServerSettingStore: Sendable {
    /// Whether the leaderboard is hidden from everyone but the owner (SPEC §14); false (shown)
    /// until the owner hides it.
    func leaderboardHidden() async throws -> Bool
    func setLeaderboardHidden(_ hidden: Bool) async throws
}
