import BourseCore
import Foundation

/// One result of `/search`: a link to the stock, the whole row, with its symbol, company name,
/// exchange, and the saved last price and day change (none when the app has no saved price).
///
/// Numbers are written as `market-format.js` writes the lists': the API's decimals padded to two
/// places, a sign on the change ("+1.25", "−0.40").
struct SearchResultRow {
    let listing: Listing
    let quote: Quote?

    func render() -> HTML {
        let path = "/stocks/" + (listing.symbol.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? "")
        return #"""
            <li><a class="search-result" href="\#(path)"><span class="symbol">\#(listing.symbol)</span>\#
            <span class="name">\#(listing.name)</span><span class="exchange">\#(listing.exchange.rawValue)</span>\#
            \#(priceCells)</a></li>
            """#
    }

    private var priceCells: HTML {
        guard let quote else {
            return #"<span class="price none"><span class="visually-hidden">No saved price</span></span>"#
        }
        guard let change = quote.change else {
            return #"<span class="price">\#(Self.padded(quote.price))</span>"#
        }
        let direction = change.isZero ? "flat" : (change.description.hasPrefix("-") ? "down" : "up")
        let percent = quote.changePercent.map { " (\(Self.signed($0))\u{00A0}%)" } ?? ""
        return #"""
            <span class="price">\#(Self.padded(quote.price))</span>\#
            <span class="change \#(direction)">\#(Self.signed(change))\#(percent)</span>
            """#
    }

    /// "190.5" -> "190.50": at least two decimals, never rounded (the pricing already did).
    static func padded(_ value: ExactDecimal) -> String {
        let text = value.description.hasPrefix("-") ? String(value.description.dropFirst()) : value.description
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let fraction = parts.count > 1 ? String(parts[1]) : ""
        let digits =
            fraction.count >= 2
            ? text : String(parts[0]) + "." + fraction.padding(toLength: 2, withPad: "0", startingAt: 0)
        return value.description.hasPrefix("-") ? "-" + digits : digits
    }

    /// "1.25" -> "+1.25", "-0.4" -> "−0.40", "0" -> "0.00".
    static func signed(_ value: ExactDecimal) -> String {
        let digits = padded(value)
        if value.isZero { return digits.hasPrefix("-") ? String(digits.dropFirst()) : digits }
        return digits.hasPrefix("-") ? "\u{2212}" + digits.dropFirst() : "+" + digits
    }
}
