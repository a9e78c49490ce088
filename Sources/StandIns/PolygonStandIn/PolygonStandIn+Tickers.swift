import BourseCore
import Foundation
import Hummingbird

/// `GET /v3/reference/tickers` and `GET /v3/reference/tickers/{ticker}`.
extension PolygonStandIn {
    /// Listed on the bundle's snapshot date, as Polygon stamps `last_updated_utc`.
    static let lastUpdated = "2026-08-01T00:00:00Z"

    func tickers(_ request: Request) throws(PolygonFailure) -> PolygonJSON {
        let params = request.uri.queryParameters
        var query = TickerListQuery()
        if let cursor = params["cursor"] {
            guard let decoded = TickerListQuery(cursor: String(cursor)) else {
                throw .badRequest("The cursor is not valid; use the next_url of a previous page as it is.")
            }
            query = decoded
        } else {
            query.search = params["search"].map { String($0).replacingOccurrences(of: "+", with: " ") }
            query.ticker = params["ticker"].map { String($0).uppercased() }
            if let limit = params["limit"] {
                guard let value = Int(limit), (1...1000).contains(value) else {
                    throw .badRequest("limit must be a whole number from 1 to 1000, not '\(limit)'.")
                }
                query.limit = value
            }
            if let order = params["order"] {
                guard order == "asc" || order == "desc" else {
                    throw .badRequest("order must be 'asc' or 'desc', not '\(order)'.")
                }
                query.descending = order == "desc"
            }
            if let active = params["active"] {
                guard let value = Bool(String(active)) else {
                    throw .badRequest("active must be 'true' or 'false', not '\(active)'.")
                }
                query.active = value
            }
            if let market = params["market"] { query.market = String(market) }
        }
        var matches =
            query.active && (query.market == nil || query.market == "stocks")
            ? market.listings.filter(query.matches) : []
        if query.descending { matches.reverse() }
        if let after = query.after {
            matches.removeAll { query.descending ? $0.symbol >= after : $0.symbol <= after }
        }
        let page = matches.prefix(query.limit)
        var members: [(String, PolygonJSON)] = [
            ("results", .array(page.map(Self.tickerSummary))),
            ("status", .string("OK")),
            ("request_id", .string(Self.requestID(for: request))),
            ("count", .int(page.count)),
        ]
        if matches.count > page.count, let last = page.last {
            var next = query
            next.after = last.symbol
            members.append(("next_url", .string("\(Self.origin(of: request))/v3/reference/tickers?cursor=\(next.cursor)")))
        }
        return .object(members)
    }

    func tickerDetails(_ request: Request, symbol rawSymbol: String) throws(PolygonFailure) -> PolygonJSON {
        let symbol = rawSymbol.uppercased()
        guard let listing = market.listing(for: symbol) else { throw .notFound("Ticker not found.") }
        var results = Self.tickerFields(listing)
        results.removeLast()  // last_updated_utc is not part of the details
        if let profile = market.profile(for: symbol) {
            let parts = profile.headquarters.split(separator: ",", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            var address: [(String, PolygonJSON)] = [("city", .string(parts.first ?? ""))]
            if parts.count > 1 { address.append(("state", .string(parts[1]))) }
            results.append(("address", .object(address)))
        }
        results.append(("description", .string(market.description(for: symbol) ?? "")))
        // A company's (not a fund's): its shares at the last completed close, as Massive gives it.
        if let shares = market.sharesOutstanding(symbol), let cap = market.marketCap(symbol, now: marketNow()) {
            results.append(("market_cap", .number(cap.description)))
            results.append(("share_class_shares_outstanding", .number(String(shares))))
            results.append(("weighted_shares_outstanding", .number(String(shares))))
        }
        results.append(("ticker_root", .string(String(symbol.split(separator: ".").first ?? Substring(symbol)))))
        return .object([
            ("results", .object(results)),
            ("status", .string("OK")),
            ("request_id", .string(Self.requestID(for: request))),
        ])
    }

    static func tickerSummary(_ listing: Listing) -> PolygonJSON {
        .object(tickerFields(listing))
    }

    static func tickerFields(_ listing: Listing) -> [(String, PolygonJSON)] {
        [
            ("ticker", .string(listing.symbol)),
            ("name", .string(listing.name)),
            ("market", .string("stocks")),
            ("locale", .string("us")),
            ("primary_exchange", .string(listing.exchange.mic)),
            ("type", .string(listing.isETF ? "ETF" : "CS")),
            ("active", .bool(true)),
            ("currency_name", .string("usd")),
            ("last_updated_utc", .string(lastUpdated)),
        ]
    }

    /// 32 hex digits derived from the request target, so answers are reproducible byte for byte.
    static func requestID(forPath path: String) -> String {
        let a = StableHash.mix(StableHash.fnv1a(path))
        return String(format: "%016llx%016llx", a, StableHash.mix(a ^ 0x5bd1_e995))
    }
}
