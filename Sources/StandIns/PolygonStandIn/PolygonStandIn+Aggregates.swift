import BourseCore
import Foundation
import Hummingbird

/// `GET /v2/aggs/ticker/{t}/range/{multiplier}/{timespan}/{from}/{to}` and `GET /v2/aggs/ticker/{t}/prev`.
extension PolygonStandIn {
    static let defaultAggregateLimit = 5000
    static let maxAggregateLimit = 50000

    func aggregates(_ request: Request, parameters: Parameters) throws(PolygonFailure) -> PolygonJSON {
        let symbol = (parameters.get("ticker") ?? "").uppercased()
        let rawMultiplier = parameters.get("multiplier") ?? ""
        guard let multiplier = Int(rawMultiplier), multiplier >= 1 else {
            throw .badRequest("multiplier must be a whole number of at least 1, not '\(rawMultiplier)'.")
        }
        let rawTimespan = parameters.get("timespan") ?? ""
        guard let timespan = AggregateTimespan(rawValue: rawTimespan) else {
            throw .badRequest("timespan must be one of minute, hour, day, week, month, not '\(rawTimespan)'.")
        }
        let rawFrom = parameters.get("from") ?? "", rawTo = parameters.get("to") ?? ""
        guard let from = Self.instant(rawFrom, endOfDay: false) else {
            throw .badRequest("from must be a date as YYYY-MM-DD or a Unix time in milliseconds, not '\(rawFrom)'.")
        }
        guard let to = Self.instant(rawTo, endOfDay: true) else {
            throw .badRequest("to must be a date as YYYY-MM-DD or a Unix time in milliseconds, not '\(rawTo)'.")
        }
        let options = try AggregateOptions(request)

        let now = marketNow()
        let firstDay = NewYorkTime.marketDate(of: from), lastDay = NewYorkTime.marketDate(of: to)
        var base: [Bar] = []
        if from <= to {
            if timespan.isIntraday {
                for day in market.calendar.tradingDays(from: firstDay, through: lastDay) {
                    base += market.minuteBars(symbol, on: day, now: now)
                }
            } else {
                base = market.dailyBars(symbol, from: firstDay, through: lastDay, now: now)
            }
            base.removeAll { $0.start < from || $0.start > to }
        }
        var bars = BarBucketing.aggregate(base, multiplier: multiplier, timespan: timespan, from: firstDay)
        if options.descending { bars.reverse() }
        let page = Array(bars.prefix(options.limit))

        var members: [(String, PolygonJSON)] = [
            ("ticker", .string(symbol)),
            ("queryCount", .int(base.count)),
            ("resultsCount", .int(page.count)),
            ("adjusted", .bool(options.adjusted)),
        ]
        if !page.isEmpty {
            members.append(("results", .array(page.map { Self.barJSON($0, symbol: nil) })))
        }
        members.append(("status", .string("OK")))
        members.append(("request_id", .string(Self.requestID(for: request))))
        if !page.isEmpty { members.append(("count", .int(page.count))) }
        if bars.count > page.count, let last = page.last {
            let lastMs = Self.milliseconds(last.bar.start)
            let window =
                options.descending
                ? "\(rawFrom)/\(lastMs - 1)"
                : "\(Self.milliseconds(bars[page.count].bar.start))/\(rawTo)"
            let cursor = options.cursor
            members.append(
                (
                    "next_url",
                    .string(
                        "\(Self.origin(of: request))/v2/aggs/ticker/\(symbol)/range/\(multiplier)/\(timespan.rawValue)/\(window)?cursor=\(cursor)"
                    )
                ))
        }
        return .object(members)
    }

    func previousClose(_ request: Request, symbol rawSymbol: String) throws(PolygonFailure) -> PolygonJSON {
        let symbol = rawSymbol.uppercased()
        let options = try AggregateOptions(request)
        let now = marketNow()
        let day = market.calendar.lastCompletedTradingDay(at: now)
        var members: [(String, PolygonJSON)] = [("ticker", .string(symbol))]
        if let bar = market.dailyBar(symbol, on: day, now: now) {
            let aggregate = BarBucketing.combine([bar], start: bar.start)
            members += [
                ("queryCount", .int(1)), ("resultsCount", .int(1)), ("adjusted", .bool(options.adjusted)),
                ("results", .array([Self.barJSON(aggregate, symbol: symbol)])),
                ("status", .string("OK")), ("request_id", .string(Self.requestID(for: request))), ("count", .int(1)),
            ]
        } else {
            members += [
                ("queryCount", .int(0)), ("resultsCount", .int(0)), ("adjusted", .bool(options.adjusted)),
                ("status", .string("OK")), ("request_id", .string(Self.requestID(for: request))),
            ]
        }
        return .object(members)
    }

    /// A bar as Polygon writes it: `T` (when given), `v`, `vw`, `o`, `c`, `h`, `l`, `t` (Unix ms), `n`.
    static func barJSON(_ aggregate: AggregateBar, symbol: String?) -> PolygonJSON {
        var members: [(String, PolygonJSON)] = []
        members.reserveCapacity(9)
        if let symbol { members.append(("T", .string(symbol))) }
        let bar = aggregate.bar
        members += [
            ("v", .decimal(bar.volume)), ("vw", .decimal(aggregate.vwap)), ("o", .decimal(bar.open)),
            ("c", .decimal(bar.close)), ("h", .decimal(bar.high)), ("l", .decimal(bar.low)),
            ("t", .int(milliseconds(bar.start))), ("n", .int(aggregate.transactions)),
        ]
        return .object(members)
    }

    static func milliseconds(_ date: Date) -> Int {
        Int((date.timeIntervalSince1970 * 1000).rounded())
    }

    /// A `from`/`to` path value: `YYYY-MM-DD` (the day's start, or its last millisecond for
    /// `to`) or Unix milliseconds.
    static func instant(_ text: String, endOfDay: Bool) -> Date? {
        if let date = MarketDate(iso: text) {
            let start = SimulatedMarket.dayStart(endOfDay ? date.adding(days: 1) : date)
            return endOfDay ? start.addingTimeInterval(-0.001) : start
        }
        guard !text.isEmpty, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber), let ms = Int(text) else { return nil }
        return Date(timeIntervalSince1970: Double(ms) / 1000)
    }
}

/// The query options of an aggregates request: `adjusted`, `sort`, `limit`, and `cursor` (which carries them).
struct AggregateOptions: Sendable {
    var adjusted = true
    var descending = false
    var limit = PolygonStandIn.defaultAggregateLimit

    init(_ request: Request) throws(PolygonFailure) {
        let params = request.uri.queryParameters
        if let cursor = params["cursor"] {
            guard let decoded = Self.decode(String(cursor)) else {
                throw .badRequest("The cursor is not valid; use the next_url of a previous page as it is.")
            }
            self = decoded
        }
        if let adjusted = params["adjusted"] {
            guard let value = Bool(String(adjusted)) else {
                throw .badRequest("adjusted must be 'true' or 'false', not '\(adjusted)'.")
            }
            self.adjusted = value
        }
        if let sort = params["sort"] {
            guard sort == "asc" || sort == "desc" else { throw .badRequest("sort must be 'asc' or 'desc', not '\(sort)'.") }
            descending = sort == "desc"
        }
        if let limit = params["limit"] {
            guard let value = Int(limit), (1...PolygonStandIn.maxAggregateLimit).contains(value) else {
                throw .badRequest("limit must be a whole number from 1 to \(PolygonStandIn.maxAggregateLimit), not '\(limit)'.")
            }
            self.limit = value
        }
    }

    private init() {}

    /// base64url of `limit=..&sort=..&adjusted=..`, without padding.
    var cursor: String {
        let text = "limit=\(limit)&sort=\(descending ? "desc" : "asc")&adjusted=\(adjusted)"
        return Data(text.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func decode(_ cursor: String) -> AggregateOptions? {
        var base64 = cursor.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let text = String(data: data, encoding: .utf8) else { return nil }
        var options = AggregateOptions()
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { return nil }
            switch parts[0] {
            case "limit":
                guard let value = Int(parts[1]), (1...PolygonStandIn.maxAggregateLimit).contains(value) else { return nil }
                options.limit = value
            case "sort": options.descending = parts[1] == "desc"
            case "adjusted": options.adjusted = parts[1] == "true"
            default: return nil
            }
        }
        return options
    }
}
