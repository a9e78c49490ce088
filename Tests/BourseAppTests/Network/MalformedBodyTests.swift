import Foundation
import NIOCore
import TestSupport
import Testing

@testable import BourseApp

/// Bodies the HTTP parser cannot read, over a real socket: answered at once with
/// `Connection: close` and closed, never left waiting for the idle timeout (here five minutes,
/// far past the tests' time limit), and never taken by the app for a whole body.
@Suite("Malformed bodies")
struct MalformedBodyTests {
    static let order = #"{"side":"buy","type":"market","quantity":10}"#
    static let patient = NetworkSettings(idleTimeout: .seconds(300), requestHeadTimeout: .seconds(300))

    /// `POST /api/v1/orders` with `Transfer-Encoding: codings` and `body` as sent.
    static func chunkedOrder(host: String, codings: String = "chunked", body: String) -> String {
        "POST /api/v1/orders HTTP/1.1\r\nHost: \(host)\r\nContent-Type: application/json\r\n"
            + "Transfer-Encoding: \(codings)\r\n\r\n\(body)"
    }

    /// `text` as one chunk: its size in hex, CRLF, the bytes, CRLF.
    static func chunk(_ text: String) -> String {
        String(text.utf8.count, radix: 16) + "\r\n" + text + "\r\n"
    }

    /// Sends `request` and reads every response until the server closes the connection.
    static func responsesUntilClosed(port: Int, _ request: String, count: Int = 1) async throws -> [RawResponse] {
        try await RawConnection.open(port: port) { reader, writer in
            try await writer.write(ByteBuffer(string: request))
            var responses: [RawResponse] = []
            for _ in 0..<count { responses.append(try await reader.response()) }
            await reader.untilClosed()
            return responses
        }
    }

    static func orders(port: Int) async throws -> [Any]? {
        try await RawConnection.get(port: port, "/api/v1/orders?status=all", host: "127.0.0.1:\(port)").json?["orders"]
            as? [Any]
    }

    @Test(.hangLimit)
    func aBadChunkSizeIs400AtOnceAndTheWholeFirstChunkIsNoOrder() async throws {
        let app = try await GatedApp(network: Self.patient)

        try await app.run { port in
            // The first chunk is a whole order; what follows is no chunk size.
            let request = Self.chunkedOrder(host: "127.0.0.1:\(port)", body: Self.chunk(Self.order) + "zz\r\n\r\n")
            let responses = try await Self.responsesUntilClosed(port: port, request)

            let response = try #require(responses.first)
            #expect(response.status == 400)
            #expect(response.headers["connection"] == "close")
            #expect((response.json?["error"] as? String)?.contains("chunk size") == true, "\(response.body)")
            #expect(response.headers["x-content-type-options"] == "nosniff")
            #expect(try await Self.orders(port: port)?.isEmpty == true)
        }
    }

    @Test(.hangLimit)
    func aBadChunkAfterAGoodRequestIsAnsweredInTurn() async throws {
        let app = try await GatedApp(network: Self.patient)

        try await app.run { port in
            let host = "127.0.0.1:\(port)"
            let request =
                RawConnection.request("GET", "/api/v1/health", host: host)
                + Self.chunkedOrder(host: host, body: "4\r\n{\"si\r\nnot hex\r\n\r\n")
            let responses = try await Self.responsesUntilClosed(port: port, request, count: 2)

            #expect(responses.map(\.status) == [200, 400])
            #expect(responses.last?.headers["connection"] == "close")
            #expect(try await Self.orders(port: port)?.isEmpty == true)
        }
    }

    @Test(.hangLimit, arguments: ["gzip, chunked", "x-custom, chunked", "Deflate, chunked"])
    func anUnknownTransferCodingIs501(codings: String) async throws {
        let app = try await GatedApp(network: Self.patient)

        try await app.run { port in
            let request = Self.chunkedOrder(
                host: "127.0.0.1:\(port)", codings: codings, body: Self.chunk(Self.order) + "0\r\n\r\n")
            let responses = try await Self.responsesUntilClosed(port: port, request)

            let response = try #require(responses.first)
            #expect(response.status == 501)
            #expect(response.headers["connection"] == "close")
            #expect((response.json?["error"] as? String)?.contains("is not served here") == true, "\(response.body)")
            #expect(try await Self.orders(port: port)?.isEmpty == true)
        }
    }

    /// RFC 9112 §6.3: without chunked last (and once), the body's length cannot be known.
    @Test(.hangLimit, arguments: ["chunked, chunked", "gzip", "chunked, gzip", "chunked, identity"])
    func codingsThatLeaveTheLengthUnknownAre400(codings: String) async throws {
        let app = try await GatedApp(network: Self.patient)

        try await app.run { port in
            let request = Self.chunkedOrder(
                host: "127.0.0.1:\(port)", codings: codings, body: Self.chunk(Self.order) + "0\r\n\r\n")
            let responses = try await Self.responsesUntilClosed(port: port, request)

            #expect(responses.map(\.status) == [400])
            #expect(try await Self.orders(port: port)?.isEmpty == true)
        }
    }

    @Test(.hangLimit)
    func aRequestWithBareLineFeedsIs400NotAnUnsupportedVersion() async throws {
        let app = try await GatedApp(network: Self.patient)

        try await app.run { port in
            let responses = try await Self.responsesUntilClosed(
                port: port, "GET /api/v1/health HTTP/1.1\nHost: 127.0.0.1:\(port)\n\n")

            let response = try #require(responses.first)
            #expect(response.status == 400)
            #expect(response.headers["connection"] == "close")
            #expect((response.json?["error"] as? String)?.contains("CR LF") == true, "\(response.body)")
        }
    }

    @Test(arguments: ["HTTP/9.9", "HTTP/1.2", "HTTP/2.0"])
    func aVersionNotServedIsStill505(version: String) async throws {
        let app = try await GatedApp(network: Self.patient)

        try await app.run { port in
            let response = try await RawConnection.exchange(
                port: port, "GET /api/v1/health \(version)\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
            #expect(response.status == 505)
        }
    }

    @Test func aGoodChunkedBodyIsRead() async throws {
        let app = try await GatedApp(network: Self.patient)

        try await app.run { port in
            let (first, second) = Self.order.utf8.split(at: 20)
            let body = Self.chunk(first) + Self.chunk(second) + "0\r\n\r\n"
            let response = try await RawConnection.exchange(port: port, Self.chunkedOrder(host: "127.0.0.1:\(port)", body: body))

            #expect(response.status == 201, "\(response.body)")
            #expect((response.json?["order"] as? [String: Any])?["quantity"] as? Int == 10)
            #expect(try await Self.orders(port: port)?.count == 1)
        }
    }
}

extension String.UTF8View {
    /// The text before byte `index` and the text from it (both ASCII here).
    fileprivate func split(at index: Int) -> (String, String) {
        (String(decoding: prefix(index), as: UTF8.self), String(decoding: dropFirst(index), as: UTF8.self))
    }
}
