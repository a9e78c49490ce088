import BourseCore
import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing

@testable import BourseApp

/// SPEC §14 as a matrix: every route that reads or changes personal data, asked by the person
/// whose data it is, by another member, by the owner of someone else's data, and by a viewer.
/// Another account's order, alert, device or stock is a 404 (never a 403) and a list never
/// shows it; a viewer's every change on every route of the app is a 403; afterwards each
/// person's data is exactly as they left it.
@Suite("Personal data matrix")
struct PersonalDataMatrixTests {
    typealias People = PeopleRoutesTests
    typealias Send = PersonalDataRoutesTests

    /// One request and what it must answer: `status`, and a body without `hidden` (another
    /// person's marker) when given.
    struct Crossing: CustomStringConvertible {
        let method: HTTPRequest.Method
        let uri: String
        var body = ""
        let status: HTTPResponse.Status
        var hidden: String? = nil

        var description: String { "\(method) \(uri)" }
    }

    /// What one person made: the ids the matrix crosses.
    struct Made {
        let alert: String
        let order: String
    }

    /// `who` follows `symbol`, sets an alert on it, subscribes a device, turns fill pushes off and
    /// leaves a limit buy at `price`.
    static func make(
        _ client: some TestClientProtocol, cookie: String, symbol: String, device: String, price: String,
        settings: String
    ) async throws -> Made {
        #expect(try await Send.send(client, .post, "/api/v1/watchlist/\(symbol)", cookie: cookie).status == .created)
        let alert = try await Send.send(
            client, .post, "/api/v1/alerts", #"{"symbol":"\#(symbol)","above":"9999.00"}"#, cookie: cookie)
        let subscribed = try await Send.send(
            client, .post, "/api/v1/push/subscriptions",
            NotificationRoutesTests.subscription("https://\(device).push.example/send/1"), cookie: cookie)
        #expect(subscribed.status == .created || subscribed.status == .ok, "\(String(buffer: subscribed.body))")
        let changed = try await Send.send(client, .put, "/api/v1/push/settings", "{\(settings)}", cookie: cookie)
        #expect(changed.status == .ok)
        let order = try await Send.send(
            client, .post, "/api/v1/orders", #"{"side":"buy","type":"limit","quantity":5,"price":"\#(price)"}"#,
            cookie: cookie)
        return Made(
            alert: try #require((try json(alert)["alert"] as? [String: Any])?["id"] as? String),
            order: try #require((try json(order)["order"] as? [String: Any])?["id"] as? String))
    }

    /// Every personal route, asked by someone who is not `made`'s owner.
    static func crossings(
        of made: Made, symbol: String, device: String, price: String, settings: String
    ) -> [Crossing] {
        let endpoint = "https%3A%2F%2F\(device).push.example%2Fsend%2F1"
        return [
            Crossing(method: .get, uri: "/api/v1/watchlist", status: .ok, hidden: symbol),
            Crossing(method: .get, uri: "/api/v1/watchlist.csv", status: .ok, hidden: symbol),
            Crossing(method: .delete, uri: "/api/v1/watchlist/\(symbol)", status: .notFound),
            Crossing(method: .get, uri: "/api/v1/alerts", status: .ok, hidden: symbol),
            Crossing(method: .put, uri: "/api/v1/alerts/\(made.alert)", body: #"{"above":"1.00"}"#, status: .notFound),
            Crossing(method: .delete, uri: "/api/v1/alerts/\(made.alert)", status: .notFound),
            Crossing(method: .get, uri: "/api/v1/push/subscriptions", status: .ok, hidden: device),
            Crossing(method: .delete, uri: "/api/v1/push/subscriptions?endpoint=\(endpoint)", status: .notFound),
            Crossing(method: .get, uri: "/api/v1/push/settings", status: .ok, hidden: settings),
            Crossing(method: .get, uri: "/api/v1/orders", status: .ok, hidden: price),
            Crossing(method: .get, uri: "/api/v1/orders?status=open", status: .ok, hidden: price),
            Crossing(method: .get, uri: "/api/v1/orders/\(made.order)", status: .notFound),
            Crossing(method: .delete, uri: "/api/v1/orders/\(made.order)", status: .notFound),
            Crossing(method: .get, uri: "/api/v1/orders.csv", status: .ok, hidden: price),
            Crossing(method: .get, uri: "/api/v1/notifications", status: .ok, hidden: symbol),
        ]
    }

    /// `cookie`'s data is as `make` left it.
    static func expectIntact(
        _ client: some TestClientProtocol, cookie: String, made: Made, symbol: String, device: String,
        settings: String
    ) async throws {
        #expect(try await Send.get(client, "/api/v1/watchlist", cookie: cookie)["symbols"] as? [String] == [symbol])
        #expect(try await Send.alertIDs(client, cookie: cookie) == [made.alert])
        let devices = try #require(
            try await Send.get(client, "/api/v1/push/subscriptions", cookie: cookie)["subscriptions"] as? [[String: Any]])
        #expect(devices.compactMap { $0["origin"] as? String } == ["https://\(device).push.example"])
        let stored = try await Send.send(client, .get, "/api/v1/push/settings", cookie: cookie)
        #expect(String(buffer: stored.body).contains(settings))
        let open = try #require(
            try await Send.get(client, "/api/v1/orders?status=open", cookie: cookie)["orders"] as? [[String: Any]])
        #expect(open.compactMap { $0["id"] as? String } == [made.order])
    }

    static let adaSettings = #""fills":false"#
    static let annSettings = #""alerts":false"#

    @Test func everyPersonalRouteCrossedByEveryOtherRole() async throws {
        let live = try await LiveMarket.start()
        defer { withExtendedLifetime(live) {} }
        let fixture = try await SignInRoutesTests.fixture(personal: true, market: live.service)
        // The viewer's every change on every route of the app.
        // (A parameter the router shows as `{name}` is filled in: a brace is not valid in a URI.)
        let changes = SignInRoutesTests.everyRoute(fixture.router).filter {
            $0.method != .get && $0.method != .head && !SignInRoutesTests.isOpen($0.path) && $0.path != "/signout"
        }.map { (method: $0.method, path: $0.path.replacing(/\{[a-z]+\}/, with: "1")) }
        try await fixture.app.test(.live) { client in
            let ada = try await People.owner(client)
            let ann = try await People.accept(client, try await People.invite(client, "ann", role: "member", cookie: ada))
            let vic = try await People.accept(client, try await People.invite(client, "vic", role: "viewer", cookie: ada))
            let adas = try await Self.make(
                client, cookie: ada, symbol: "AAPL", device: "ada", price: "90.00", settings: Self.adaSettings)
            let anns = try await Self.make(
                client, cookie: ann, symbol: "MSFT", device: "ann", price: "91.00", settings: Self.annSettings)

            // Each person's data, crossed by the others: the member into the owner's, the owner
            // into the member's (the owner manages people, not their data), the viewer into both.
            let matrix: [(who: String, cookie: String, crossings: [Crossing])] = [
                ("ann", ann, Self.crossings(of: adas, symbol: "AAPL", device: "ada", price: "90.00", settings: Self.adaSettings)),
                ("ada", ada, Self.crossings(of: anns, symbol: "MSFT", device: "ann", price: "91.00", settings: Self.annSettings)),
            ]
            for (who, cookie, crossings) in matrix {
                for crossing in crossings {
                    let response = try await Send.send(client, crossing.method, crossing.uri, crossing.body, cookie: cookie)
                    #expect(response.status == crossing.status, "\(who): \(crossing): \(String(buffer: response.body))")
                    if let hidden = crossing.hidden {
                        #expect(!String(buffer: response.body).contains(hidden), "\(who): \(crossing) shows \(hidden)")
                    }
                }
            }
            for crossing in Self.crossings(of: adas, symbol: "AAPL", device: "ada", price: "90.00", settings: Self.adaSettings)
                + Self.crossings(of: anns, symbol: "MSFT", device: "ann", price: "91.00", settings: Self.annSettings)
            {
                let response = try await Send.send(client, crossing.method, crossing.uri, crossing.body, cookie: vic)
                let expected: HTTPResponse.Status = crossing.method == .get ? crossing.status : .forbidden
                #expect(response.status == expected, "vic: \(crossing): \(String(buffer: response.body))")
                if let hidden = crossing.hidden {
                    #expect(!String(buffer: response.body).contains(hidden), "vic: \(crossing) shows \(hidden)")
                }
            }

            // The viewer's every change on every route of the app is a 403.
            #expect(changes.count >= 15)
            for route in changes {
                let response = try await Send.send(client, route.method, route.path, "{}", cookie: vic)
                #expect(response.status == .forbidden, "vic: \(route.method) \(route.path)")
            }

            try await Self.expectIntact(
                client, cookie: ada, made: adas, symbol: "AAPL", device: "ada", settings: Self.adaSettings)
            try await Self.expectIntact(
                client, cookie: ann, made: anns, symbol: "MSFT", device: "ann", settings: Self.annSettings)
            #expect(try await Send.get(client, "/api/v1/watchlist", cookie: vic)["symbols"] as? [String] == [])
        }
    }
}
