import AlertsFeature
import BourseCore
import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing

@testable import BourseApp
@testable import Storage

/// SPEC §14, "personal data is personal", over real HTTP with two people: the owner (ada) and
/// a member she invited (ann). Each sees only their own watchlist, alerts, notices, devices and
/// settings; the other's alert or device is a 404 that changes nothing; a fired alert is told to
/// its owner's bell and devices only; removing ann deletes hers and leaves ada's.
@Suite("Personal data routes")
struct PersonalDataRoutesTests {
    typealias People = PeopleRoutesTests

    /// The app with every personal feature, the simulated market pricing the watchlists.
    static func fixture() async throws -> (SignInRoutesTests.Fixture, LiveMarket) {
        let live = try await LiveMarket.start()
        return (try await SignInRoutesTests.fixture(personal: true, market: live.service), live)
    }

    static func send(
        _ client: some TestClientProtocol, _ method: HTTPRequest.Method, _ uri: String, _ body: String = "",
        cookie: String
    ) async throws -> TestResponse {
        try await client.execute(
            uri: uri, method: method, headers: People.jsonHeaders(cookie: cookie), body: ByteBuffer(string: body))
    }

    static func get(_ client: some TestClientProtocol, _ uri: String, cookie: String) async throws -> [String: Any] {
        let response = try await client.execute(uri: uri, method: .get, headers: [.cookie: cookie])
        #expect(response.status == .ok, "\(uri): \(String(buffer: response.body))")
        return try json(response)
    }

    static func alertIDs(_ client: some TestClientProtocol, cookie: String) async throws -> [String] {
        try #require(try await get(client, "/api/v1/alerts", cookie: cookie)["alerts"] as? [[String: Any]])
            .compactMap { $0["id"] as? String }
    }

    static func subscription(_ device: String) -> String {
        NotificationRoutesTests.subscription("https://push.example/\(device)")
    }

    @Test func eachPersonSeesOnlyTheirOwnWatchlistAlertsNoticesAndDevices() async throws {
        let (fixture, live) = try await Self.fixture()
        defer { withExtendedLifetime(live) {} }  // the market's stand-in runs until the end
        try await fixture.app.test(.live) { client in
            let ada = try await People.owner(client)
            let ann = try await People.accept(client, try await People.invite(client, "ann", role: "member", cookie: ada))

            #expect(try await Self.send(client, .post, "/api/v1/watchlist/AAPL", cookie: ada).status == .created)
            #expect(
                try await Self.send(client, .put, "/api/v1/watchlist", #"{"symbols":["MSFT","KO"]}"#, cookie: ann).status == .ok)
            #expect(try await Self.get(client, "/api/v1/watchlist", cookie: ada)["symbols"] as? [String] == ["AAPL"])
            #expect(try await Self.get(client, "/api/v1/watchlist", cookie: ann)["symbols"] as? [String] == ["MSFT", "KO"])
            let csv = try await client.execute(uri: "/api/v1/watchlist.csv", method: .get, headers: [.cookie: ann])
            #expect(String(buffer: csv.body).contains("\nMSFT,") && !String(buffer: csv.body).contains("AAPL"))
            // Removing a stock she does not follow is hers to be told of, and the owner's list stays.
            #expect(try await Self.send(client, .delete, "/api/v1/watchlist/AAPL", cookie: ann).status == .notFound)
            #expect(try await Self.get(client, "/api/v1/watchlist", cookie: ada)["symbols"] as? [String] == ["AAPL"])

            let adas = try await Self.send(client, .post, "/api/v1/alerts", #"{"symbol":"AAPL","above":"9999.00"}"#, cookie: ada)
            let adaAlert = try #require((try json(adas)["alert"] as? [String: Any])?["id"] as? String)
            let anns = try await Self.send(client, .post, "/api/v1/alerts", #"{"symbol":"KO","below":"1.00"}"#, cookie: ann)
            let annAlert = try #require((try json(anns)["alert"] as? [String: Any])?["id"] as? String)
            #expect(try await Self.alertIDs(client, cookie: ada) == [adaAlert])
            #expect(try await Self.alertIDs(client, cookie: ann) == [annAlert])

            // Ada's alert is a 404 to ann, as one that never was, and stays as it was.
            let change = try await Self.send(client, .put, "/api/v1/alerts/\(adaAlert)", #"{"above":"1.00"}"#, cookie: ann)
            #expect(change.status == .notFound)
            let removal = try await Self.send(client, .delete, "/api/v1/alerts/\(adaAlert)", cookie: ann)
            #expect(removal.status == .notFound)
            let never = try await Self.send(client, .delete, "/api/v1/alerts/999", cookie: ann)
            #expect(String(buffer: never.body).replacingOccurrences(of: "999", with: adaAlert) == String(buffer: removal.body))
            let left = try #require(try await Self.get(client, "/api/v1/alerts", cookie: ada)["alerts"] as? [[String: Any]])
            #expect(left.count == 1 && left.first?["above"] as? String == "9999.00")

            // Devices and settings.
            let phone = try await Self.send(
                client, .post, "/api/v1/push/subscriptions", Self.subscription("ann-phone"), cookie: ann)
            #expect(phone.status == .created)
            let devices = try await Self.get(client, "/api/v1/push/subscriptions", cookie: ada)
            #expect((devices["subscriptions"] as? [Any])?.isEmpty == true)
            let endpoint = try #require(
                "https://push.example/ann-phone".addingPercentEncoding(withAllowedCharacters: .alphanumerics))
            let taken = try await Self.send(client, .delete, "/api/v1/push/subscriptions?endpoint=\(endpoint)", cookie: ada)
            #expect(taken.status == .notFound)
            #expect(
                (try await Self.get(client, "/api/v1/push/subscriptions", cookie: ann)["subscriptions"] as? [Any])?.count == 1)
            #expect(try await Self.send(client, .put, "/api/v1/push/settings", #"{"alerts":false}"#, cookie: ann).status == .ok)
            #expect(try await Self.get(client, "/api/v1/push/settings", cookie: ada)["alerts"] as? Bool == true)
            #expect(try await Self.get(client, "/api/v1/push/settings", cookie: ann)["alerts"] as? Bool == false)
        }
    }

    @Test func aFiredAlertIsToldToItsOwnersBellAndDevicesOnly() async throws {
        let (fixture, live) = try await Self.fixture()
        defer { withExtendedLifetime(live) {} }  // the market's stand-in runs until the end
        let alerts = try #require(fixture.alerts)
        let database = try #require(fixture.database)
        try await fixture.app.test(.live) { client in
            let ada = try await People.owner(client)
            let ann = try await People.accept(client, try await People.invite(client, "ann", role: "member", cookie: ada))
            for (cookie, device) in [(ada, "ada-phone"), (ann, "ann-phone"), (ann, "ann-laptop")] {
                let subscribed = try await Self.send(
                    client, .post, "/api/v1/push/subscriptions", Self.subscription(device), cookie: cookie)
                #expect(subscribed.status == .created)
            }
            let anns = try await Self.send(client, .post, "/api/v1/alerts", #"{"symbol":"AAPL","above":"150.00"}"#, cookie: ann)
            let annAlert = try #require((try json(anns)["alert"] as? [String: Any])?["id"] as? String)
            _ = try await Self.send(client, .post, "/api/v1/alerts", #"{"symbol":"AAPL","below":"100.00"}"#, cookie: ada)

            // A price the app learned (as a list pricing or the feed would tell it).
            let fired = await alerts.observe([
                PriceAlerts.Observation(
                    symbol: "AAPL", price: ExactDecimal("151.25"), changePercent: nil, time: LiveMarket.fridayEvening)
            ])
            #expect(fired.map(\.id) == [annAlert])

            let hers = try #require(
                try await Self.get(client, "/api/v1/notifications", cookie: ann)["notifications"] as? [[String: Any]])
            #expect(hers.map { $0["title"] as? String } == ["AAPL at or above 150.00"])
            let adas = try await Self.get(client, "/api/v1/notifications", cookie: ada)
            #expect((adas["notifications"] as? [Any])?.isEmpty == true && adas["unseen"] as? Int == 0)
            // Queued for her two devices, not the owner's.
            let queued = try await DatabaseNotificationStore(database: database).dueDeliveries(
                at: LiveMarket.fridayEvening, limit: 10)
            #expect(queued.map(\.subscriber.endpoint) == ["https://push.example/ann-phone", "https://push.example/ann-laptop"])
        }
    }

    @Test func removingAMemberDeletesTheirDataAndLeavesTheOwners() async throws {
        let (fixture, live) = try await Self.fixture()
        defer { withExtendedLifetime(live) {} }  // the market's stand-in runs until the end
        let alerts = try #require(fixture.alerts)
        let database = try #require(fixture.database)
        let accounts = fixture.accounts
        try await fixture.app.test(.live) { client in
            let ada = try await People.owner(client)
            let ann = try await People.accept(client, try await People.invite(client, "ann", role: "member", cookie: ada))
            for (cookie, name) in [(ada, "ada"), (ann, "ann")] {
                #expect(try await Self.send(client, .post, "/api/v1/watchlist/KO", cookie: cookie).status == .created)
                _ = try await Self.send(client, .post, "/api/v1/alerts", #"{"symbol":"KO","above":"1.00"}"#, cookie: cookie)
                _ = try await Self.send(client, .post, "/api/v1/alerts", #"{"symbol":"KO","below":"1.00"}"#, cookie: cookie)
                _ = try await Self.send(
                    client, .post, "/api/v1/push/subscriptions", Self.subscription("\(name)-phone"), cookie: cookie)
                _ = try await Self.send(client, .put, "/api/v1/push/settings", #"{"fills":false}"#, cookie: cookie)
            }
            await alerts.observe([
                PriceAlerts.Observation(symbol: "KO", price: ExactDecimal(2), changePercent: nil, time: LiveMarket.fridayEvening)
            ])
            let annID = try #require(try await accounts.person(named: "ann")?.id)

            let removed = try await client.execute(uri: "/api/v1/users/ann", method: .delete, headers: [.cookie: ada])
            #expect(removed.status == .noContent)

            for table in ["watchlist", "price_alert", "push_subscription", "push_setting", "notice"] {
                #expect(try database.count(table, account: annID) == 0, "\(table)")
            }
            #expect(try await Self.get(client, "/api/v1/watchlist", cookie: ada)["symbols"] as? [String] == ["KO"])
            #expect(try await Self.alertIDs(client, cookie: ada).count == 2)
            #expect((try await Self.get(client, "/api/v1/notifications", cookie: ada)["notifications"] as? [Any])?.count == 1)
            #expect(
                (try await Self.get(client, "/api/v1/push/subscriptions", cookie: ada)["subscriptions"] as? [Any])?.count == 1)
            #expect(try await Self.get(client, "/api/v1/push/settings", cookie: ada)["fills"] as? Bool == false)
            let queued = try await DatabaseNotificationStore(database: database).dueDeliveries(
                at: LiveMarket.fridayEvening, limit: 10)
            #expect(queued.map(\.subscriber.endpoint) == ["https://push.example/ada-phone"])
        }
    }
}
