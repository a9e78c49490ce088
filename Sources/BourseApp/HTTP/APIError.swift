import BourseCore
import Foundation
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

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        // nosniff: an error may echo a path, and it must never be taken for a page.
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8", .xContentTypeOptions: "nosniff"]
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        headers.append(contentsOf: self.headers)
        let body = try APIJSON.encoder.encode(["error": message])
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
}
