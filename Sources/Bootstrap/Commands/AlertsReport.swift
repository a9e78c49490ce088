import AlertsFeature
import BourseCore
import BundledData
import Foundation
import Storage

/// `bourse alerts list|add|remove [--user NAME]`: a person's price alerts in the database (the
/// owner's without `--user`), the same list the app checks (a running app counts a change from
/// its next refresh, within a minute). Symbols are checked against the shipped listings; no
/// network. Another person's alert id is not found, as in the app.
public enum AlertsReport {
    public enum Action: Sendable {
        case list
        case add(symbol: String, condition: AlertCondition)
        case remove(String)

        /// Whether it only reads (a list needs a database that is there; a change makes one).
        var isList: Bool {
            if case .list = self { return true }
            return false
        }
    }

    public static func run(
        database: DatabaseLocation, action: Action, json: Bool, user: String? = nil
    ) async -> Result<String, CommandFailure> {
        let read = await CommandDatabase.with(database, user: user, creating: !action.isList) {
            stores, account -> Result<[Alert], CommandFailure> in
            do {
                let alerts: [Alert]
                let store = stores.alerts
                switch action {
                case .list:
                    alerts = try await store.alerts(of: account)
                case .add(let text, let condition):
                    let symbol = try listed(text)
                    let time = Date()
                    alerts = try await store.update(of: account) { alerts, lastID in
                        Alerts.adding(AlertRequest(symbol: symbol, condition: condition), to: alerts, lastID: lastID, at: time)
                    }.get()
                case .remove(let id):
                    alerts = try await store.update(of: account) { alerts, _ in Alerts.removing(id, from: alerts) }.get()
                }
                return .success(alerts)
            } catch let error as AlertError {
                let exitCode: Int32
                switch error {
                case .invalid, .tooMany: exitCode = 64
                case .unknownSymbol, .notFound: exitCode = 1
                }
                return .failure(CommandFailure(message: error.description, exitCode: exitCode))
            } catch {
                return .failure(CommandFailure(message: "\(error)", exitCode: 2))
            }
        }
        let alerts: [Alert]
        switch read {
        case .success(let found): alerts = found
        case .failure(let failure): return .failure(failure)
        }
        return CommandFailure.output(AlertsResponse(alerts), json: json) { table(alerts) }
    }

    /// One line per alert under a header row.
    static func table(_ alerts: [Alert]) -> String {
        guard !alerts.isEmpty else { return "No alerts yet: bourse alerts add SYMBOL --above PRICE" }
        let header = ["ID", "SYMBOL", "CONDITION", "STATUS", "FIRED (UTC)", "PRICE"]
        let rows = alerts.map { alert in
            [
                alert.id, alert.symbol, alert.condition.text, alert.status.rawValue,
                alert.firedAt.map(Timestamp.iso8601) ?? "-", alert.firedPrice?.description ?? "-",
            ]
        }
        return TextTable.lines([header] + rows, rightAligned: [0, 5]).joined(separator: "\n")
    }

    /// `text` as a listed symbol, by the shipped listings.
    static func listed(_ text: String) throws -> String {
        guard case .success(let symbol) = Symbol.normalized(text) else {
            throw AlertError.invalid("\"\(text.prefix(20))\" is not a ticker symbol")
        }
        guard try BundledData.listings().contains(where: { $0.symbol == symbol }) else {
            throw AlertError.unknownSymbol(symbol)
        }
        return symbol
    }

    /// The condition `--above`, `--below` or `--move-percent` give: exactly one, by the API's rules.
    public static func condition(above: String?, below: String?, movePercent: String?) -> Result<AlertCondition, CommandFailure> {
        var members: [String: JSONValue] = [:]
        if let above { members["above"] = .string(above) }
        if let below { members["below"] = .string(below) }
        if let movePercent { members["movePercent"] = .string(movePercent) }
        do {
            return .success(try AlertRequest.parse(.object(members), symbolRequired: false).condition)
        } catch {
            let message = error.description.replacingOccurrences(of: "movePercent", with: "--move-percent")
                .replacingOccurrences(of: "above, below", with: "--above, --below")
            return .failure(CommandFailure(message: message, exitCode: 64))
        }
    }
}
