import BourseCore
import Foundation
import Hummingbird
import Synchronization
import TestSupport
import Testing

@testable import GNBData
@testable import GNBDataLive

@Suite("GNB client over HTTP")
struct GNBClientTests {
    static let usdToEUR = Rate(from: CurrencyCode("USD")!, to: .eur, rate: "0.736")

    @Test("asks with Accept and reads the answer", arguments: [GNBFormat.json, .xml])
    func asksWithAccept(format: GNBFormat) async throws {
        let server = try await GNBTestServer.start()
        let client = GNBClient(accept: format)

        let data = try await client.load(GNBSources(baseURL: server.gnbURL))

        #expect(data.rates.count == 4 && data.rates.contains(Self.usdToEUR))
        #expect(data.transactions.count == 5)
        #expect(!data.isStale && data.warnings.isEmpty)
        #expect(Set(server.requests.map(\.path)) == ["/standin/gnb/rates", "/standin/gnb/transactions"])
        #expect(server.requests.allSatisfy { $0.accept == format.mediaType })
    }

    @Test func theContentTypeDecidesTheFormatOverTheName() async throws {
        let server = try await GNBTestServer.start { router in
            router.get("odd/rates.json") { _, _ in
                Response(
                    status: .ok, headers: [.contentType: "text/xml"],
                    body: .init(byteBuffer: ByteBuffer(string: #"<rates><rate from="USD" to="EUR" rate="0.736"/></rates>"#)))
            }
            router.get("odd/transactions") { _, _ in
                Response(
                    status: .ok, headers: [.contentType: "text/plain"],
                    body: .init(byteBuffer: ByteBuffer(string: #"[{"sku":"A1","amount":"1.00","currency":"USD"}]"#)))
            }
        }
        let sources = GNBSources(
            rates: .url(server.baseURL.appendingPathComponent("odd/rates.json")),
            transactions: .url(server.baseURL.appendingPathComponent("odd/transactions")))

        let data = try await GNBClient().load(sources)

        #expect(data.rates == [Self.usdToEUR])
        #expect(data.transactions == [Transaction(sku: "A1", amount: "1.00", currency: CurrencyCode("USD")!)])
    }

    @Test func aSourceThatIsDownFallsBackToTheLastGoodDownloadMarkedStale() async throws {
        let server = try await GNBTestServer.start()
        let sources = GNBSources(baseURL: server.gnbURL)
        let client = GNBClient(store: InMemoryAnswerStore())
        let fresh = try await client.load(sources)

        await server.stop()
        let fallback = try await client.load(sources)

        #expect(fallback.isStale)
        #expect(fallback.rates == fresh.rates && fallback.transactions == fresh.transactions)
        #expect(fallback.warnings.count == 2 && fallback.warnings.allSatisfy { $0.contains("can't be reached") })
    }

    @Test func aSavedAnswerUnderTheSourcesKeyIsItsLastGoodDownload() async throws {
        let server = try await GNBTestServer.start()
        let sources = GNBSources(baseURL: server.gnbURL)
        await server.stop()
        let fetchedAt = Date(timeIntervalSince1970: 1_700_000_000)
        let store = InMemoryAnswerStore()
        // Saved as the storage migration carries a GNB download over: `gnb:` and the source, the
        // format as a media type.
        await store.save(
            SavedAnswer(
                key: "gnb:\(sources.rates)", body: Array(#"<rates><rate from="USD" to="EUR" rate="0.736"/></rates>"#.utf8),
                mediaType: "application/xml", fetchedAt: fetchedAt, freshUntil: fetchedAt))
        await store.save(
            SavedAnswer(
                key: "gnb:\(sources.transactions)", body: Array(#"[{"sku":"A1","amount":"1.00","currency":"USD"}]"#.utf8),
                mediaType: "application/json", fetchedAt: fetchedAt, freshUntil: fetchedAt))

        let data = try await GNBClient(store: store).load(sources)

        #expect(data.isStale && data.fetchedAt == fetchedAt)
        #expect(data.rates == [Self.usdToEUR])
        #expect(data.transactions == [Transaction(sku: "A1", amount: "1.00", currency: CurrencyCode("USD")!)])
    }

    @Test func aSourceThatIsDownWithNothingSavedIsUnavailable() async throws {
        let server = try await GNBTestServer.start()
        let sources = GNBSources(baseURL: server.gnbURL)
        await server.stop()

        await #expect {
            try await GNBClient().load(sources)
        } throws: { error in
            (error as? GNBError)?.isUnavailable == true && "\(error)".contains("Can't get the GNB data from")
        }
    }

    @Test func anErrorStatusIsUnavailable() async throws {
        let server = try await GNBTestServer.start { router in
            router.get("broken/rates") { _, _ in Response(status: .internalServerError) }
        }
        let sources = GNBSources(
            rates: .url(server.baseURL.appendingPathComponent("broken/rates")),
            transactions: .url(server.gnbURL.appendingPathComponent("transactions")))

        await #expect {
            try await GNBClient().load(sources)
        } throws: { error in
            "\(error)".contains("answered HTTP 500")
        }
    }

    @Test func badDataNamesEveryBadRecordAndFallsBackWhenItCan() async throws {
        let badRates =
            #"[{"from":"EUR","to":"USD","rate":"abc"},{"from":"USD","to":"EUR","rate":"0.736"},{"from":"usd","to":"EUR","rate":"1"}]"#
        let serveBad = Mutex(false)
        let server = try await GNBTestServer.start { router in
            router.get("flaky/rates") { _, _ in
                let bad = serveBad.withLock { $0 }
                let body = bad ? badRates : #"[{"from":"USD","to":"EUR","rate":"0.736"}]"#
                return Response(
                    status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: body)))
            }
        }
        let sources = GNBSources(
            rates: .url(server.baseURL.appendingPathComponent("flaky/rates")),
            transactions: .url(server.gnbURL.appendingPathComponent("transactions")))

        serveBad.withLock { $0 = true }
        await #expect {
            try await GNBClient().load(sources)
        } throws: { error in
            guard case .badData(_, .badRecords(let records, let valid)) = error as? GNBError else { return false }
            return records.map(\.record) == [1, 3] && valid == 1
        }

        let client = GNBClient(store: InMemoryAnswerStore())
        serveBad.withLock { $0 = false }
        _ = try await client.load(sources)
        serveBad.withLock { $0 = true }
        let fallback = try await client.load(sources)
        #expect(fallback.isStale && fallback.rates == [Self.usdToEUR])
        #expect(fallback.warnings.first?.contains("sent data that is not valid") == true)
    }

    @Test func readsFilesByExtensionOrByContent() async throws {
        let folder = try TemporaryFolder()
        let rates = folder.file("rates.xml")
        let transactions = folder.file("transactions-download")
        try Data(#"<?xml version="1.0"?><rates><rate from='USD' to='EUR' rate='0.736'/></rates>"#.utf8).write(to: rates)
        try Data("  [ {\"sku\": \"T2006\", \"amount\": 10.00, \"currency\": \"USD\"} ]".utf8).write(to: transactions)

        let data = try await GNBClient().load(
            GNBSources(rates: GNBSource(rates.path), transactions: GNBSource(transactions.path)))

        #expect(data.rates == [Self.usdToEUR])
        #expect(data.transactions.first?.amount.description == "10.00")
    }

    @Test func aMissingFileIsUnavailable() async {
        await #expect {
            try await GNBClient().load(GNBSources(rates: .file("/no/such/rates.json"), transactions: .file("/no/such/t.json")))
        } throws: { error in
            "\(error)".contains("no such file")
        }
    }
}
