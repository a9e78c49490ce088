import BourseCore
import Foundation

/// The data files Bourse ships (listings, S&P 500 profiles, price levels), parsed once.
///
/// Each function reads and parses its files on the first call and returns the same value
/// afterwards; a failure is remembered too, so a broken bundle fails fast every time.
public enum BundledData {
    /// NASDAQ, NYSE, NYSE American and NYSE Arca listings (ETFs included), one per symbol, sorted by symbol.
    public static func listings() throws -> [Listing] {
        try cachedListings.get()
    }

    /// The S&P 500 company profiles, sorted by symbol.
    public static func profiles() throws -> [CompanyProfile] {
        try cachedProfiles.get()
    }

    /// Real price levels and volatilities for the symbols of the bundled price history, sorted by symbol.
    public static func priceLevels() throws -> [PriceLevel] {
        try cachedPriceLevels.get()
    }

    /// The text of a bundled file, by its path under `Resources` (e.g. `listings/other-listed.csv`).
    public static func text(of path: String) throws -> String {
        // `.copy("Resources")` keeps the folder, so the files are under a "Resources" directory of the bundle.
        guard let base = Bundle.module.url(forResource: "Resources", withExtension: nil) else {
            throw BundledDataError.missingFile(path)
        }
        let url = base.appendingPathComponent(path)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw BundledDataError.missingFile(path)
        }
        return String(decoding: data, as: UTF8.self)
    }

    private static let cachedListings = Result { () throws -> [Listing] in
        let nasdaq = try ListingsParser.nasdaq(text(of: "listings/nasdaq-listed-symbols.csv"))
        let other = try ListingsParser.otherListed(text(of: "listings/other-listed.csv"))
        return merge(nasdaq + other)
    }

    private static let cachedProfiles = Result { () throws -> [CompanyProfile] in
        try ListingsParser.profiles(text(of: "listings/sp500-constituents.csv")).sorted { $0.symbol < $1.symbol }
    }

    private static let cachedPriceLevels = Result { () throws -> [PriceLevel] in
        try ListingsParser.priceLevels(text(of: "prices/price-levels.csv")).sorted { $0.symbol < $1.symbol }
    }

    /// One listing per symbol (the first seen wins, so NASDAQ's own file beats the other list),
    /// sorted by symbol. Listings whose symbol is not a ticker Bourse can serve are left out: the
    /// preferred shares that NASDAQ's files write with `$` (`ABR$D`), which Polygon spells
    /// `ABRpD`; the same companies' common shares stay.
    static func merge(_ listings: [Listing]) -> [Listing] {
        var seen = Set<String>()
        return
            listings
            .filter { listing in
                guard case .success(let symbol) = Symbol.normalized(listing.symbol), symbol == listing.symbol else {
                    return false
                }
                return seen.insert(listing.symbol).inserted
            }
            .sorted { $0.symbol < $1.symbol }
    }
}

/// Why a bundled file could not be read.
public enum BundledDataError: Error, Equatable, CustomStringConvertible {
    case missingFile(String)

    public var description: String {
        switch self {
        case .missingFile(let path):
            return "the bundled file Resources/\(path) is missing; the build did not copy the BundledData resources"
        }
    }
}
