import BourseCore
import Hummingbird
import HummingbirdTesting
import Testing

@testable import StandIns

@Suite("GNB service (stand-in)")
struct GNBStandInTests {
    static func app() throws -> some ApplicationProtocol {
        let router = Router(context: BasicRequestContext.self)
        try GNBStandIn.bundled(.statement).addRoutes(to: router)
        return Application(router: router)
    }

    @Test(
        "serves each resource in the format asked for",
        arguments: [
            ("/standin/gnb/rates", "application/json", GNBFormat.json), ("/standin/gnb/rates", "application/xml", .xml),
            ("/standin/gnb/transactions", "application/json", .json), ("/standin/gnb/transactions", "text/xml", .xml),
            ("/standin/gnb/rates.xml", "application/json", .xml),
            ("/standin/gnb/transactions.json", "application/xml", .json), ("/standin/gnb/rates", "", .json),
        ])
    func formats(path: String, accept: String, format: GNBFormat) async throws {
        try await Self.app().test(.router) { client in
            let headers: HTTPFields = accept.isEmpty ? [:] : [.accept: accept]
            try await client.execute(uri: path, method: .get, headers: headers) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "\(format.mediaType); charset=utf-8")
                #expect((response.headers[.vary] == "Accept") == !path.contains("."))
                let bytes = Array(String(buffer: response.body).utf8)
                #expect(GNBParser.sniffFormat(bytes) == format)
                if path.hasPrefix("/standin/gnb/rates") {
                    let rates = try GNBParser.rates(bytes, format: format)
                    #expect(rates.count == 4)
                    #expect(rates.contains(Rate(from: CurrencyCode("USD")!, to: .eur, rate: "0.736")))
                } else {
                    let transactions = try GNBParser.transactions(bytes, format: format)
                    #expect(transactions.count == 5)
                    #expect(transactions.first == Transaction(sku: "T2006", amount: "10.00", currency: CurrencyCode("USD")!))
                }
            }
        }
    }

    @Test func anUnacceptableAcceptIs406WithAMessage() async throws {
        try await Self.app().test(.router) { client in
            try await client.execute(uri: "/standin/gnb/rates", method: .get, headers: [.accept: "text/html"]) { response in
                #expect(response.status == .notAcceptable)
                #expect(String(buffer: response.body).contains("available as application/json or application/xml"))
            }
        }
    }

    /// The app's `/gnb/{sku}` is a page for every SKU: the service has no path under `/gnb`.
    @Test(arguments: ["/gnb/rates", "/gnb/transactions", "/gnb/rates.json", "/gnb/transactions.xml"])
    func servesNothingOnTheAppsPagePaths(path: String) async throws {
        try await Self.app().test(.router) { client in
            try await client.execute(uri: path, method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    @Test(
        "serves the real sets whole, in both formats",
        arguments: [
            (GNBSampleSet.dump2020, 5039, 6), (.dump2021, 4703, 6),
        ])
    func realSets(set: GNBSampleSet, transactions: Int, rates: Int) async throws {
        let router = Router(context: BasicRequestContext.self)
        try GNBStandIn.bundled(set).addRoutes(to: router)
        try await Application(router: router).test(.router) { client in
            for format in [GNBFormat.json, .xml] {
                let served = try await client.execute(uri: "/standin/gnb/transactions.\(format.rawValue)", method: .get) {
                    response in
                    try GNBParser.transactions(Array(String(buffer: response.body).utf8), format: format)
                }
                #expect(served.count == transactions)
                let servedRates = try await client.execute(uri: "/standin/gnb/rates.\(format.rawValue)", method: .get) {
                    response in
                    try GNBParser.rates(Array(String(buffer: response.body).utf8), format: format)
                }
                #expect(servedRates.count == rates)
            }
        }
    }
}
