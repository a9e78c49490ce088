import BourseCore
import Foundation

/// The filters of a tickers listing, and the opaque cursor that carries them to the next page.
struct TickerListQuery: Sendable, Equatable {
    var search: String?
    var ticker: String?
    var limit = 100
    var descending = false
    var active = true
    var market: String?
    /// The last ticker of the previous page.
    var after: String?

    init() {}

    /// Whether a listing passes the filters: `ticker` exactly; `search` (case-insensitive) as a
    /// prefix of the ticker, of the name, or of any later word of the name.
    func matches(_ listing: Listing) -> Bool {
        if let ticker, listing.symbol != ticker { return false }
        guard let search, !search.isEmpty else { return true }
        let needle = search.lowercased()
        if listing.symbol.lowercased().hasPrefix(needle) { return true }
        let name = listing.name.lowercased()
        return name.hasPrefix(needle) || name.contains(" " + needle)
    }

    /// The query as base64url text without padding, like Polygon's cursors.
    var cursor: String {
        var items: [(String, String)] = [
            ("limit", String(limit)), ("order", descending ? "desc" : "asc"), ("active", String(active)),
        ]
        if let search { items.append(("search", search)) }
        if let ticker { items.append(("ticker", ticker)) }
        if let market { items.append(("market", market)) }
        if let after { items.append(("after", after)) }
        let text = items.map { "\($0)=\(Self.escape($1))" }.joined(separator: "&")
        return Data(text.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Reads a cursor made by `cursor`; nil for anything else.
    init?(cursor: String) {
        var base64 = cursor.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let text = String(data: data, encoding: .utf8) else { return nil }
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, let value = String(parts[1]).removingPercentEncoding else { return nil }
            switch parts[0] {
            case "limit":
                guard let number = Int(value), (1...1000).contains(number) else { return nil }
                limit = number
            case "order": descending = value == "desc"
            case "active": active = value == "true"
            case "search": search = value
            case "ticker": ticker = value
            case "market": market = value
            case "after": after = value
            default: return nil
            }
        }
    }

    static func escape(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value
    }
}
