import BourseCore

/// The text of a ticker's `description`, built from real facts where the bundle has them.
extension SimulatedMarket {
    /// A description of a listed symbol: from its S&P 500 profile (sector, industry,
    /// headquarters, founding) where there is one, else from its listing; it always says that
    /// the prices are simulated. Nil for a symbol the market does not list.
    public func description(for symbol: String) -> String? {
        guard let listing = listing(for: symbol) else { return nil }
        let venue = "It is listed on \(listing.exchange.rawValue) under the symbol \(listing.symbol)"
        var text: String
        if let profile = profiles[symbol] {
            text = "\(listing.name) is a company in the \(profile.industry) industry of the \(profile.sector) sector"
            if !profile.headquarters.isEmpty { text += ", headquartered in \(profile.headquarters)" }
            text += "."
            if !profile.founded.isEmpty { text += " It was founded in \(profile.founded)." }
            text += " \(venue) and is a member of the S&P 500."
        } else if listing.isETF {
            text = "\(listing.name) is an exchange-traded fund. \(venue)."
        } else {
            text = "\(listing.name) is a company whose shares trade in the United States. \(venue)."
        }
        return text + " The prices shown here are simulated by Bourse's built-in market; they are not real quotes."
    }
}
