import Foundation
import MarketData

/// One GET to the Polygon API, before the key is added: a path under the base URL and a query.
struct PolygonRequest: Sendable, Hashable {
    /// The percent-encoded path, from the API root (`/v3/reference/tickers`).
    var path: String
    /// Query items, unencoded; never the API key.
    var query: [QueryItem]
    /// How long its answer stays fresh.
    var freshness: FreshnessClass
    /// The symbol of a per-ticker endpoint, whose 404 means an unknown symbol.
    var symbol: String?
    /// An empty answer is fresh for `FreshnessPolicy.emptyDay` only: a day whose bars the
    /// source has not published yet (end-of-day data comes some time after the close).
    var emptyIsShortLived = false

    struct QueryItem: Sendable, Hashable, Comparable {
        var name: String
        var value: String

        static func < (lhs: QueryItem, rhs: QueryItem) -> Bool {
            (lhs.name, lhs.value) < (rhs.name, rhs.value)
        }
    }

    /// The cache and coalescing key: the path and the sorted query, never the key.
    var cacheKey: String {
        query.isEmpty ? path : path + "?" + Self.encode(query.sorted())
    }

    /// The URL to send, with the key as a query item when `placement` says so.
    func url(base: URL, apiKey: String?, placement: KeyPlacement) -> URL? {
        var items = query
        if let apiKey, placement == .queryParameter {
            items.append(QueryItem(name: "apiKey", value: apiKey))
        }
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else { return nil }
        var basePath = components.percentEncodedPath
        while basePath.hasSuffix("/") { basePath.removeLast() }
        components.percentEncodedPath = basePath + path
        components.percentEncodedQuery = items.isEmpty ? nil : Self.encode(items)
        components.fragment = nil
        return components.url
    }

    /// The request a `next_url` points at: its path (under the base URL) and its query, minus any key.
    ///
    /// The host of `next_url` is not trusted with the key: the request goes to the configured base URL.
    init?(nextURL text: String, base: URL, freshness: FreshnessClass, symbol: String?) {
        guard let components = URLComponents(string: text), !components.percentEncodedPath.isEmpty else {
            return nil
        }
        var path = components.percentEncodedPath
        let basePath = URLComponents(url: base, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? ""
        let prefix = basePath.hasSuffix("/") ? String(basePath.dropLast()) : basePath
        if !prefix.isEmpty, path.hasPrefix(prefix + "/") { path.removeFirst(prefix.count) }
        guard path.hasPrefix("/") else { return nil }
        let items = (components.queryItems ?? [])
            .filter { !["apikey", "api_key"].contains($0.name.lowercased()) }
            .map { QueryItem(name: $0.name, value: $0.value ?? "") }
        self.init(path: path, query: items, freshness: freshness, symbol: symbol)
    }

    init(path: String, query: [QueryItem], freshness: FreshnessClass, symbol: String? = nil) {
        self.path = path
        self.query = query
        self.freshness = freshness
        self.symbol = symbol
    }

    /// Percent-encodes everything but RFC 3986's unreserved characters (so `+` and `/` survive).
    static func encode(_ items: [QueryItem]) -> String {
        items.map { escape($0.name) + "=" + escape($0.value) }.joined(separator: "&")
    }

    static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    /// A path segment, escaped the same way.
    static func segment(_ text: String) -> String { escape(text) }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
