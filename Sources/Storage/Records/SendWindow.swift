/// The sliding window both ledgers count in.
enum SendWindow {
    /// When a send may go, given the times (oldest first, all inside the window) of the sends
    /// already taken: nil when fewer than `capacity`, else when the one holding the last slot
    /// leaves the window.
    static func nextFree(times: [Double], capacity: Int, window: Double) -> Double? {
        guard times.count >= max(1, capacity) else { return nil }
        return times[times.count - max(1, capacity)] + window
    }
}
