import Hummingbird

/// An error answer in Polygon's shape: `{"status":"ERROR","request_id":...,"error":...}`, or with
/// `message` for the statuses Polygon words that way (`NOT_FOUND`).
struct PolygonFailure: Error, Sendable {
    let httpStatus: HTTPResponse.Status
    let status: String
    let text: String
    /// Polygon puts the text in `message` for NOT_FOUND and NOT_AUTHORIZED, in `error` otherwise.
    let inMessage: Bool

    static func badRequest(_ text: String) -> PolygonFailure {
        PolygonFailure(httpStatus: .badRequest, status: "ERROR", text: text, inMessage: false)
    }

    static func notFound(_ text: String) -> PolygonFailure {
        PolygonFailure(httpStatus: .notFound, status: "NOT_FOUND", text: text, inMessage: true)
    }

    /// Massive's answer to a key whose plan does not include the endpoint (HTTP 403), word for word.
    static var notAuthorized: PolygonFailure {
        PolygonFailure(
            httpStatus: .forbidden, status: "NOT_AUTHORIZED",
            text: "You are not entitled to this data. Please upgrade your plan at https://massive.com/pricing",
            inMessage: true)
    }

    func body(requestID: String) -> PolygonJSON {
        .object([
            ("status", .string(status)),
            ("request_id", .string(requestID)),
            (inMessage ? "message" : "error", .string(text)),
        ])
    }
}
