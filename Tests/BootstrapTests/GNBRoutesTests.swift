import BourseCore
import Foundation
import GNBData
import Hummingbird
import HummingbirdTesting
import Logging
import MarketData
import TestSupport
import Testing

@testable import Bootstrap
@testable import BourseApp

/// The GNB API end to end: router -> GNB service -> client -> HTTP -> the embedded GNB service.
@Suite("GNB routes over the real stack")
struct GNBRoutesTests {
    static func app(environment: [String: String] = [:]) async throws -> (some ApplicationProtocol, EmbeddedServices) {
        let embedded = try #require(try await EmbeddedServices.start([.gnb, .market]))
        var quiet = Logger(label: "test")
        quiet.logLevel = .critical
        let settings = try SourceSettings(environment: environment)
        let gnb = try GNBCatalogSource.make(settings: settings, store: InMemoryAnswerStore(), embedded: embedded, logger: quiet)
        let market = try MarketSource.make(settings: settings, cache: InMemoryAnswerStore(), embedded: embedded, logger: quiet)
        return (Application(router: buildRouter(AppFeatures(market: market, gnb: gnb))), embedded)
    }

    @Test func theProductsOfTheStatementWithTheirTotals() async throws {
        let (app, embedded) = try await Self.app()
        defer { embedded.stop() }
        try await app.test(.router) { client in
            try await client.execute(uri: "/api/v1/gnb/products", method: .get) { response in
                #expect(response.status == .ok)
                let body = try json(response)
                #expect(body["currency"] as? String == "EUR")
                #expect(body["stale"] as? Bool == false)
                let products = try #require(body["products"] as? [[String: Any]])
                #expect(products.map { $0["sku"] as? String } == ["B2009", "M2007", "R2008", "T2006"])
                let t2006 = try #require(products.last)
                #expect(t2006["count"] as? Int == 2)
                #expect(t2006["total"] as? String == "14.99")
            }
        }
    }

    @Test func t2006ConvertsEachTransactionAlongItsPath() async throws {
        let (app, embedded) = try await Self.app()
        defer { embedded.stop() }
        try await app.test(.router) { client in
            try await client.execute(uri: "/api/v1/gnb/products/T2006", method: .get) { response in
                #expect(response.status == .ok)
                let body = try json(response)
                #expect(body["sku"] as? String == "T2006")
                #expect(body["total"] as? String == "14.99")
                let lines = try #require(body["transactions"] as? [[String: Any]])
                #expect(lines.count == 2)
                #expect(lines[0]["amount"] as? String == "10.00" && lines[0]["currency"] as? String == "USD")
                #expect(lines[0]["eur"] as? String == "7.36")
                #expect(lines[0]["path"] as? [String] == ["USD", "EUR"])
                #expect(lines[1]["eur"] as? String == "7.63")
                #expect(lines[1]["path"] as? [String] == ["EUR"])
                #expect(lines.allSatisfy { $0["error"] is NSNull })
            }
            // In USD: 10.00 USD stays, 7.63 EUR x 1.359 = 10.36917 -> 10.37.
            try await client.execute(uri: "/api/v1/gnb/products/T2006?currency=usd", method: .get) { response in
                let body = try json(response)
                #expect(body["currency"] as? String == "USD")
                #expect(body["total"] as? String == "20.37")
            }
        }
    }

    @Test(
        "refuses bad requests",
        arguments: [
            ("/api/v1/gnb/products/T9999", 404, "no product T9999"),
            ("/api/v1/gnb/products/%3Cscript%3E", 400, "is not a SKU"),
            ("/api/v1/gnb/products?currency=euro", 400, "three-letter code"),
            ("/api/v1/gnb/products?currency=%C4%B1nr", 400, "three-letter code"),
        ])
    func refused(path: String, status: Int, message: String) async throws {
        let (app, embedded) = try await Self.app()
        defer { embedded.stop() }
        try await app.test(.router) { client in
            try await client.execute(uri: path, method: .get) { response in
                #expect(response.status.code == status)
                let error = try #require(try json(response)["error"] as? String)
                #expect(error.contains(message), "\(error)")
            }
        }
    }

    @Test func aSourceThatIsDownWithNothingSavedIsA503ThatSaysSo() async throws {
        let (app, embedded) = try await Self.app(environment: ["BOURSE_GNB_URL": "http://127.0.0.1:9/gnb"])
        defer { embedded.stop() }
        try await app.test(.router) { client in
            try await client.execute(uri: "/api/v1/gnb/products", method: .get) { response in
                #expect(response.status == .serviceUnavailable)
                let error = try #require(try json(response)["error"] as? String)
                #expect(error.contains("Can't get the GNB data from http://127.0.0.1:9/gnb"), "\(error)")
            }
        }
    }

    /// The GNB stand-in is served on the embedded services' own port under its prefix, never
    /// on the app's router: on the app, `/gnb/{sku}` is a product's page for every SKU.
    @Test(arguments: ["/gnb/rates", "/gnb/transactions.xml", "/gnb/transactions", "/gnb/rates.json"])
    func aSKUThatLooksLikeTheServicesPathIsAPage(path: String) async throws {
        let (app, embedded) = try await Self.app()
        defer { embedded.stop() }
        let sku = String(path.dropFirst("/gnb/".count))
        try await app.test(.router) { client in
            try await client.execute(uri: path, method: .get, headers: [.accept: "application/xml"]) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                #expect(String(buffer: response.body).contains("<h1>Product \(sku)</h1>"))
            }
            try await client.execute(uri: "/api/v1/gnb/products/\(sku)", method: .get) { response in
                #expect(response.status == .notFound)
                let error = try json(response)["error"] as? String
                #expect(error == "no product \(sku) in the transactions")
            }
            try await client.execute(uri: "/standin\(path)", method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    @Test func theEmbeddedGNBServiceIsUnderItsPrefixOnItsOwnPort() async throws {
        let (_, embedded) = try await Self.app()
        defer { embedded.stop() }
        #expect(embedded.gnbURL.absoluteString == "\(embedded.baseURL.absoluteString)/standin/gnb")
        #expect(embedded.gnb != nil)
        let router = EmbeddedServices.router(polygon: nil, gnb: embedded.gnb, feed: nil)
        try await Application(router: router).test(.router) { client in
            try await client.execute(uri: "/standin/gnb/rates", method: .get, headers: [.accept: "application/xml"]) {
                response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains(#"<rate from="USD" to="EUR" rate="0.736"/>"#))
            }
            try await client.execute(uri: "/standin/gnb/transactions", method: .get, headers: [.accept: "image/png"]) {
                response in
                #expect(response.status == .notAcceptable)
            }
            try await client.execute(uri: "/gnb/rates", method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
    }
}
