import Foundation

/// The rules for the user's list of alerts, on the list as a value: what a store applies in one
/// transaction (`AlertStore.update`), so a refused change writes nothing.
public enum Alerts {
    /// The most alerts a user may have (SPEC.md §11: 500).
    public static let maximumCount = 500

    /// The list with a new armed alert for `request`, its id one past the highest ever used.
    public static func adding(
        _ request: AlertRequest, to alerts: [Alert], lastID: Int, at time: Date
    ) -> Result<[Alert], AlertError> {
        guard alerts.count < maximumCount else { return .failure(.tooMany(alerts.count)) }
        guard let symbol = request.symbol else { return .failure(.invalid("an alert needs a symbol")) }
        return .success(
            alerts + [Alert(id: String(lastID + 1), symbol: symbol, condition: request.condition, createdAt: time)])
    }

    /// The list with alert `id` changed to `request` (its symbol kept when the request has none)
    /// and armed again.
    public static func replacing(_ id: String, with request: AlertRequest, in alerts: [Alert]) -> Result<[Alert], AlertError> {
        guard let index = alerts.firstIndex(where: { $0.id == id }) else { return .failure(.notFound(id)) }
        var changed = alerts
        changed[index] = alerts[index].rearmed(symbol: request.symbol ?? alerts[index].symbol, condition: request.condition)
        return .success(changed)
    }

    public static func removing(_ id: String, from alerts: [Alert]) -> Result<[Alert], AlertError> {
        guard alerts.contains(where: { $0.id == id }) else { return .failure(.notFound(id)) }
        return .success(alerts.filter { $0.id != id })
    }
}
