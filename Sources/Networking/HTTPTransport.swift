import Foundation

/// One HTTP answer, whatever its status.
public struct TransportResponse: Sendable, Equatable {
    public var status: Int
    /// Header fields by lowercased name; repeated fields are joined with ", ".
    public var headers: [String: String]
    public var body: [UInt8]

    public init(status: Int, headers: [String: String] = [:], body: [UInt8]) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }) { "\($0), \($1)" }
        self.body = body
    }

    /// The value of header `name`, matched without regard to case.
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }
}

/// No answer came back: the connection failed, timed out or broke.
public struct TransportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, without the request's URL (which may carry the key).
    public var message: String
    /// The answer was larger than the transport takes: it stopped reading (no retry will help).
    public var answerTooLarge: Bool

    public init(_ message: String, answerTooLarge: Bool = false) {
        self.message = message
        self.answerTooLarge = answerTooLarge
    }

    public var description: String { message }
}

/// The network, as the Polygon client needs it: one GET at a time.
public protocol HTTPTransport: Sendable {
    /// GETs `url` with `headers`; any status is an answer, and only a missing answer throws.
    func get(_ url: URL, headers: [String: String]) async throws(TransportError) -> TransportResponse
}

/// The network, as the Web Push sender needs it: one POST at a time.
public protocol HTTPPostTransport: Sendable {
    /// POSTs `body` to `url` with `headers`; any status is an answer, and only a missing answer throws.
    func post(_ url: URL, headers: [String: String], body: [UInt8]) async throws(TransportError) -> TransportResponse
}
