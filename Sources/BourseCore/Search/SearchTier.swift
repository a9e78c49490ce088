/// Which listings come first among those a query finds by name or by the start of a symbol
/// (after the listing whose symbol is the query): within a tier, by company name.
///
/// Names alone bury the stock people mean under the funds and small companies that share its
/// first letters ("app" would put AppFolio and Appian before Apple), and the listings carry no
/// price, volume or market value to rank by. What the shipped data does say is which companies
/// are in the S&P 500 and which listings are funds, so those make the tiers.
enum SearchTier: UInt8, Comparable {
    /// One of the `prominent` symbols (`ListingSearch`: the S&P 500 constituents shipped with the app).
    case prominent = 0
    /// Any other listing that is not an exchange-traded fund: common stock, ADRs, preferred
    /// shares, units, warrants.
    case company = 1
    /// An exchange-traded fund (leveraged and inverse ones included).
    case fund = 2

    init(_ listing: Listing, prominent: Set<String>) {
        if prominent.contains(listing.symbol) {
            self = .prominent
        } else {
            self = listing.isETF ? .fund : .company
        }
    }

    static func < (a: SearchTier, b: SearchTier) -> Bool { a.rawValue < b.rawValue }
}
