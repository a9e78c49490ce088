import BourseCore
import Foundation
import Testing

/// Search as you type: what each query finds, in which order, and the queries that find nothing.
@Suite("Search index")
struct SearchIndexTests {
    static let listings: [Listing] = [
        Listing(symbol: "AAPL", name: "Apple Inc.", exchange: .nasdaq, isETF: false),
        Listing(symbol: "APLE", name: "Apple Hospitality REIT, Inc.", exchange: .nyse, isETF: false),
        Listing(symbol: "APP", name: "AppLovin Corporation", exchange: .nasdaq, isETF: false),
        Listing(symbol: "BAC", name: "Bank of America Corporation", exchange: .nyse, isETF: false),
        Listing(symbol: "FBNC", name: "First Bancorp", exchange: .nasdaq, isETF: false),
        Listing(symbol: "FRBA", name: "First Bank", exchange: .nasdaq, isETF: false),
        Listing(symbol: "BOH", name: "Bank of Hawaii Corporation", exchange: .nyse, isETF: false),
        Listing(symbol: "T", name: "AT&T Inc.", exchange: .nyse, isETF: false),
        Listing(symbol: "BRK.B", name: "Berkshire Hathaway Inc.", exchange: .nyse, isETF: false),
        Listing(symbol: "NSRGY", name: "Nestlé S.A.", exchange: .nyse, isETF: false),
        Listing(symbol: "ORLY", name: "O’Reilly Automotive, Inc.", exchange: .nasdaq, isETF: false),
        Listing(symbol: "KO", name: "Coca-Cola Company (The)", exchange: .nyse, isETF: false),
        Listing(symbol: "EL", name: "Estée Lauder Companies (The)", exchange: .nyse, isETF: false),
        Listing(symbol: "SONY", name: "Sony Group Corporation", exchange: .nyse, isETF: false),
        Listing(symbol: "TM", name: "トヨタ自動車 Toyota Motor", exchange: .nyse, isETF: false),
        Listing(symbol: "ZZAP", name: "zapp electric vehicles", exchange: .nasdaq, isETF: false),
    ]
    static let index = SearchIndex(listings: listings)

    static func symbols(_ query: String, limit: Int = 50) -> [String] {
        index.search(query, limit: limit).map(\.symbol)
    }

    @Test(
        "finds by name, later word and symbol",
        arguments: [
            ("app", ["APP", "APLE", "AAPL"]),  // the exact symbol first; "Apple H..." before "Apple I..."
            ("APPLE", ["APLE", "AAPL"]),
            ("a", ["APLE", "AAPL", "APP", "T", "BAC", "ORLY"]),  // "of America", "Automotive"
            ("bank", ["BAC", "BOH", "FRBA"]),
            ("ban", ["BAC", "BOH", "FBNC", "FRBA"]),
            ("hawaii", ["BOH"]),
            ("corp", ["APP", "BAC", "BOH", "SONY"]),
            ("AAP", ["AAPL"]),
            ("brk.b", ["BRK.B"]),
            ("brk", ["BRK.B"]),
            ("zz", ["ZZAP"]),
            ("t", ["T", "KO", "EL", "TM"]),  // "(The)", "Toyota"; names beyond ASCII sort last
            ("at&t", ["T"]),
            ("at&", ["T"]),
            ("apple inc", ["AAPL"]),
            ("  Apple  ", ["APLE", "AAPL"]),
        ] as [(String, [String])])
    func finds(query: String, expected: [String]) {
        #expect(Self.symbols(query) == expected, "\(query)")
    }

    @Test(
        "multi-word queries match consecutive words from a word start",
        arguments: [
            ("bank of", ["BAC", "BOH"]),
            ("bank of a", ["BAC"]),
            ("of america", ["BAC"]),
            ("first bank", ["FRBA"]),
            ("first ban", ["FBNC", "FRBA"]),
            ("bank first", []),
            ("america bank", []),
        ] as [(String, [String])])
    func multiWord(query: String, expected: [String]) {
        #expect(Self.symbols(query) == expected, "\(query)")
    }

    @Test(
        "folds case, accents and punctuation",
        arguments: [
            ("nestle", ["NSRGY"]),
            ("NESTLÉ", ["NSRGY"]),
            ("nestlé s.a", ["NSRGY"]),
            ("estee lauder", ["EL"]),
            ("Estée", ["EL"]),
            ("o'reilly", ["ORLY"]),
            ("oreilly", ["ORLY"]),
            ("o’reilly automotive inc", ["ORLY"]),
            ("coca-cola", ["KO"]),
            ("coca cola", ["KO"]),
            ("cola", ["KO"]),
            ("トヨタ", ["TM"]),
            ("toyota", ["TM"]),
            ("ｔｏｙｏｔａ", ["TM"]),  // full-width letters
        ] as [(String, [String])])
    func folds(query: String, expected: [String]) {
        #expect(Self.symbols(query) == expected, "\(query)")
    }

    @Test(
        "finds nothing",
        arguments: [
            "", " ", "\t\n", "...", "&t", "x", "qqq", "😀", "\u{0301}",
            String(repeating: "a", count: 101), String(repeating: "é", count: 5000), String(repeating: "a ", count: 60),
        ])
    func findsNothing(query: String) {
        #expect(Self.symbols(query).isEmpty, "\(query.prefix(20))")
    }

    @Test func aQueryOfExactlyTheLongestLengthIsSearched() {
        let name = String(repeating: "word ", count: 20).trimmingCharacters(in: .whitespaces)
        let index = SearchIndex(listings: [Listing(symbol: "LONG", name: name + " more", exchange: .nyse, isETF: false)])
        #expect(name.count == 99)
        #expect(index.search(name + " ", limit: 5).map(\.symbol) == ["LONG"])
        #expect(index.search(name + " m", limit: 5).isEmpty, "101 characters")
    }

    @Test("results are cut at the limit, in name order", arguments: [0, 1, 2, 3, 9, 100, Int.max])
    func limit(limit: Int) {
        let all = ["APLE", "AAPL", "APP", "T", "BAC", "ORLY"]
        #expect(Self.symbols("a", limit: limit) == Array(all.prefix(max(0, limit))))
    }

    @Test func aListingFoundSeveralWaysAppearsOnce() {
        let index = SearchIndex(listings: [
            Listing(symbol: "BANK", name: "Bank Bankers Bank", exchange: .nasdaq, isETF: false),
            Listing(symbol: "BANK", name: "Bank Bankers Bank (again)", exchange: .nasdaq, isETF: false),
        ])
        #expect(index.count == 1)
        #expect(index.search("bank", limit: 10).map(\.name) == ["Bank Bankers Bank"])
    }

    @Test func equalNamesAreOrderedBySymbolAndCaseDoesNotOrder() {
        let index = SearchIndex(listings: [
            Listing(symbol: "ZB", name: "alpha", exchange: .nasdaq, isETF: false),
            Listing(symbol: "ZA", name: "Alpha", exchange: .nasdaq, isETF: false),
            Listing(symbol: "B", name: "BETA", exchange: .nasdaq, isETF: false),
            Listing(symbol: "C", name: "Ålpha Beta", exchange: .nasdaq, isETF: false),
        ])
        #expect(index.search("alpha", limit: 10).map(\.symbol) == ["ZA", "ZB", "C"])
        #expect(index.search("beta", limit: 10).map(\.symbol) == ["C", "B"])
    }

    @Test func anEmptyIndexFindsNothing() {
        let index = SearchIndex(listings: [])
        #expect(index.count == 0)
        #expect(index.search("a", limit: 10).isEmpty)
    }

    /// Many matches: the smallest ranks must come from the range-minimum path, not the short one.
    @Test func manyMatchesAgreeWithAPlainScan() {
        var state: UInt64 = 7
        let syllables = ["ka", "lo", "mi", "ne", "ra", "su", "to", "ve", "ba", "co"]
        func word() -> String {
            (0..<3).map { _ in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return syllables[Int((state >> 33) % 10)]
            }.joined()
        }
        let listings = (0..<5000).map { i in
            Listing(symbol: "S\(i)", name: "\(word()) \(word()) \(word())", exchange: .nasdaq, isETF: false)
        }
        let index = SearchIndex(listings: listings)
        let ordered = listings.sorted { ($0.name.lowercased(), $0.symbol) < ($1.name.lowercased(), $1.symbol) }
        let words = listings[0].name.split(separator: " ")
        let twoWords = "\(words[0]) \(words[1].prefix(2))"
        for query in ["k", "ka", "kalo", "s", "s1", twoWords, "co", "bab"] {
            let found = ordered.filter { listing in
                listing.symbol.lowercased().hasPrefix(query)
                    || (" " + listing.name).contains(" " + query)
            }
            // The exact symbol first ("s1" is S1's), then the rest in name order.
            let expected =
                found.filter { $0.symbol.lowercased() == query } + found.filter { $0.symbol.lowercased() != query }
            #expect(index.search(query, limit: 25) == Array(expected.prefix(25)), "\(query)")
            #expect(index.search(query, limit: 5000) == expected, "\(query)")
        }
    }

    @Test(
        "the exact symbol comes first, then the name order",
        arguments: [
            ("t", ["T", "KO", "EL", "TM"]),
            ("app", ["APP", "APLE", "AAPL"]),
            ("APP", ["APP", "APLE", "AAPL"]),
            (" app ", ["APP", "APLE", "AAPL"]),
            ("brk.b", ["BRK.B"]),
            ("sony", ["SONY"]),
            ("el", ["EL", "ZZAP"]),  // "zapp electric vehicles"
            ("ko", ["KO"]),
            ("appl", ["APLE", "AAPL", "APP"]),  // no symbol is "APPL": name order alone
        ] as [(String, [String])])
    func exactSymbolFirst(query: String, expected: [String]) {
        #expect(Self.symbols(query) == expected, "\(query)")
    }

    @Test("the exact symbol is first even when the limit is reached", arguments: [1, 2])
    func exactSymbolWithinTheLimit(limit: Int) {
        #expect(Self.symbols("app", limit: limit) == Array(["APP", "APLE"].prefix(limit)))
    }

    /// A leveraged fund and a small company share the first letters of the stock people mean.
    static let tiered: [Listing] = [
        Listing(symbol: "NVDA", name: "NVIDIA Corporation", exchange: .nasdaq, isETF: false),
        Listing(symbol: "NVDL", name: "GraniteShares 2x Long NVDA Daily ETF", exchange: .nasdaq, isETF: true),
        Listing(symbol: "NVDX", name: "T-Rex 2X Long NVIDIA Daily Target ETF", exchange: .nasdaq, isETF: true),
        Listing(symbol: "NVDQ", name: "T-Rex 2X Inverse NVIDIA Daily Target ETF", exchange: .nasdaq, isETF: true),
        Listing(symbol: "NVEC", name: "NVE Corporation", exchange: .nasdaq, isETF: false),
        Listing(symbol: "AAPL", name: "Apple Inc.", exchange: .nasdaq, isETF: false),
        Listing(symbol: "APP", name: "Applovin Corporation", exchange: .nasdaq, isETF: false),
        Listing(symbol: "APPF", name: "AppFolio, Inc.", exchange: .nasdaq, isETF: false),
        Listing(symbol: "APPN", name: "Appian Corporation", exchange: .nasdaq, isETF: false),
        Listing(symbol: "AMAT", name: "Applied Materials, Inc.", exchange: .nasdaq, isETF: false),
        Listing(symbol: "AAPB", name: "GraniteShares 2x Long AAPL Daily ETF", exchange: .nasdaq, isETF: true),
        Listing(symbol: "AAPU", name: "Direxion Daily AAPL Bull 2X Shares", exchange: .nasdaq, isETF: true),
    ]

    @Test(
        "prominent companies, then other companies, then funds, each in name order",
        arguments: [
            ("nv", ["NVDA", "NVEC", "NVDL", "NVDQ", "NVDX"]),
            ("nvda", ["NVDA", "NVDL"]),
            ("nvidia", ["NVDA", "NVDQ", "NVDX"]),
            ("app", ["APP", "AAPL", "AMAT", "APPF", "APPN"]),
            ("apple", ["AAPL"]),
            ("aapl", ["AAPL", "AAPU", "AAPB"]),
            ("aap", ["AAPL", "AAPU", "AAPB"]),
        ] as [(String, [String])])
    func tiers(query: String, expected: [String]) {
        let index = SearchIndex(listings: Self.tiered, prominent: ["NVDA", "AAPL", "AMAT", "APP"])
        #expect(index.search(query, limit: 10).map(\.symbol) == expected, "\(query)")
    }

    @Test func withoutProminentSymbolsCompaniesComeBeforeFunds() {
        let index = SearchIndex(listings: Self.tiered)
        #expect(index.search("app", limit: 10).map(\.symbol) == ["APP", "APPF", "APPN", "AAPL", "AMAT"])
        #expect(index.search("nvidia", limit: 10).map(\.symbol) == ["NVDA", "NVDQ", "NVDX"])
    }
}
