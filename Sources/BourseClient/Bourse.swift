import Foundation
import OpenAPIRuntime

/// A Bourse server, as an app talks to it: typed calls for the main paths, typed errors.
///
/// ```swift
/// import BourseClient
///
/// let bourse = try Bourse(server: URL(string: "https://bourse.example.com")!, token: savedToken)
/// do {
///     let apple = try await bourse.stock("AAPL")
///     print(apple.name, apple.price ?? "no price yet")
///     let placed = try await bourse.place(OrderTicket(side: .buy, quantity: 10, type: .limit(price: "190.00")))
///     print(placed.order.id, placed.order.status)
/// } catch .signInRequired {
///     // show the sign-in screen: the token was revoked
/// } catch .sourceUnavailable(_, let retryAfter) {
///     // the free tier's 5 requests a minute: try again in `retryAfter` seconds
/// } catch {
///     print(error)  // one line for a person
/// }
/// ```
///
/// Every other operation of the API is on `client`, the generated client (`Client`), with the
/// same errors.
public struct Bourse: Sendable {
    /// The generated client: every operation of `/api/openapi.json`.
    public let client: Client

    /// - Parameters:
    ///   - server: The server's address, e.g. `https://bourse.example.com` (its API is under `/api/v1`).
    ///   - token: An API token (`bourse token create NAME`), sent as `Authorization: Bearer`; nil
    ///     for a server where no one set a password.
    ///   - transport: The HTTP client; by default URLSession on Apple's platforms, AsyncHTTPClient elsewhere.
    public init(server: URL, token: String? = nil, transport: (any ClientTransport)? = nil) throws(BourseError) {
        guard let scheme = server.scheme?.lowercased(), scheme == "http" || scheme == "https", server.host != nil else {
            throw .rejected(reason: "the server must be an http or https URL, e.g. http://127.0.0.1:8080, got \(server)")
        }
        var middlewares: [any ClientMiddleware] = [ErrorMiddleware()]
        if let token, !token.isEmpty { middlewares.insert(BearerTokenMiddleware(token: token), at: 0) }
        client = Client(
            serverURL: server, transport: transport ?? DefaultTransport.make(), middlewares: middlewares)
    }

    /// Runs one generated call, its failures as `BourseError`.
    func call<Value>(_ body: () async throws -> Value) async throws(BourseError) -> Value {
        do {
            return try await body()
        } catch let error as BourseError {
            throw error
        } catch let error as ClientError {
            throw Self.bourseError(error)
        } catch {
            throw .unexpected(status: nil, reason: "\(error)")
        }
    }

    /// A generated client's error: the middleware's `BourseError`, the transport's failure, or
    /// an answer that is not the document's shape.
    static func bourseError(_ error: ClientError) -> BourseError {
        if let bourse = error.underlyingError as? BourseError { return bourse }
        if error.response == nil {
            return .unreachable(reason: "\(error.underlyingError)")
        }
        return .unexpected(
            status: error.response?.status.code, reason: error.causeDescription + ": \(error.underlyingError)")
    }
}
