import Foundation
import HTTPTypes
import NIOSSL
import Testing

@testable import BourseApp

/// `context.connection`: the client's address and whether the request is secure, believing
/// `X-Forwarded-*` only from a trusted proxy.
@Suite("Connection info")
struct ConnectionInfoTests {
    static let middleware = ConnectionMiddleware(NetworkSettings(trustedProxies: ["10.0.0.1", "::1"]))

    static func headers(_ pairs: [(String, String)]) -> HTTPFields {
        var fields = HTTPFields()
        for (name, value) in pairs { fields.append(HTTPField(name: HTTPField.Name(name)!, value: value)) }
        return fields
    }

    @Test(
        arguments: [
            // peer, headers, client address, secure
            ("192.168.1.5", [], "192.168.1.5", false),
            ("::ffff:192.168.1.5", [], "192.168.1.5", false),
            ("192.168.1.5", [("X-Forwarded-For", "1.2.3.4"), ("X-Forwarded-Proto", "https")], "192.168.1.5", false),
            ("10.0.0.1", [("X-Forwarded-For", "1.2.3.4"), ("X-Forwarded-Proto", "https")], "1.2.3.4", true),
            ("10.0.0.1", [("X-Forwarded-For", "6.6.6.6, 1.2.3.4")], "1.2.3.4", false),
            ("10.0.0.1", [("X-Forwarded-For", "6.6.6.6"), ("X-Forwarded-For", "1.2.3.4")], "1.2.3.4", false),
            ("10.0.0.1", [("X-Forwarded-For", "not an address")], "10.0.0.1", false),
            ("10.0.0.1", [("X-Forwarded-Proto", "HTTPS")], "10.0.0.1", true),
            ("10.0.0.1", [("X-Forwarded-Proto", "http")], "10.0.0.1", false),
            ("0:0::1", [("X-Forwarded-For", "2001:db8::7")], "2001:db8::7", false),
        ] as [(String, [(String, String)], String, Bool)])
    func resolved(peer: String, headers: [(String, String)], clientAddress: String, secure: Bool) {
        let info = Self.middleware.resolve(peer: peer, headers: Self.headers(headers))
        #expect(info.clientAddress == clientAddress)
        #expect(info.isSecure == secure)
    }

    @Test func servedOverTLSEveryRequestIsSecure() {
        let middleware = ConnectionMiddleware(NetworkSettings(tlsConfiguration: .makeClientConfiguration()))
        #expect(middleware.resolve(peer: "192.168.1.5", headers: [:]).isSecure)
    }

    @Test func overLoopbackTheRouteSeesThePeerOrWhatTheTrustedProxySays() async throws {
        let direct = try await GatedApp()
        try await direct.run { port in
            let response = try await RawConnection.get(
                port: port, "/test/connection", host: "localhost:\(port)", headers: ["X-Forwarded-For: 1.2.3.4"])
            #expect(["127.0.0.1 plain", "::1 plain"].contains(response.body))
        }

        let proxied = try await GatedApp(network: NetworkSettings(trustedProxies: ["127.0.0.1", "::1"]))
        try await proxied.run { port in
            let response = try await RawConnection.get(
                port: port, "/test/connection", host: "localhost:\(port)",
                headers: ["X-Forwarded-For: 1.2.3.4", "X-Forwarded-Proto: https"])
            #expect(response.body == "1.2.3.4 secure")
        }
    }
}
