import AlertsFeature
import BourseCore
import Hummingbird

/// Price alerts: `GET/POST /api/v1/alerts`, `PUT/DELETE /api/v1/alerts/{id}` (SPEC.md §11,
/// docs/alerts.md), each the request's account's: another account's id is a 404, as one that
/// never was (SPEC.md §14). A refused alert is a 400 (a bad value, a symbol not listed) or a 409
/// (500 alerts already), and nothing is written.
struct AlertsController: FeatureController {
    typealias Context = AppRequestContext
    let alerts: PriceAlerts

    /// A body larger than this is refused (a real one is under 60 bytes).
    static var maxBodyBytes: Int { 4 * 1024 }

    func addRoutes(to router: Router<Context>) {
        router.get("api/v1/alerts") { request, context in
            // Present but empty is a 400 too: only the three words are a status.
            let status = request.uri.queryParameters.get("status").map { String($0) } ?? "all"
            switch status {
            case "all": return AlertsResponse(try await alerts.list(for: context.account))
            case "armed", "fired":
                return AlertsResponse(try await alerts.list(for: context.account).filter { $0.status.rawValue == status })
            default:
                throw APIError(.badRequest, "status must be \"armed\", \"fired\" or \"all\", got \"\(status.prefix(20))\"")
            }
        }
        router.post("api/v1/alerts") { request, context in
            let alert = try await alerts.add(try await Self.request(request, symbolRequired: true), for: context.account)
            return try AlertResponse(alert: AlertJSON(alert)).response(from: request, context: context).with(status: .created)
        }
        router.put("api/v1/alerts/:id") { request, context in
            let id = String((context.parameters.get("id") ?? "").prefix(20))
            let change = try await Self.request(request, symbolRequired: false)
            return AlertResponse(alert: AlertJSON(try await alerts.change(id, to: change, for: context.account)))
        }
        router.delete("api/v1/alerts/:id") { _, context in
            try await alerts.remove(String((context.parameters.get("id") ?? "").prefix(20)), for: context.account)
            return Response(status: .noContent)
        }
    }

    /// The body as an `AlertRequest`: JSON only (a form posted from another site cannot set one).
    static func request(_ request: Request, symbolRequired: Bool) async throws -> AlertRequest {
        let json = try await request.json(
            upTo: maxBodyBytes, what: "the alert", hint: #"send {"symbol": "AAPL", "above": "150.00"}"#)
        return try AlertRequest.parse(json, symbolRequired: symbolRequired)
    }
}
