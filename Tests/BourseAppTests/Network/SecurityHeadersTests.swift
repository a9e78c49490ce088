import Foundation
import NIOCore
import TestSupport
import Testing

@testable import BourseApp

/// Every answer carries the security headers: pages, JSON, SVG, assets, errors, the gate's own
/// refusals and a refused socket handshake.
@Suite("Security headers")
struct SecurityHeadersTests {
    static func expectSecurityHeaders(_ response: RawResponse, hsts: Bool = false, _ what: String) {
        #expect(response.headers["x-content-type-options"] == "nosniff", "\(what)")
        #expect(response.headers["x-frame-options"] == "DENY", "\(what)")
        #expect(response.headers["referrer-policy"] == "same-origin", "\(what)")
        #expect(response.headers["permissions-policy"]?.contains("camera=()") == true, "\(what)")
        #expect(response.headers["permissions-policy"]?.contains("geolocation=()") == true, "\(what)")
        #expect(response.headers["strict-transport-security"] == (hsts ? "max-age=31536000" : nil), "\(what)")
    }

    @Test func onAPageJSONAnSVGAnAssetAnErrorAndARefusal() async throws {
        let live = try await LiveMarket.start()
        let app = try await GatedApp(market: live.service)

        try await app.run { port in
            let host = "127.0.0.1:\(port)"
            let page = try await RawConnection.get(port: port, "/exchange", host: host)
            #expect(page.status == 200)
            #expect(page.headers["content-security-policy"]?.contains("frame-ancestors 'none'") == true)
            Self.expectSecurityHeaders(page, "page")

            let json = try await RawConnection.get(port: port, "/api/v1/health", host: host)
            #expect(json.status == 200)
            Self.expectSecurityHeaders(json, "JSON")

            let svg = try await RawConnection.get(port: port, "/stocks/AAPL/chart.svg?range=1M", host: host)
            #expect(svg.status == 200)
            #expect(svg.headers["content-type"]?.hasPrefix("image/svg+xml") == true)
            Self.expectSecurityHeaders(svg, "SVG")

            let asset = try await RawConnection.get(port: port, "/assets/layout.css", host: host)
            #expect(asset.status == 200)
            Self.expectSecurityHeaders(asset, "asset")

            let missing = try await RawConnection.get(port: port, "/nowhere", host: host)
            #expect(missing.status == 404)
            Self.expectSecurityHeaders(missing, "404")

            let page404 = try await RawConnection.get(port: port, "/nowhere", host: host, headers: ["Accept: text/html"])
            #expect(page404.status == 404)
            Self.expectSecurityHeaders(page404, "404 page")

            let misdirected = try await RawConnection.get(port: port, "/exchange", host: "evil.example")
            #expect(misdirected.status == 421)
            Self.expectSecurityHeaders(misdirected, "421")

            let malformed = try await RawConnection.exchange(port: port, "GET / HTTP/9.9\r\nHost: \(host)\r\n\r\n")
            #expect(malformed.status == 505)
            Self.expectSecurityHeaders(malformed, "505")

            let socket = try await RawConnection.exchange(
                port: port, RawConnection.webSocketHandshake("/exchange/ws", host: host, origin: "null"))
            #expect(socket.status == 400)
            Self.expectSecurityHeaders(socket, "refused handshake")
        }
    }

    @Test func behindATrustedHTTPSProxyWithHSTS() async throws {
        let app = try await GatedApp(network: NetworkSettings(trustedProxies: ["127.0.0.1", "::1"]))

        try await app.run { port in
            let https = try await RawConnection.get(
                port: port, "/exchange", host: "localhost:\(port)", headers: ["X-Forwarded-Proto: https"])
            Self.expectSecurityHeaders(https, hsts: true, "proxied https")
            let http = try await RawConnection.get(port: port, "/exchange", host: "localhost:\(port)")
            Self.expectSecurityHeaders(http, hsts: false, "proxied http")
        }
    }

    /// An answer quotes at most a bounded prefix of what it was sent.
    @Test func errorsQuoteABoundedPrefixOfTheInput() async throws {
        let app = try await GatedApp()

        try await app.run { port in
            let host = "localhost:\(port)"
            let longPath = "/" + String(repeating: "a", count: 70_000)
            let path = try await RawConnection.get(port: port, longPath, host: host)
            #expect(path.status == 414)
            #expect(path.body.count < 500)

            let notFound = try await RawConnection.get(port: port, "/" + String(repeating: "b", count: 5_000), host: host)
            #expect(notFound.status == 404)
            #expect(notFound.body.count < 500)

            let side = String(repeating: "s", count: 10_000)  // under the 16 KB an order may take
            let order = try await RawConnection.exchange(
                port: port,
                RawConnection.request(
                    "POST", "/api/v1/orders", host: host, body: #"{"side":"\#(side)","type":"market","quantity":1}"#))
            #expect(order.status == 400)
            #expect(order.body.count < 600)
            #expect(order.body.contains("unknown side"))

            let foreign = String(repeating: "e", count: 5_000) + ".example"
            let misdirected = try await RawConnection.get(port: port, "/", host: foreign)
            #expect(misdirected.status == 421)
            #expect(misdirected.body.count < 600)
        }
    }
}
