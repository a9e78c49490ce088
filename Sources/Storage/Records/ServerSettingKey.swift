/// Each server setting's key in `server_setting`, and how its value reads, for both databases.
enum ServerSettingKey: String {
    case leaderboardHidden = "leaderboard_hidden"

    /// A yes-or-no setting, stored as "true" or "false"; nil when it was never set.
    func flag(_ stored: String?) throws(StorageError) -> Bool? {
        switch stored {
        case nil: return nil
        case "true": return true
        case "false": return false
        case let other?:
            throw StorageError.failed(
                operation: "read the server's settings",
                reason: "\(rawValue) is \"\(other.prefix(40))\", neither true nor false")
        }
    }
}
