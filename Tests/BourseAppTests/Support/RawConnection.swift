import Foundation
import NIOCore
import NIOPosix
import NIOSSL

/// A connection to a server on loopback that sends exactly the bytes a test writes: another
/// site's `Host`, a given `Origin`, a WebSocket handshake; over TLS when asked (trusting any
/// certificate: the tests' own self-signed one).
struct RawConnection {
    /// Connects to `localhost:port` and runs `body` with a reader and the writer; closes after.
    /// `receiveBuffer`: the socket's receive buffer in bytes (the system's when nil); a small one
    /// makes a client that stops reading hold the server back sooner.
    static func open<T: Sendable>(
        port: Int, tls: Bool = false, receiveBuffer: Int? = nil,
        _ body: (inout RawReader, NIOAsyncChannelOutboundWriter<ByteBuffer>) async throws -> T
    ) async throws -> T {
        let sslContext: NIOSSLContext? =
            tls
            ? try {
                var configuration = TLSConfiguration.makeClientConfiguration()
                configuration.certificateVerification = .none
                return try NIOSSLContext(configuration: configuration)
            }() : nil
        var bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        if let receiveBuffer {
            bootstrap = bootstrap.channelOption(.socketOption(.so_rcvbuf), value: SocketOptionValue(receiveBuffer))
        }
        let channel =
            try await bootstrap
            .connect(host: "localhost", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let sslContext {
                        try channel.pipeline.syncOperations.addHandler(
                            try NIOSSLClientHandler(context: sslContext, serverHostname: nil))
                    }
                    return try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            var reader = RawReader(iterator: inbound.makeAsyncIterator())
            return try await body(&reader, outbound)
        }
    }

    /// One request (its bytes as given) on a new connection; the response.
    static func exchange(port: Int, tls: Bool = false, _ request: String) async throws -> RawResponse {
        try await open(port: port, tls: tls) { reader, writer in
            try await writer.write(ByteBuffer(string: request))
            return try await reader.response()
        }
    }

    /// `GET path` with `Host: host` and `headers` (`Name: value` lines), as a browser would.
    static func get(
        port: Int, tls: Bool = false, _ path: String, host: String, headers: [String] = []
    ) async throws
        -> RawResponse
    {
        try await exchange(port: port, tls: tls, request("GET", path, host: host, headers: headers))
    }

    static func request(
        _ method: String, _ path: String, host: String?, headers: [String] = [], body: String = ""
    )
        -> String
    {
        var lines = ["\(method) \(path) HTTP/1.1"]
        if let host { lines.append("Host: \(host)") }
        lines += headers
        if !body.isEmpty { lines += ["Content-Type: application/json", "Content-Length: \(body.utf8.count)"] }
        return lines.joined(separator: "\r\n") + "\r\n\r\n" + body
    }

    /// The handshake a browser sends to open a WebSocket at `path`, from a page at `origin`
    /// (nil: no `Origin` at all).
    static func webSocketHandshake(_ path: String, host: String, origin: String?) -> String {
        var headers = [
            "Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
            "Sec-WebSocket-Version: 13",
        ]
        if let origin { headers.append("Origin: \(origin)") }
        return request("GET", path, host: host, headers: headers)
    }
}

/// A response as read off the wire.
struct RawResponse {
    let status: Int
    /// Header names in lowercase; several fields of one name joined by ", ".
    let headers: [String: String]
    let body: String

    var json: [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any]
    }
}

enum RawConnectionError: Error {
    case closedEarly(String)
    case malformed(String)
}

/// Reads responses and WebSocket frames off a `RawConnection`.
struct RawReader {
    var iterator: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
    var buffer = ByteBuffer()

    /// More bytes into `buffer`; false at the end of the stream.
    mutating func fill() async throws -> Bool {
        guard var more = try await iterator.next() else { return false }
        buffer.writeBuffer(&more)
        return true
    }

    /// The next response: its head, then a body of `Content-Length` bytes (none for a 101).
    mutating func response() async throws -> RawResponse {
        var headEnd: Int?
        while headEnd == nil {
            headEnd = buffer.readableBytesView.firstRange(of: Array("\r\n\r\n".utf8))?.lowerBound
            if headEnd == nil, try await !fill() { throw RawConnectionError.closedEarly(String(buffer: buffer)) }
        }
        let headLength = headEnd! - buffer.readerIndex
        let head = buffer.readString(length: headLength)!
        buffer.moveReaderIndex(forwardBy: 4)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw RawConnectionError.malformed(head) }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
        let length = status == 101 ? 0 : Int(headers["content-length"] ?? "0") ?? 0
        while buffer.readableBytes < length {
            if try await !fill() { throw RawConnectionError.closedEarly(String(buffer: buffer)) }
        }
        return RawResponse(status: status, headers: headers, body: buffer.readString(length: length)!)
    }

    /// The next text message of a WebSocket (the server's frames are unmasked); pings and
    /// other control frames are skipped.
    mutating func text() async throws -> String {
        while true {
            let (opcode, payload) = try await frame()
            if opcode == 0x1 { return String(buffer: payload) }
            if opcode == 0x8 { throw RawConnectionError.closedEarly("close frame") }
        }
    }

    /// Reads on to the server's close frame, dropping the messages before it: its code and reason.
    mutating func closeFrame() async throws -> (code: Int, reason: String) {
        while true {
            var (opcode, payload) = try await frame()
            guard opcode == 0x8 else { continue }
            let code = payload.readInteger(as: UInt16.self).map(Int.init) ?? 1005
            return (code, payload.readString(length: payload.readableBytes) ?? "")
        }
    }

    private mutating func frame() async throws -> (opcode: UInt8, payload: ByteBuffer) {
        while true {
            if let frame = nextFrame() { return frame }
            if try await !fill() { throw RawConnectionError.closedEarly("no frame") }
        }
    }

    /// The next whole frame in `buffer`, read off it. Apart from `frame()`, so that no copy of
    /// `buffer` is alive while `fill()` appends (each append would copy the whole buffer).
    private mutating func nextFrame() -> (opcode: UInt8, payload: ByteBuffer)? {
        var view = buffer
        guard let first = view.readInteger(as: UInt8.self), let second = view.readInteger(as: UInt8.self) else {
            return nil
        }
        var length: Int? = Int(second & 0x7f)
        if length == 126 { length = view.readInteger(as: UInt16.self).map(Int.init) }
        if length == 127 { length = view.readInteger(as: UInt64.self).map(Int.init) }
        guard let length, let payload = view.readSlice(length: length) else { return nil }
        buffer = view
        if buffer.readerIndex > 1 << 20 { buffer.discardReadBytes() }
        return (first & 0x0f, payload)
    }

    /// Reads until the server closes the connection (end of stream, or a reset), dropping what
    /// it sends. Returns only then: a test that uses it runs with a time limit.
    mutating func untilClosed() async {
        while (try? await fill()) == true {}
    }
}
