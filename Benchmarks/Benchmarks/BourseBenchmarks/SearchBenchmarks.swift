import Benchmark
import BourseCore
import BundledData
import Foundation
import GRDB
import Synchronization

/// Search as you type: Bourse's index against SQLite FTS5 prefix queries (through GRDB, in the
/// same process, in memory, with FTS5's prefix indexes) on the same rows, each in its order (Bourse's
/// ranking, FTS5 by name) and cut at 10. Each iteration is one query of a fixed set of 50, taken in turn, so a
/// benchmark's percentiles are per-query times over the set. Then the same at a million
/// generated names, and the time to build each at that size.
enum SearchBenchmarks {
    /// Prefixes a user types: single letters, short and whole words, later words, several words,
    /// symbols, accents and punctuation, and misses.
    static let queries = [
        "a", "b", "c", "m", "s", "t", "z",
        "ap", "ba", "fi", "go", "in", "tr",
        "app", "ban", "mic", "pha", "tes", "nvi", "ama", "tec", "cap", "ene", "hol",
        "apple", "bank", "micro", "gold", "pharma", "first", "global", "energy", "capital", "acquisition",
        "bank of", "first trust", "ishares core", "berkshire hath", "coca cola", "johnson",
        "AAPL", "MSFT", "BRK", "NVD", "GOOG", "TSL",
        "nestle", "estee", "at&t", "zzzzq",
    ]
    static let limit = 10

    static let listings: [Listing] = try! BundledData.listings()

    /// A million listings: names of one to three words drawn from the shipped names' words,
    /// then a company suffix; five-letter symbols, all distinct.
    static let millionListings: [Listing] = {
        let vocabulary = Array(
            Set(
                listings.flatMap { $0.name.split(separator: " ").map(String.init) }
                    .filter { $0.count > 1 })
        ).sorted()
        let suffixes = ["Inc.", "Corporation", "Holdings", "Group", "Ltd.", "Bancorp", "Trust", "Co.", "plc", "Fund"]
        let exchanges = Exchange.allCases
        var state: UInt64 = 2024
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        return (0..<1_000_000).map { i in
            let words = (0...next(3)).map { _ in vocabulary[next(vocabulary.count)] }
            var symbol = "", n = i
            for _ in 0..<5 {
                symbol.append(Character(UnicodeScalar(UInt8(65 + n % 26))))
                n /= 26
            }
            return Listing(
                symbol: symbol, name: (words + [suffixes[next(suffixes.count)]]).joined(separator: " "),
                exchange: exchanges[i % exchanges.count], isETF: false)
        }
    }()

    /// FTS5 over `symbol` and `name`, accents folded, with prefix indexes for 1 to 3 characters.
    static func makeFTS(_ listings: [Listing]) throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(
                sql: """
                    CREATE VIRTUAL TABLE listing USING fts5(
                        symbol, name, tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3')
                    """)
            let insert = try db.makeStatement(sql: "INSERT INTO listing(symbol, name) VALUES (?, ?)")
            for listing in listings {
                try insert.execute(arguments: [listing.symbol, listing.name])
            }
        }
        return queue
    }

    /// The FTS5 query for a typed prefix: the text as one phrase whose last token is a prefix.
    static func match(_ query: String) -> String {
        "\"" + query.replacingOccurrences(of: "\"", with: "\"\"") + "\"*"
    }

    static let selectSQL = """
        SELECT symbol FROM listing WHERE listing MATCH ? ORDER BY name COLLATE NOCASE, symbol LIMIT ?
        """

    static func ftsSymbols(_ db: Database, _ query: String, limit: Int) throws -> [String] {
        try String.fetchAll(db.cachedStatement(sql: selectSQL), arguments: [match(query), limit])
    }

    /// Where the two rules coincide (one plain word), both find the same listings. (The order
    /// differs: Bourse puts the exact symbol first and funds after companies, SPEC §2; FTS5 here
    /// orders by name alone.)
    static func checkAgreement(index: SearchIndex, fts: DatabaseQueue) throws {
        for query in ["apple", "bank", "micro", "gold", "pharma", "johnson", "capital", "AAPL"] {
            let ours = index.search(query, limit: 100_000).map(\.symbol)
            let theirs = try fts.read { try ftsSymbols($0, query, limit: 100_000) }
            precondition(
                ours.count == theirs.count && Set(ours) == Set(theirs),
                "\(query): bourse only \(Set(ours).subtracting(theirs)), FTS5 only \(Set(theirs).subtracting(ours))")
        }
    }

    static let turn = Atomic<Int>(0)

    static func nextQuery() -> String {
        queries[turn.wrappingAdd(1, ordering: .relaxed).oldValue % queries.count]
    }

    static func register() {
        let index = SearchIndex(listings: listings)
        let fts = try! makeFTS(listings)
        try! checkAgreement(index: index, fts: fts)

        let perQuery = Benchmark.Configuration(
            metrics: [.wallClock], timeUnits: .microseconds, warmupIterations: queries.count,
            maxDuration: .seconds(10), maxIterations: queries.count * 200)
        Benchmark("Search 50 queries over the listings, per query (bourse)", configuration: perQuery) { _ in
            blackHole(index.search(nextQuery(), limit: limit))
        }
        Benchmark("Search 50 queries over the listings, per query (baseline)", configuration: perQuery) { benchmark in
            let query = nextQuery()
            try fts.inDatabase { db in
                benchmark.startMeasurement()
                blackHole(try ftsSymbols(db, query, limit: limit))
                benchmark.stopMeasurement()
            }
        }

        let million = Benchmark.Configuration(
            metrics: [.wallClock], timeUnits: .microseconds, warmupIterations: queries.count,
            maxDuration: .seconds(30), maxIterations: queries.count * 20,
            setup: {
                _ = millionIndex
                _ = millionFTS
            })
        Benchmark("Search 50 queries over 1M names, per query (bourse)", configuration: million) { _ in
            blackHole(millionIndex.search(nextQuery(), limit: limit))
        }
        Benchmark("Search 50 queries over 1M names, per query (baseline)", configuration: million) { benchmark in
            let query = nextQuery()
            try millionFTS.inDatabase { db in
                benchmark.startMeasurement()
                blackHole(try ftsSymbols(db, query, limit: limit))
                benchmark.stopMeasurement()
            }
        }

        let build = Benchmark.Configuration(
            metrics: [.wallClock, .peakMemoryResident], timeUnits: .milliseconds, warmupIterations: 0,
            maxDuration: .seconds(60), maxIterations: 3, setup: { _ = millionListings })
        Benchmark("Search build over 1M names (bourse)", configuration: build) { _ in
            blackHole(SearchIndex(listings: millionListings))
        }
        Benchmark("Search build over 1M names (baseline)", configuration: build) { _ in
            blackHole(try makeFTS(millionListings))
        }
    }

    static let millionIndex = SearchIndex(listings: millionListings)
    static let millionFTS = try! makeFTS(millionListings)
}
