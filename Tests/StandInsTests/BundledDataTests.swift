import BourseCore
import BundledData
import Testing

@Suite("BundledData")
struct BundledDataTests {
    @Test("the listings are NASDAQ, NYSE, NYSE American and NYSE Arca, one per symbol, sorted, without test issues")
    func listings() throws {
        let listings = try BundledData.listings()
        // 8,796 + 2,707 (NYSE Arca) rows less the `$` preferreds and duplicates.
        #expect((11_000...11_200).contains(listings.count))
        #expect(listings.map(\.symbol) == listings.map(\.symbol).sorted())
        #expect(Set(listings.map(\.symbol)).count == listings.count)
        // Every shipped symbol is one the app accepts in a URL or a command (no `ABR$D`).
        #expect(listings.allSatisfy { (try? Symbol.normalized($0.symbol).get()) == $0.symbol })
        #expect(!listings.contains { $0.symbol.contains("$") })
        #expect(!listings.contains { $0.symbol.hasSuffix("ZZT") || $0.symbol == "ZXYZ.A" })
        let bySymbol = Dictionary(uniqueKeysWithValues: listings.map { ($0.symbol, $0) })
        #expect(bySymbol["BRK.B"] == Listing(symbol: "BRK.B", name: "Berkshire Hathaway Inc.", exchange: .nyse, isETF: false))
        #expect(bySymbol["A"]?.name == "Agilent Technologies, Inc.")
        #expect(bySymbol["KO"]?.name == "Coca-Cola Company (The)")
        #expect(bySymbol["AAPL"]?.exchange == .nasdaq)
        #expect(bySymbol["AAAP"]?.isETF == true)
        #expect(Set(listings.map(\.exchange)) == [.nasdaq, .nyse, .nyseAmerican, .nyseArca])
        // The index funds the markets open on (SPEC §13): SPY, DIA and IWM list on NYSE Arca.
        for fund in ["SPY", "DIA", "IWM"] { #expect(bySymbol[fund]?.exchange == .nyseArca && bySymbol[fund]?.isETF == true) }
        #expect(bySymbol["QQQ"]?.exchange == .nasdaq)
        let leftovers = listings.filter {
            ($0.name.hasSuffix("Common Stock") && !$0.name.contains("Warrant")) || $0.name.hasSuffix(" ") || $0.name.isEmpty
        }
        #expect(leftovers.isEmpty, "\(leftovers.map(\.name))")
    }

    @Test("profiles and price levels load, and a second call is the same")
    func profilesAndLevels() throws {
        let profiles = try BundledData.profiles()
        #expect(profiles.count > 490)
        #expect(profiles.first { $0.symbol == "MMM" }?.headquarters == "Saint Paul, Minnesota")
        let levels = try BundledData.priceLevels()
        #expect(levels.count > 490)
        #expect(levels.first { $0.symbol == "AAPL" }?.lastClose == "159.54")
        #expect(try BundledData.listings() == BundledData.listings())
    }
}
