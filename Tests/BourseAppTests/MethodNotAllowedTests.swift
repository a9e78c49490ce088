import Foundation
import Hummingbird
import HummingbirdTesting
import MarketData
import Testing

@testable import BourseApp

/// A wrong method on a path the app answers is a 405 with `Allow`; a path it does not answer is a 404.
@Suite("Method not allowed")
struct MethodNotAllowedTests {
    static func app() async throws -> some ApplicationProtocol {
        let router = buildRouter(
            AppFeatures(market: Market(source: .simulated, provider: FailingMarketDataProvider(), now: { Date() })))
        return Application(router: router)
    }

    @Test func aWrongMethodOnARouteIs405WithAllow() async throws {
        try await Self.app().test(.router) { client in
            let health = try await client.execute(uri: "/api/v1/health", method: .delete)
            #expect(health.status == .methodNotAllowed)
            #expect(health.headers[.allow] == "GET")
            #expect(String(buffer: health.body).contains("DELETE is not answered here"))

            let stock = try await client.execute(uri: "/api/v1/stocks/AAPL", method: .post)
            #expect(stock.status == .methodNotAllowed)
            #expect(stock.headers[.allow] == "GET")
        }
    }

    @Test func aPathNoRouteAnswersIs404WhateverTheMethod() async throws {
        try await Self.app().test(.router) { client in
            let unknown = try await client.execute(uri: "/no/such/path", method: .put)
            #expect(unknown.status == .notFound)
            let longer = try await client.execute(uri: "/api/v1/health/extra", method: .get)
            #expect(longer.status == .notFound)
        }
    }
    @Test func withSignInOnAWrongMethodIsStill405AndARightOneStillAsksForSignIn() async throws {
        let fixture = try await SignInRoutesTests.fixture()
        try await fixture.app.test(.router) { client in
            let signout = try await client.execute(uri: "/signout", method: .get)
            #expect(signout.status == .methodNotAllowed, "not a redirect to sign in: nothing is served there")
            #expect(signout.headers[.allow] == "POST")
            let orders = try await client.execute(uri: "/api/v1/orders", method: .patch)
            #expect(orders.status == .methodNotAllowed)
            let listed = try await client.execute(uri: "/api/v1/orders", method: .get)
            #expect(listed.status == .unauthorized)
            let posted = try await client.execute(uri: "/signout", method: .post)
            #expect(posted.status != .methodNotAllowed)
        }
    }
}
