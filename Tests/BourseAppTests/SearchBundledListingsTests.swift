import BourseCore
import BundledData
import Foundation
import MarketsFeature
import Testing

@testable import BourseApp

/// The search index over the listings Bourse ships (about 8,800 of them).
@Suite("Search over the bundled listings")
struct SearchBundledListingsTests {
    static let index = SearchIndex(listings: try! BundledData.listings())

    @Test func indexesEveryListing() throws {
        #expect(Self.index.count == (try BundledData.listings()).count)
        #expect(Self.index.count > 8000)
    }

    @Test func appFindsApple() {
        let found = Self.index.search("app", limit: 50)
        #expect(found.contains { $0.symbol == "AAPL" && $0.name == "Apple Inc." })
        #expect(
            found.allSatisfy { listing in
                listing.symbol.lowercased().hasPrefix("app")
                    || listing.name.lowercased().split(whereSeparator: { !$0.isLetter }).contains { $0.hasPrefix("app") }
            })
    }

    @Test func bankFindsFirstWordsAndLaterWordsCompaniesThenFundsInNameOrder() {
        let found = Self.index.search("bank", limit: 50)
        #expect(found.count == 50)
        #expect(found.contains { $0.name.lowercased().hasPrefix("bank") })
        let all = Self.index.search("bank", limit: 1000)
        #expect(all.contains { !$0.name.lowercased().hasPrefix("bank") && $0.name.lowercased().contains(" bank") })
        #expect(all.contains { $0.symbol == "BAC" })
        let funds = all.drop { !$0.isETF }
        #expect(!funds.isEmpty && funds.allSatisfy(\.isETF), "companies first, then funds")
        for tier in [Array(all.prefix { !$0.isETF }), Array(funds)] {
            let keys = tier.map { $0.name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) }
            #expect(keys == keys.sorted())
        }
    }

    /// The app's search (`ListingSearch`: the S&P 500 companies first) over the shipped listings.
    static let search = ListingSearch()

    @Test(
        "the stock a person means comes first",
        arguments: [
            ("nvda", "NVDA"), ("NVDA", "NVDA"), ("msft", "MSFT"), ("aapl", "AAPL"), ("apple", "AAPL"),
            ("app", "APP"),  // AppLovin's symbol; Apple is next
            ("t", "T"), ("brk.b", "BRK.B"), ("goog", "GOOG"), ("nvidia", "NVDA"), ("microsoft", "MSFT"),
            ("tesla", "TSLA"), ("bank of", "BAC"), ("bank of a", "BAC"), ("coca", "KO"), ("amazon", "AMZN"),
        ] as [(String, String)])
    func firstResult(query: String, symbol: String) async throws {
        let found = try await Self.search.search(query, limit: 10)
        #expect(found.first?.symbol == symbol, "\(query): \(found.map(\.symbol))")
    }

    @Test(
        "the order after the first",
        arguments: [
            ("app", ["APP", "AAPL", "AMAT"]),  // the exact symbol, then the S&P 500 by name
            ("bank of", ["BAC", "BNY"]),  // Bank of America, (The) Bank of New York Mellon
            ("nvda", ["NVDA"]),
        ] as [(String, [String])])
    func leadingResults(query: String, expected: [String]) async throws {
        let found = try await Self.search.search(query, limit: 10).map(\.symbol)
        #expect(Array(found.prefix(expected.count)) == expected, "\(query): \(found)")
    }

    @Test func theFundsNamedAfterAStockComeAfterTheCompanies() async throws {
        let listings = Dictionary(try BundledData.listings().map { ($0.symbol, $0) }, uniquingKeysWith: { a, _ in a })
        let found = try await Self.search.search("nvda", limit: 50)
        let firstFund = try #require(found.firstIndex { $0.isETF }, "leveraged NVDA funds are listed")
        #expect(found[firstFund...].allSatisfy { listings[$0.symbol]?.isETF == true })
        #expect(found[0].symbol == "NVDA")
    }

    @Test("finds nothing, without error", arguments: ["nestle", "zzzzqqq", "...", ""])
    func findsNothing(query: String) async throws {
        #expect(try await Self.search.search(query, limit: 10).isEmpty)
    }

    @Test("symbols", arguments: [("AAP", "AAPL"), ("brk.b", "BRK.B"), ("msft", "MSFT"), ("at&t", "T"), ("goog", "GOOGL")])
    func symbols(query: String, symbol: String) {
        #expect(Self.index.search(query, limit: 50).contains { $0.symbol == symbol }, "\(query)")
    }

    @Test func answersInMicroseconds() {
        let queries = ["a", "app", "bank", "bank of", "b", "micro", "nestle", "t", "zzz", "first", "gold", "brk.b"]
        let clock = ContinuousClock()
        var times: [Duration] = []
        for _ in 0..<50 {
            for query in queries {
                times.append(clock.measure { _ = Self.index.search(query, limit: 10) })
            }
        }
        times.sort()
        // Generous for a debug build on a shared machine; the benchmark measures the release build.
        #expect(times[times.count / 2] < .milliseconds(1), "median \(times[times.count / 2])")
    }
}
