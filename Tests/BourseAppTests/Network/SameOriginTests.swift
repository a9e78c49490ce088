import Foundation
import NIOCore
import Testing

@testable import BourseApp

/// `/exchange/ws` opens only for this server's own page: an `Origin` exactly the page's (scheme,
/// host and port), or none at all.
@Suite("Same origin")
struct SameOriginTests {
    @Test(
        "the page's own origin",
        arguments: [
            ("http://127.0.0.1:8080", "127.0.0.1:8080", false),
            ("http://LOCALHOST:8080", "localhost:8080", false),
            ("http://bourse.local", "bourse.local:80", false),
            ("http://bourse.local:80", "bourse.local", false),
            ("https://bourse.local", "bourse.local", true),
            ("https://bourse.local:443", "bourse.local", true),
            ("http://[::1]:8080", "[::1]:8080", false),
        ])
    func allowed(origin: String, host: String, secure: Bool) {
        #expect(SameOrigin.allows(origin: origin, host: host, secure: secure))
    }

    @Test func noOriginIsNoPage() {
        #expect(SameOrigin.allows(origin: nil, host: "127.0.0.1:8080", secure: false))
    }

    @Test(
        "any other origin",
        arguments: [
            ("null", false), ("file://", false), ("chrome-extension://abcdefghijklmnop", false),
            ("https://127.0.0.1:8080", false),  // the right host, the wrong scheme
            ("http://127.0.0.1:8080", true),  // the page was served over HTTPS
            ("ws://127.0.0.1:8080", false), ("HTTP://127.0.0.1:8080", false),
            ("http://127.0.0.1:8080.evil.com", false), ("http://127.0.0.1:8080/", false),
            ("http://127.0.0.1:8080/exchange", false), ("http://user@127.0.0.1:8080", false),
            ("http://127.0.0.1:8081", false), ("http://127.0.0.1", false), ("http://localhost:8080", false),
            ("http://evil.example", false), ("http://127.0.0.1:8080, http://evil.example", false), ("", false),
        ])
    func refused(origin: String, secure: Bool) {
        #expect(!SameOrigin.allows(origin: origin, host: "127.0.0.1:8080", secure: secure))
    }

    /// The handshake from `origin` (nil: none) to the app on `port`, over `via` headers.
    static func handshake(port: Int, origin: String?, headers: [String] = []) async throws -> (status: Int, snapshot: String?) {
        var request = RawConnection.webSocketHandshake("/exchange/ws", host: "localhost:\(port)", origin: origin)
        request = request.replacingOccurrences(
            of: "\r\n\r\n", with: headers.map { "\r\n" + $0 }.joined() + "\r\n\r\n")
        return try await RawConnection.open(port: port) { reader, writer in
            try await writer.write(ByteBuffer(string: request))
            let response = try await reader.response()
            guard response.status == 101 else { return (response.status, nil) }
            return (101, try await reader.text())
        }
    }

    @Test(arguments: [
        "null", "file://", "chrome-extension://abcdefghijklmnop", "https://localhost:PORT", "ws://localhost:PORT",
        "http://localhost:PORT.evil.com", "http://localhost:PORT/", "http://user@localhost:PORT", "http://evil.example",
        "http://127.0.0.1:PORT",
    ])
    func anotherPageMayNotOpenTheSocket(origin: String) async throws {
        let app = try await GatedApp()

        try await app.run { port in
            let (status, _) = try await Self.handshake(
                port: port, origin: origin.replacingOccurrences(of: "PORT", with: "\(port)"))
            #expect(status == 400)
        }
    }

    @Test(arguments: [nil, "http://localhost:PORT"] as [String?])
    func thePageItselfOrNoPageOpensIt(origin: String?) async throws {
        let app = try await GatedApp()

        try await app.run { port in
            let (status, snapshot) = try await Self.handshake(
                port: port, origin: origin?.replacingOccurrences(of: "PORT", with: "\(port)"))
            #expect(status == 101)
            #expect(snapshot?.contains(#""type":"snapshot""#) == true)
        }
    }

    /// Behind a trusted proxy that ends TLS, the page's origin is https.
    @Test func behindATrustedHTTPSProxyThePageIsHTTPS() async throws {
        let app = try await GatedApp(network: NetworkSettings(trustedProxies: ["127.0.0.1", "::1"]))

        try await app.run { port in
            let https = try await Self.handshake(
                port: port, origin: "https://localhost:\(port)", headers: ["X-Forwarded-Proto: https"])
            #expect(https.status == 101)
            let http = try await Self.handshake(
                port: port, origin: "http://localhost:\(port)", headers: ["X-Forwarded-Proto: https"])
            #expect(http.status == 400)
        }
    }

    /// A peer that is no trusted proxy cannot make its request https.
    @Test func anUntrustedForwardedProtoIsIgnored() async throws {
        let app = try await GatedApp()

        try await app.run { port in
            let https = try await Self.handshake(
                port: port, origin: "https://localhost:\(port)", headers: ["X-Forwarded-Proto: https"])
            #expect(https.status == 400)
            let http = try await Self.handshake(
                port: port, origin: "http://localhost:\(port)", headers: ["X-Forwarded-Proto: https"])
            #expect(http.status == 101)
        }
    }
}
