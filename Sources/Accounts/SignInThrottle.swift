import Foundation

/// At most `limit` failed sign-ins per client address in any `window`; past it, the client
/// waits until its oldest failure leaves the window. Pure: the caller gives the time.
///
/// Memory is bounded: at most `maximumClients` addresses are remembered, the least recently
/// failing ones forgotten first.
public struct SignInThrottle: Sendable {
    public let limit: Int
    public let window: TimeInterval
    public let maximumClients: Int
    private var failures: [String: [Date]] = [:]

    public init(limit: Int = 5, window: TimeInterval = 60, maximumClients: Int = 10_000) {
        self.limit = limit
        self.window = window
        self.maximumClients = maximumClients
    }

    /// Seconds `client` must wait before trying again, or nil when it may try now.
    public mutating func retryAfter(client: String, now: Date) -> Int? {
        let recent = prune(client, now: now)
        guard recent.count >= limit, let oldest = recent.first else { return nil }
        return max(1, Int((oldest.addingTimeInterval(window).timeIntervalSince(now)).rounded(.up)))
    }

    public mutating func recordFailure(client: String, now: Date) {
        var recent = prune(client, now: now)
        recent.append(now)
        failures[client] = recent
        if failures.count > maximumClients { forgetOldest() }
    }

    public mutating func recordSuccess(client: String) {
        failures[client] = nil
    }

    private mutating func prune(_ client: String, now: Date) -> [Date] {
        let recent = (failures[client] ?? []).filter { now.timeIntervalSince($0) < window }
        failures[client] = recent.isEmpty ? nil : recent
        return recent
    }

    private mutating func forgetOldest() {
        let byLastFailure = failures.sorted { ($0.value.last ?? .distantPast) < ($1.value.last ?? .distantPast) }
        for (client, _) in byLastFailure.prefix(failures.count - maximumClients) { failures[client] = nil }
    }
}
