import AlertsFeature
import BourseClient
import BourseCore

extension AlertsReport {
    /// `bourse alerts … --server URL`: the account's alerts on the server, changed there, printed
    /// as the local command prints them.
    public static func run(action: Action, json: Bool, server: RemoteServer) async -> Result<String, CommandFailure> {
        await server.run { bourse throws(BourseError) in
            switch action {
            case .list: break
            case .add(let symbol, let condition): _ = try await bourse.createAlert(symbol, when: Self.condition(condition))
            case .remove(let id): try await bourse.deleteAlert(id: id)
            }
            let alerts = try await bourse.alerts().map(Self.alert)
            return CommandFailure.output(AlertsResponse(alerts), json: json) { table(alerts) }
        }
    }

    static func condition(_ condition: BourseCore.AlertCondition) -> BourseClient.AlertCondition {
        switch condition {
        case .above(let level): .above(level.description)
        case .below(let level): .below(level.description)
        case .movePercent(let percent): .movePercent(percent.description)
        }
    }

    /// One of the API's alerts as the app's: its levels read exactly, its times to the millisecond.
    static func alert(_ alert: BourseClient.Alert) throws(BourseError) -> BourseCore.Alert {
        let condition: BourseCore.AlertCondition?
        if let above = alert.above {
            condition = (try? Price(parsing: above)).map { .above($0) }
        } else if let below = alert.below {
            condition = (try? Price(parsing: below)).map { .below($0) }
        } else {
            condition = alert.movePercent.flatMap { try? ExactDecimal(parsing: $0) }.map { .movePercent($0) }
        }
        let firedAt = alert.firedAt.map(Timestamp.parseISO8601)
        guard let condition, let status = AlertStatus(rawValue: alert.status.rawValue),
            let createdAt = Timestamp.parseISO8601(alert.createdAt), firedAt != .some(nil)
        else { throw .unexpected(status: nil, reason: "an alert that does not read: \(alert)") }
        return BourseCore.Alert(
            id: alert.id, symbol: alert.symbol, condition: condition, status: status, createdAt: createdAt,
            firedAt: firedAt ?? nil, firedPrice: alert.price.flatMap { try? ExactDecimal(parsing: $0) },
            firedChangePercent: alert.changePercent.flatMap { try? ExactDecimal(parsing: $0) })
    }
}
