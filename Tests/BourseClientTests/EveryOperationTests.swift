import AsyncHTTPClient
import Foundation
import HTTPTypes
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime
import Synchronization
import TestSupport
import Testing

@testable import BourseClient

/// Every operation of `/api/openapi.json`, called through the generated client against the built
/// `bourse serve` on loopback, signed in by an API token: each answer must be the documented
/// success and decode into its generated type (a type that cannot read a real answer fails here).
/// The operations called are checked against the document's, so a new operation needs a call.
@Suite("Every operation through the generated client", .serialized)
struct EveryOperationTests {
    /// The operation ids the client sent, in order.
    final class Called: ClientMiddleware {
        let ids = Mutex<[String]>([])

        func intercept(
            _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
            next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
        ) async throws -> (HTTPResponse, HTTPBody?) {
            ids.withLock { $0.append(operationID) }
            return try await next(request, body, baseURL)
        }
    }

    static let password = "correct horse battery"

    /// The document's operation ids, from the file the server serves.
    static func documentedOperations() throws -> Set<String> {
        let data = try Data(contentsOf: GeneratedDocumentTests.document)
        let document = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        let paths = document["paths"] as! [String: [String: Any]]
        var ids = Set<String>()
        for operations in paths.values {
            for (method, operation) in operations where ["get", "put", "post", "delete", "patch"].contains(method) {
                ids.insert((operation as! [String: Any])["operationId"] as! String)
            }
        }
        return ids
    }

    @Test func everyOperationAnswersItsDocumentedSuccessAndDecodes() async throws {
        // The owner's password (sign-in on) and an API token, as an operator sets them.
        var token = ""
        let server = try await RunningServer { database in
            let set = try RunningServer.command(["password", "--database", database], input: Self.password + "\n")
            #expect(set.status == 0, "\(set.error)")
            let made = try RunningServer.command(["token", "create", "app", "--database", database])
            token = try #require(made.output.split(separator: "\n").first.map(String.init))
        }
        // Redirects are answers here (a page's 303), not followed.
        let http = HTTPClient(
            eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        let called = Called()
        let client = Client(
            serverURL: server.url, transport: AsyncHTTPClientTransport(configuration: .init(client: http)),
            middlewares: [called, BearerTokenMiddleware(token: token)])
        do {
            try await Self.callEverything(client, server: server)
        } catch {
            try await http.shutdown()
            throw error
        }
        try await http.shutdown()
        let missing = try Self.documentedOperations().subtracting(called.ids.withLock { $0 })
        #expect(missing.isEmpty, "operations of the document never called: \(missing.sorted())")
    }

    static func callEverything(_ client: Client, server: RunningServer) async throws {
        // Markets, search, history.
        #expect(try await client.health().ok.body.json.status == .ok)
        _ = try await client.openAPIDocument().ok.body.json
        let tickers = try await client.listTickers(query: .init(limit: 5)).ok.body.json
        #expect(tickers.results.count == 5)
        _ = try await client.getMovers().ok.body.json
        let quotes = try await client.getQuotes(query: .init(symbols: "AAPL,MSFT")).ok.body.json
        #expect(quotes.results.count == 2)
        let apple = try await client.getStock(path: .init(symbol: "aapl")).ok.body.json
        #expect(apple.symbol == "AAPL" && apple.name == "Apple Inc.")
        let bars = try await client.getBars(path: .init(symbol: "AAPL"), query: .init(range: ._1m)).ok.body.json
        #expect(!bars.bars.isEmpty)
        let found = try await client.search(query: .init(q: "app", limit: 3)).ok.body.json
        #expect(found.results.map(\.symbol).contains("AAPL"))
        _ = try await client.searchListings().ok.body.json
        _ = try await client.getChart(path: .init(symbol: "AAPL")).ok.body
        _ = try await client.sparkline(path: .init(symbol: "AAPL")).ok.body

        // GNB.
        let products = try await client.listGNBProducts().ok.body.json
        let sku = try #require(products.products.first?.sku)
        #expect(try await client.getGNBProduct(path: .init(sku: sku)).ok.body.json.sku == sku)
        _ = try await client.exportGNBProducts().ok.body.csv
        _ = try await client.exportGNBTransactions(path: .init(sku: sku)).ok.body.csv

        // The exchange: every order kind placed, one cancelled.
        let limit = try OrderTicket(side: .buy, quantity: 5, type: .limit(price: "1.00"))
        let placed = try await client.placeOrder(body: .json(Self.request(limit))).created.body.json
        #expect(placed.order.status == .pending && placed.order.price == "1.00")
        let market = try await client.placeOrder(
            body: .json(Self.request(OrderTicket(side: .buy, quantity: 3, type: .market)))
        ).created.body.json
        #expect(market.order.status == .filled && !market.fills.isEmpty)
        for kind: OrderTicket.Kind in [
            .stop(stopPrice: "1.00"), .stopLimit(stopPrice: "1.00", price: "0.99"), .trailingStop(.amount("5.00")),
            .trailingStop(.percent("2.5")),
        ] {
            let order = try await client.placeOrder(
                body: .json(Self.request(OrderTicket(side: .sell, quantity: 1, type: kind)))
            ).created.body.json.order
            #expect(order.status == .pending, "\(kind)")
        }
        _ = try await client.getOrder(path: .init(id: placed.order.id)).ok.body.json
        let cancelled = try await client.cancelOrder(path: .init(id: placed.order.id)).ok.body.json
        #expect(cancelled.order.status == .cancelled)
        #expect(try await client.listOrders(query: .init(status: .all)).ok.body.json.orders.count == 6)
        _ = try await client.exportOrders().ok.body.csv
        _ = try await client.exportFills().ok.body.csv
        _ = try await client.getBook().ok.body.json
        #expect(try await client.getPosition().ok.body.json.quantity == 3)

        // Watchlist, alerts, notifications, push.
        _ = try await client.followStock(path: .init(symbol: "AAPL")).created.body.json
        let replaced = try await client.replaceWatchlist(body: .json(.init(symbols: ["MSFT", "AAPL"]))).ok.body.json
        #expect(replaced.symbols == ["MSFT", "AAPL"])
        #expect(try await client.unfollowStock(path: .init(symbol: "MSFT")).ok.body.json.symbols == ["AAPL"])
        #expect(try await client.watchlist().ok.body.json.symbols == ["AAPL"])
        _ = try await client.exportWatchlist().ok.body.csv
        let alert = try await client.createAlert(body: .json(.case1(.init(symbol: "AAPL", above: "500.00")))).created
            .body.json.alert
        let changed = try await client.changeAlert(path: .init(id: alert.id), body: .json(.case2(.init(below: "1.00"))))
            .ok.body.json.alert
        #expect(changed.below == "1.00" && changed.above == nil)
        #expect(try await client.listAlerts().ok.body.json.alerts.count == 1)
        _ = try await client.deleteAlert(path: .init(id: alert.id)).noContent
        _ = try await client.listNotifications().ok.body.json
        _ = try await client.markNotificationsSeen().noContent
        _ = try await client.pushKey().ok.body.json
        let endpoint = "https://push.example.com/send/abc"
        _ = try await client.subscribePush(
            body: .json(
                .init(
                    endpoint: endpoint,
                    keys: .init(
                        p256dh:
                            "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
                        auth: "tBHItJI5svbpez7KI4CCXg")))
        )
        .created
        #expect(try await client.listPushSubscriptions().ok.body.json.subscriptions.count == 1)
        _ = try await client.unsubscribePush(query: .init(endpoint: endpoint)).noContent
        _ = try await client.pushSettings().ok.body.json
        #expect(try await client.changePushSettings(body: .json(.init(fills: false))).ok.body.json.fills == false)

        // People: an invitation by the API and one by the page, each taken, changed and removed.
        let invitation = try await client.invite(body: .json(.init(name: "ann", role: .member))).created.body.json
        let link = try #require(invitation.invitation.link)
        let annToken = String(link.dropFirst("/invite/".count))
        _ = try await client.invitationPage(path: .init(token: annToken)).ok.body.html
        _ = try await client.acceptInvitation(path: .init(token: annToken), body: .json(.init(password: Self.password)))
            .created.body.json
        #expect(
            try await client.changeRole(path: .init(name: "ann"), body: .json(.init(role: .viewer))).ok.body.json.person.role
                == .viewer)
        #expect(try await client.listPeople().ok.body.json.people.count == 2)
        _ = try await client.removePerson(path: .init(name: "ann")).noContent
        let invitedPage = try await client.invitePage(body: .urlEncodedForm(.init(name: "bob", role: "member"))).created
            .body.html
        let page = try await String(collecting: invitedPage, upTo: 1 << 20)
        let bobToken = try #require(page.firstMatch(of: /\/invite\/([A-Za-z0-9_-]+)/)).1
        _ = try await client.acceptInvitationPage(
            path: .init(token: String(bobToken)), body: .urlEncodedForm(.init(password: Self.password))
        ).seeOther
        _ = try await client.changeRolePage(path: .init(name: "bob"), body: .urlEncodedForm(.init(role: "viewer"))).seeOther
        _ = try await client.removePage(path: .init(name: "bob")).seeOther
        _ = try await client.peoplePage().ok.body.html

        // The leaderboard.
        _ = try await client.leaderboard().ok.body.json
        _ = try await client.changeLeaderboard(body: .json(.init(hidden: true))).ok.body.json
        _ = try await client.changeLeaderboardPage(body: .urlEncodedForm(.init(hidden: ._false))).seeOther
        _ = try await client.leaderboardPage().ok.body.html

        // The pages and what the installed app fetches.
        let home = try await String(collecting: try await client.marketsPage().ok.body.html, upTo: 1 << 22)
        let asset = try #require(home.firstMatch(of: /\/assets\/([A-Za-z0-9._-]+)/)).1
        _ = try await client.marketsListPage().ok.body.html
        _ = try await client.stockPage(path: .init(symbol: "AAPL")).ok.body.html
        _ = try await client.searchPage(query: .init(q: "app")).ok.body.html
        _ = try await client.exchangePage().ok.body.html
        _ = try await client.gnbProductsPage().ok.body.html
        _ = try await client.gnbProductPage(path: .init(sku: sku)).ok.body.html
        _ = try await client.getAsset(path: .init(name: String(asset))).ok
        _ = try await client.manifest().ok
        _ = try await client.serviceWorker().ok
        _ = try await client.offlinePage().ok.body.html
        _ = try await client.appleTouchIcon().ok
        _ = try await client.icon(path: .init(name: "icon-192.png")).ok
        _ = try await client.metrics().ok

        // Signing in and out with the password (a browser's path).
        _ = try await client.signInPage().ok.body.html
        _ = try await client.signIn(body: .urlEncodedForm(.init(name: "owner", password: Self.password))).seeOther
        _ = try await client.signOut().seeOther
    }

    /// A ticket as the document's request.
    static func request(_ ticket: OrderTicket) throws -> Components.Schemas.OrderRequest {
        try ticket.request()
    }
}
