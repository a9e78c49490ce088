import Foundation
import Hummingbird
import HummingbirdTesting
import MarketData
import Testing

@testable import BourseApp

/// `GET /api/v1/health` names the instance that answered and the one holding the desk (SPEC §15).
@Suite("Health")
struct HealthRoutesTests {
    static func app(_ instance: InstanceRole) -> some ApplicationProtocol {
        Application(
            router: buildRouter(
                AppFeatures(
                    market: Market(source: .simulated, provider: FailingMarketDataProvider(), now: { Date() }),
                    instance: instance)))
    }

    @Test func oneInstanceHoldsItsOwnDesk() async throws {
        try await Self.app(.alone("web-1")).test(.router) { client in
            let health = try await client.execute(uri: "/api/v1/health", method: .get)
            #expect(health.status == .ok)
            #expect(
                String(buffer: health.body) == #"{"desk":"web-1","instance":"web-1","source":"simulated","status":"ok"}"#)
        }
    }

    @Test func anotherInstanceHoldsTheDeskOrNoneDoes() async throws {
        let holder = HolderBox()
        try await Self.app(InstanceRole(name: "web-2", deskHolder: { holder.name })).test(.router) { client in
            holder.name = "web-3"
            let held = try await client.execute(uri: "/api/v1/health", method: .get)
            #expect(String(buffer: held.body).contains(#""desk":"web-3","instance":"web-2""#))
            holder.name = nil
            let none = try await client.execute(uri: "/api/v1/health", method: .get)
            #expect(String(buffer: none.body).contains(#""desk":null,"instance":"web-2""#))
        }
    }
}

/// The holder a test sets.
private final class HolderBox: @unchecked Sendable {
    private let lock = NSLock()
    private var value: String?
    var name: String? {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}
