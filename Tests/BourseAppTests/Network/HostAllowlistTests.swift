import Foundation
import NIOCore
import RequestGate
import TestSupport
import Testing

@testable import BourseApp

/// DNS rebinding: a request naming a host the server does not answer to gets 421 and nothing
/// else, on the API, the pages and the socket, on loopback too.
@Suite("Host allowlist")
struct HostAllowlistTests {
    @Test(
        "Host headers taken apart",
        arguments: [
            ("127.0.0.1:8080", "127.0.0.1", 8080, true),
            ("LOCALHOST", "localhost", nil, false),
            ("[::1]:8443", "::1", 8443, true),
            ("::1", "::1", nil, true),
            ("[0:0::1]", "::1", nil, true),
            ("bourse.local:", "bourse.local", nil, false),
            ("192.168.001.020", "192.168.001.020", nil, false),
        ] as [(String, String, Int?, Bool)])
    func parsed(text: String, host: String, port: Int?, isIPLiteral: Bool) throws {
        let parsed = try #require(HostAndPort(text))
        #expect(parsed.host == host)
        #expect(parsed.port == port)
        #expect(parsed.isIPLiteral == isIPLiteral)
    }

    @Test(
        "not a host with a port",
        arguments: [
            "", "evil.example/x", "user@host", "host:80:80", "host:99999", "host:8o", "[::1", "[evil]:80", "a b", "é.example",
            "127.0.0.1:8080.evil.com", "[::1]x",
        ])
    func refused(text: String) {
        #expect(HostAndPort(text) == nil)
    }

    @Test(
        "which hosts a server answers to",
        arguments: [
            ("127.0.0.1", [], "127.0.0.1:8080", true),
            ("127.0.0.1", [], "localhost:8080", true),
            ("127.0.0.1", [], "[::1]:8080", true),
            ("127.0.0.1", [], "evil.example:8080", false),
            ("127.0.0.1", [], "192.168.1.20:8080", false),
            ("127.0.0.1", ["Bourse.Local"], "bourse.local", true),
            ("127.0.0.1", ["bourse.local:8080"], "BOURSE.LOCAL:9999", true),
            ("192.168.1.20", [], "192.168.1.20:8080", true),
            ("192.168.1.20", [], "192.168.1.21:8080", false),
            // Bound to every address: any address (it cannot be rebound), never a foreign name.
            ("0.0.0.0", [], "192.168.1.20:8080", true),
            ("0.0.0.0", [], "[fe80::1]:8080", true),
            ("::", [], "10.0.0.7", true),
            ("0.0.0.0", [], "evil.example", false),
            ("0.0.0.0", [], "0x7f.1", false),
        ] as [(String, [String], String, Bool)])
    func allows(bound: String, allowed: [String], host: String, answer: Bool) throws {
        let allowlist = HostAllowlist(boundHost: bound, allowedHosts: allowed)
        #expect(allowlist.allows(try #require(HostAndPort(host))) == answer)
    }

    @Test(.hangLimit)
    func anOrderFromAnotherSitesNameIsMisdirectedAndNotPlaced() async throws {
        let app = try await GatedApp()

        try await app.run { port in
            let order = #"{"side":"buy","type":"market","quantity":10}"#
            let (response, closed) = try await RawConnection.open(port: port) { reader, writer in
                try await writer.write(
                    ByteBuffer(string: RawConnection.request("POST", "/api/v1/orders", host: "evil.example:\(port)", body: order))
                )
                let response = try await reader.response()
                await reader.untilClosed()
                return (response, true)
            }
            #expect(response.status == 421)
            #expect(response.headers["connection"] == "close")
            #expect((response.json?["error"] as? String)?.contains("does not answer to \"evil.example\"") == true)
            #expect(closed)
            let orders = try await RawConnection.get(port: port, "/api/v1/orders", host: "127.0.0.1:\(port)")
            #expect(orders.status == 200)
            #expect((orders.json?["orders"] as? [Any])?.isEmpty == true)
        }
    }

    @Test(arguments: ["/exchange", "/api/v1/health", "/nowhere"])
    func aPageOrAnAnswerForAnotherNameIsMisdirected(path: String) async throws {
        let app = try await GatedApp()

        try await app.run { port in
            let refused = try await RawConnection.get(port: port, path, host: "EVIL.example")
            #expect(refused.status == 421)
            #expect(refused.headers["content-type"] == "application/json; charset=utf-8")
            let served = try await RawConnection.get(port: port, path, host: "localhost:\(port)")
            #expect(served.status != 421)
        }
    }

    @Test func theSocketForAnotherNameIsMisdirected() async throws {
        let app = try await GatedApp()

        try await app.run { port in
            let handshake = RawConnection.webSocketHandshake(
                "/exchange/ws", host: "evil.example:\(port)", origin: "http://evil.example:\(port)")
            let refused = try await RawConnection.exchange(port: port, handshake)
            #expect(refused.status == 421)
        }
    }

    @Test func anAllowedNameIsServed() async throws {
        let app = try await GatedApp(network: NetworkSettings(allowedHosts: ["bourse.local"]))

        try await app.run { port in
            let page = try await RawConnection.get(port: port, "/exchange", host: "Bourse.Local:\(port)")
            #expect(page.status == 200)
            let handshake = RawConnection.webSocketHandshake(
                "/exchange/ws", host: "bourse.local:\(port)", origin: "http://bourse.local:\(port)")
            let socket = try await RawConnection.exchange(port: port, handshake)
            #expect(socket.status == 101)
            let other = try await RawConnection.get(port: port, "/exchange", host: "bourse.example:\(port)")
            #expect(other.status == 421)
        }
    }

    @Test(
        "a missing, doubled or malformed Host is a bad request",
        arguments: [
            "GET /api/v1/health HTTP/1.1\r\n\r\n",
            "GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\n\r\n",
            "GET /api/v1/health HTTP/1.1\r\nHost: localhost/x\r\n\r\n",
        ])
    func badHost(request: String) async throws {
        let app = try await GatedApp()

        try await app.run { port in
            let response = try await RawConnection.exchange(port: port, request)
            #expect(response.status == 400)
        }
    }

    @Test func aTargetInAbsoluteFormMustNameAnAllowedHostToo() async throws {
        let app = try await GatedApp()

        try await app.run { port in
            let request = "GET http://evil.example/api/v1/health HTTP/1.1\r\nHost: localhost:\(port)\r\n\r\n"
            let response = try await RawConnection.exchange(port: port, request)
            #expect(response.status == 421)
        }
    }
}
