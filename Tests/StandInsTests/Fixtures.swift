import BourseCore
import Foundation
import StandIns

/// Shared test inputs: a fixed clock and a small market.
enum Fixtures {
    static func utc(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text)!
    }

    static func day(_ iso: String) -> MarketDate { MarketDate(iso: iso)! }

    /// Wednesday 2025-06-18, 18:00 New York time: after that day's close, before Juneteenth.
    static let evening = utc("2025-06-18T22:00:00Z")

    static let listings = [
        Listing(symbol: "AAPL", name: "Apple Inc.", exchange: .nasdaq, isETF: false),
        Listing(symbol: "BRK.B", name: "Berkshire Hathaway Inc.", exchange: .nyse, isETF: false),
        Listing(symbol: "SPYX", name: "Example S&P 500 Fossil Fuel Free ETF", exchange: .nyseAmerican, isETF: true),
        Listing(symbol: "ZZZ", name: "Zed Zebra Holdings", exchange: .nasdaq, isETF: false),
        Listing(symbol: "BAC", name: "Bank of America Corporation", exchange: .nyse, isETF: false),
        Listing(symbol: "FBNK", name: "First Bank", exchange: .nasdaq, isETF: false),
    ]

    static let profiles = [
        CompanyProfile(
            symbol: "AAPL", name: "Apple Inc.", sector: "Information Technology",
            industry: "Technology Hardware, Storage & Peripherals",
            headquarters: "Cupertino, California", founded: "1977")
    ]

    static let levels = [
        PriceLevel(symbol: "AAPL", lastClose: "159.54", dailyVolatility: "0.01194", averageVolume: 27_716_680)
    ]

    static func smallMarket() -> SimulatedMarket {
        SimulatedMarket(listings: listings, profiles: profiles, priceLevels: levels)
    }

    /// The bundled market, built once for all tests.
    static let bundledMarket: SimulatedMarket = try! SimulatedMarket.bundled()
}
