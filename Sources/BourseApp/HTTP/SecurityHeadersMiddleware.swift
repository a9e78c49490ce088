import HTTPTypes
import Hummingbird
import RequestGate

extension SecurityHeaders {
    /// Sets them on `headers`, replacing any of the same name.
    static func apply(to headers: inout HTTPFields, secure: Bool) {
        for field in fields(secure: secure) {
            guard let name = HTTPField.Name(field.name) else { continue }
            headers[name] = field.value
        }
    }
}

/// Puts `SecurityHeaders` on every answer the router gives, errors included (an error thrown
/// from further in becomes its response here, so that it gets them too).
struct SecurityHeadersMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response
    {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        SecurityHeaders.apply(to: &response.headers, secure: context.connection.isSecure)
        return response
    }
}
