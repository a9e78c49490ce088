import AsyncHTTPClient
import Foundation
import NIOCore

/// The live `HTTPTransport` and `HTTPPostTransport`, on AsyncHTTPClient.
public struct AsyncHTTPClientTransport: HTTPTransport, HTTPPostTransport {
    private let client: HTTPClient
    private let timeout: Duration
    private let maxBodyBytes: Int

    /// A process-wide client that fails fast when the source is down: a refused connection is an
    /// error at once (AsyncHTTPClient's default retries it until the request's deadline), so the
    /// Polygon client's own retries and its stale-cache fallback decide what happens next.
    public static let failFastClient: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout.connect = .seconds(5)
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    /// The client Web Push messages go out on: fail-fast like ``failFastClient``, and a redirect
    /// is an answer, never followed (a push service does not redirect; following one would send
    /// the message to a host the browser did not name).
    public static let noRedirectClient: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout.connect = .seconds(5)
        configuration.redirectConfiguration = .disallow
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    /// Uses `client` (the fail-fast shared one by default), giving each request `timeout`
    /// and refusing bodies larger than `maxBodyBytes`.
    public init(client: HTTPClient = Self.failFastClient, timeout: Duration = .seconds(15), maxBodyBytes: Int = 64 << 20) {
        self.client = client
        self.timeout = timeout
        self.maxBodyBytes = maxBodyBytes
    }

    public func get(_ url: URL, headers: [String: String]) async throws(TransportError) -> TransportResponse {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = .GET
        return try await execute(request, headers: headers)
    }

    public func post(_ url: URL, headers: [String: String], body: [UInt8]) async throws(TransportError) -> TransportResponse {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = .POST
        request.body = .bytes(ByteBuffer(bytes: body))
        return try await execute(request, headers: headers)
    }

    private func execute(
        _ request: HTTPClientRequest, headers: [String: String]
    ) async throws(TransportError)
        -> TransportResponse
    {
        var request = request
        for (name, value) in headers {
            request.headers.add(name: name, value: value)
        }
        let milliseconds = Int64(timeout / .milliseconds(1))
        do {
            let response = try await client.execute(request, timeout: .milliseconds(milliseconds))
            let body = try await response.body.collect(upTo: maxBodyBytes)
            var fields: [String: String] = [:]
            for (name, value) in response.headers {
                let key = name.lowercased()
                fields[key] = fields[key].map { "\($0), \(value)" } ?? value
            }
            return TransportResponse(status: Int(response.status.code), headers: fields, body: Array(body.readableBytesView))
        } catch is NIOTooManyBytesError {
            throw TransportError("the answer is larger than \(maxBodyBytes) bytes", answerTooLarge: true)
        } catch {
            // AsyncHTTPClient's errors name what failed, not the URL; the client scrubs the
            // key from this text once more before it goes anywhere.
            throw TransportError("\(error)")
        }
    }
}
