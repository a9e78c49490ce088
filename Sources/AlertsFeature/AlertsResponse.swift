import BourseCore

/// `GET /api/v1/alerts` and `bourse alerts list --json`: oldest first, at most `limit`.
public struct AlertsResponse: Encodable, Sendable {
    let alerts: [AlertJSON]
    let limit: Int

    public init(_ alerts: [Alert]) {
        self.alerts = alerts.map(AlertJSON.init)
        limit = Alerts.maximumCount
    }
}
