import BourseCore
import NIOCore
import NIOHTTP1

/// An answer the connection gate gives by itself, before any route runs: a status and a reason
/// in plain words, written as the API writes errors (`{"error": "..."}`), after which the
/// connection closes.
struct GateAnswer: Equatable, Sendable {
    let status: HTTPResponseStatus
    let message: String

    /// The response head: JSON, `Connection: close`, and the headers every answer carries.
    func head(tls: Bool, bodyLength: Int) -> HTTPResponseHead {
        var headers = HTTPHeaders([
            ("Content-Type", "application/json; charset=utf-8"), ("Content-Length", String(bodyLength)),
            ("Connection", "close"), ("Cache-Control", "no-store"),
        ])
        for field in SecurityHeaders.fields(secure: tls) { headers.add(name: field.name, value: field.value) }
        return HTTPResponseHead(version: .http1_1, status: status, headers: headers)
    }

    /// `{"error": message}`.
    var body: ByteBuffer {
        let json = (try? APIJSON.text(["error": message])) ?? #"{"error":"bad request"}"#
        return ByteBuffer(string: json)
    }
}

extension GateAnswer {
    /// The request's head did not arrive in time.
    static func headTimeout(_ limit: Duration) -> GateAnswer {
        GateAnswer(
            status: .requestTimeout,
            message: "the request's head did not arrive within \(limit.components.seconds) seconds of its first byte")
    }

    /// The answer to a request NIO's HTTP/1 parser could not read. The parser tells what it
    /// choked on, never the bytes, so nothing of the request is echoed. `bareLineFeed`: the
    /// request line ended in LF without CR, which the parser calls an invalid version.
    static func malformed(_ error: HTTPParserError, bareLineFeed: Bool = false) -> GateAnswer {
        switch error {
        case .invalidVersion where bareLineFeed:
            GateAnswer(status: .badRequest, message: "the request's lines must end in CR LF, not in a bare LF")
        case .headerOverflow:
            GateAnswer(
                status: .requestHeaderFieldsTooLarge,
                message: "the request's head (its line and headers) is over \(RequestRules.maxHeadBytes / 1024) KB")
        case .invalidVersion:
            GateAnswer(status: .httpVersionNotSupported, message: "only HTTP/1.1 and HTTP/1.0 are served here")
        case .invalidURL, .invalidPath, .invalidQueryString, .invalidFragment, .invalidCharactersUsed:
            GateAnswer(
                status: .badRequest,
                message: "the request target has a character that must be percent-encoded "
                    + "(a space, a control character or a byte outside ASCII)")
        case .invalidConstant:
            // What follows the target is not ` HTTP/1.x`: most often a raw space in the target.
            GateAnswer(
                status: .badRequest,
                message: "the request line is not a method, a target without spaces and HTTP/1.1 "
                    + "(percent-encode a space in the target as %20)")
        case .invalidMethod:
            GateAnswer(status: .badRequest, message: "the request's method is not an HTTP method")
        case .invalidHeaderToken:
            GateAnswer(status: .badRequest, message: "a header's name has a character a header name cannot have")
        case .invalidContentLength, .unexpectedContentLength:
            GateAnswer(status: .badRequest, message: "the request's Content-Length is not a single whole number")
        case .invalidChunkSize:
            GateAnswer(
                status: .badRequest,
                message: "the request's chunked body has a chunk size that is not a hexadecimal number")
        default:
            GateAnswer(status: .badRequest, message: "the request is not well-formed HTTP/1.1 (\(error))")
        }
    }
}
