import Foundation
import NIOCore
import TestSupport
import Testing

@testable import BourseApp

/// `bourse serve --tls-cert --tls-key`: the app serves HTTPS itself, every answer with HSTS,
/// and the exchange socket over wss from the https page.
@Suite("HTTPS served directly")
struct TLSTests {
    @Test func answersOverHTTPSWithHSTSAndTheSocketOverWSS() async throws {
        let certificate = try SelfSignedCertificate()
        let app = try await GatedApp(network: NetworkSettings(tlsConfiguration: try certificate.serverConfiguration()))

        try await app.run { port in
            let host = "localhost:\(port)"
            let page = try await RawConnection.get(port: port, tls: true, "/exchange", host: host)
            #expect(page.status == 200)
            SecurityHeadersTests.expectSecurityHeaders(page, hsts: true, "page over TLS")
            let connection = try await RawConnection.get(port: port, tls: true, "/test/connection", host: host)
            #expect(connection.body.hasSuffix(" secure"))
            let misdirected = try await RawConnection.get(port: port, tls: true, "/exchange", host: "evil.example")
            #expect(misdirected.status == 421)
            SecurityHeadersTests.expectSecurityHeaders(misdirected, hsts: true, "421 over TLS")

            for (origin, status) in [("https://\(host)", 101), ("http://\(host)", 400), (nil, 101)] {
                let handshake = RawConnection.webSocketHandshake("/exchange/ws", host: host, origin: origin)
                let (answer, snapshot) = try await RawConnection.open(port: port, tls: true) { reader, writer in
                    try await writer.write(ByteBuffer(string: handshake))
                    let response = try await reader.response()
                    return (response.status, response.status == 101 ? try await reader.text() : nil)
                }
                #expect(answer == status, "\(origin ?? "no origin")")
                if status == 101 { #expect(snapshot?.contains(#""type":"snapshot""#) == true) }
            }
        }
    }
}
