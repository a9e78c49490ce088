import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Turns every answer outside 2xx and 3xx into a `BourseError` from the body's `{"error": "…"}`,
/// before the generated code reads it: one place for every operation's error statuses.
struct ErrorMiddleware: ClientMiddleware {
    /// The most of an error body read (the app's are a line).
    static let maxErrorBody = 64 * 1024

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let (response, responseBody) = try await next(request, body, baseURL)
        guard response.status.code >= 400 else { return (response, responseBody) }
        var message = response.status.reasonPhrase
        if let responseBody, let data = try? await Data(collecting: responseBody, upTo: Self.maxErrorBody),
            let decoded = try? JSONDecoder().decode(ErrorBody.self, from: data)
        {
            message = decoded.error
        }
        let retryAfter = response.headerFields[.retryAfter].flatMap { Int($0) }
        throw Self.error(status: response.status.code, message: message, retryAfter: retryAfter)
    }

    static func error(status: Int, message: String, retryAfter: Int?) -> BourseError {
        switch status {
        case 401: .signInRequired
        case 403: .forbidden(reason: message)
        case 404: .notFound(reason: message)
        case 409: .conflict(reason: message)
        case 400, 413, 415, 422: .rejected(reason: message)
        case 429, 502, 503, 504: .sourceUnavailable(reason: message, retryAfter: retryAfter)
        default: .unexpected(status: status, reason: message)
        }
    }

    /// `{"error": "…"}`, the app's every error body.
    struct ErrorBody: Decodable {
        let error: String
    }
}

/// `Authorization: Bearer TOKEN` on every request, when there is a token.
struct BearerTokenMiddleware: ClientMiddleware {
    let token: String

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        request.headerFields[.authorization] = "Bearer \(token)"
        return try await next(request, body, baseURL)
    }
}
