import Foundation
import OpenAPIRuntime

/// What fires an alert: one condition, decimals as strings.
public enum AlertCondition: Sendable, Equatable {
    /// The price is at or above this level.
    case above(String)
    /// The price is at or below this level.
    case below(String)
    /// The day's change is at least this percent, up or down.
    case movePercent(String)
}

extension Bourse {
    /// Which alerts `alerts(_:)` lists.
    public enum AlertFilter: String, Sendable {
        case armed, fired, all
    }

    /// `GET /api/v1/alerts`: the account's alerts, armed or fired.
    public func alerts(_ filter: AlertFilter = .all) async throws(BourseError) -> [Alert] {
        let status = Operations.ListAlerts.Input.Query.StatusPayload(rawValue: filter.rawValue)
        return try await call { try await client.listAlerts(query: .init(status: status)).ok.body.json.alerts }
    }

    /// `POST /api/v1/alerts`: a new alert on a listed stock (`.rejected` when the same one is set).
    public func createAlert(_ symbol: String, when condition: AlertCondition) async throws(BourseError) -> Alert {
        let request: Components.Schemas.AlertRequest
        switch condition {
        case .above(let level): request = .case1(.init(symbol: symbol, above: level))
        case .below(let level): request = .case2(.init(symbol: symbol, below: level))
        case .movePercent(let percent): request = .case3(.init(symbol: symbol, movePercent: percent))
        }
        return try await call { try await client.createAlert(body: .json(request)).created.body.json.alert }
    }

    /// `DELETE /api/v1/alerts/{id}`: removes an alert.
    public func deleteAlert(id: String) async throws(BourseError) {
        try await call { _ = try await client.deleteAlert(path: .init(id: id)).noContent }
    }
}
