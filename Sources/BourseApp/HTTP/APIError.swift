import BourseCore
import Foundation
import HTTPTypes
import Hummingbird

/// An error answered as `{"error": "..."}` with its HTTP status.
public struct APIError: HTTPResponseError, Sendable {
    public let status: HTTPResponse.Status
    public let message: String
    /// Seconds for a `Retry-After` header, when waiting helps.
    public var retryAfter: Int?
    /// More headers for the answer (`WWW-Authenticate` on a 401).
    public var headers: HTTPFields

    public init(_ status: HTTPResponse.Status, _ message: String, retryAfter: Int? = nil, headers: HTTPFields = [:]) {
        self.status = status
        self.message = message
        self.retryAfter = retryAfter
        self.headers = headers
    }

    /// Set on a 503 whose answer is on its way from the source (`MarketDataError.onItsWay`): the
    /// pages show it as loading, not as an error, and ask again after `Retry-After`.
    public static let onItsWay = HTTPField.Name("Bourse-On-Its-Way")!

    /// The longest message an answer carries: a sentence and a quoted input (`Echo.limit`).
    static let maxMessage = 400

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        // An error may quote its input: JSON (never taken for a page: `SecurityHeaders`' nosniff),
        // and at most `maxMessage` characters, whatever the input's length.
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        headers.append(contentsOf: self.headers)
        let body = try APIJSON.encoder.encode(["error": Echo.bounded(message, limit: Self.maxMessage)])
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
}
