import BourseCore
import BundledData
import Foundation
import Testing

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

    @Test func bankFindsFirstWordsAndLaterWordsInNameOrder() {
        let found = Self.index.search("bank", limit: 50)
        #expect(found.count == 50)
        #expect(found.contains { $0.name.lowercased().hasPrefix("bank") })
        let all = Self.index.search("bank", limit: 1000)
        #expect(all.contains { !$0.name.lowercased().hasPrefix("bank") && $0.name.lowercased().contains(" bank") })
        #expect(all.contains { $0.symbol == "BAC" })
        let keys = all.map { $0.name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) }
        #expect(keys == keys.sorted())
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
