import BourseCore
import Foundation
import MarketData

/// Reads Polygon's response bodies into domain values, numbers kept exact.
enum PolygonDecoding {
    /// The body as a JSON object, or `.invalidResponse`.
    static func document(_ body: [UInt8]) throws(MarketDataError) -> JSONValue {
        let value: JSONValue
        do {
            value = try JSONReader.parse(body)
        } catch {
            throw .invalidResponse("the body is not JSON (\(error))")
        }
        guard value.objectValue != nil else { throw .invalidResponse("the body is not a JSON object") }
        return value
    }

    /// The `results` array; null or missing is empty.
    static func results(_ document: JSONValue) throws(MarketDataError) -> [JSONValue] {
        guard let results = document["results"], !results.isNull else { return [] }
        guard let array = results.arrayValue else { throw .invalidResponse("`results` is not an array") }
        return array
    }

    /// `next_url` when present and not empty.
    static func nextURL(_ document: JSONValue) -> String? {
        guard let text = document["next_url"]?.stringValue, !text.isEmpty else { return nil }
        return text
    }

    /// An aggregate bar; `t` is Unix milliseconds, and `v` may carry a fraction.
    static func bar(_ value: JSONValue) throws(MarketDataError) -> Bar {
        func decimal(_ key: String) throws(MarketDataError) -> ExactDecimal {
            guard let number = value[key]?.decimalValue else {
                throw .invalidResponse("a bar has no numeric `\(key)`")
            }
            return number
        }
        guard let milliseconds = value["t"]?.int64Value else {
            throw .invalidResponse("a bar has no whole-number `t` (Unix milliseconds)")
        }
        return Bar(
            start: Date(timeIntervalSince1970: TimeInterval(milliseconds) / 1000),
            open: try decimal("o"), high: try decimal("h"), low: try decimal("l"),
            close: try decimal("c"), volume: try decimal("v"))
    }

    /// A page of the aggregates endpoint: its bars and where the next page is.
    static func aggregatesPage(_ body: [UInt8]) throws(MarketDataError) -> AggregatesPage {
        let document = try document(body)
        var bars: [Bar] = []
        for value in try results(document) { bars.append(try bar(value)) }
        return AggregatesPage(bars: bars, nextURL: nextURL(document))
    }

    /// Grouped daily bars, keyed by `T`.
    static func groupedDaily(_ body: [UInt8]) throws(MarketDataError) -> [String: Bar] {
        var bars: [String: Bar] = [:]
        for value in try results(try document(body)) {
            guard let symbol = value["T"]?.stringValue, !symbol.isEmpty else {
                throw .invalidResponse("a grouped daily bar has no ticker `T`")
            }
            bars[symbol] = try bar(value)
        }
        return bars
    }

    /// The previous close: the first of `results`, nil when there is none.
    static func previousClose(_ body: [UInt8]) throws(MarketDataError) -> Bar? {
        guard let first = try results(try document(body)).first else { return nil }
        return try bar(first)
    }

    /// A page of tickers with the cursor taken out of `next_url`.
    static func tickerPage(_ body: [UInt8]) throws(MarketDataError) -> TickerPage {
        let document = try document(body)
        var tickers: [TickerSummary] = []
        for value in try results(document) {
            guard let symbol = value["ticker"]?.stringValue, !symbol.isEmpty else {
                throw .invalidResponse("a ticker has no `ticker`")
            }
            tickers.append(
                TickerSummary(
                    symbol: symbol, name: value["name"]?.stringValue ?? "",
                    primaryExchange: value["primary_exchange"]?.stringValue,
                    type: value["type"]?.stringValue))
        }
        var cursor: String?
        if let next = nextURL(document) {
            guard let item = URLComponents(string: next)?.queryItems?.first(where: { $0.name == "cursor" }),
                let value = item.value, !value.isEmpty
            else { throw .invalidResponse("`next_url` has no cursor") }
            cursor = value
        }
        return TickerPage(tickers: tickers, nextCursor: cursor)
    }

    /// Ticker details; an answer without `results` means the symbol is unknown.
    static func tickerDetails(_ body: [UInt8], symbol: String) throws(MarketDataError) -> TickerDetails {
        let document = try document(body)
        guard let results = document["results"], !results.isNull else { throw .unknownSymbol(symbol) }
        guard results.objectValue != nil else { throw .invalidResponse("`results` is not an object") }
        guard let ticker = results["ticker"]?.stringValue, !ticker.isEmpty else {
            throw .invalidResponse("the ticker details have no `ticker`")
        }
        let address = results["address"]
        let place = [address?["city"]?.stringValue, address?["state"]?.stringValue]
            .compactMap { $0 }.filter { !$0.isEmpty }
        return TickerDetails(
            symbol: ticker, name: results["name"]?.stringValue ?? "",
            description: results["description"]?.stringValue,
            primaryExchange: results["primary_exchange"]?.stringValue,
            homepageURL: results["homepage_url"]?.stringValue,
            listDate: results["list_date"]?.stringValue,
            totalEmployees: results["total_employees"]?.int64Value.flatMap { Int(exactly: $0) },
            headquarters: place.isEmpty ? nil : place.joined(separator: ", "),
            sicDescription: results["sic_description"]?.stringValue,
            marketCap: results["market_cap"]?.decimalValue)
    }

    /// The whole market's snapshot: each ticker's `day` and `prevDay` bars, dated by the newest
    /// `updated` (Unix nanoseconds) in New York. A ticker whose day is still empty (before the
    /// open, Massive clears the day at 3:30 ET) is left out of `last`; a snapshot with no day at
    /// all is of no use for prices and reads as `.invalidResponse`.
    ///
    /// The `tickers` array (6 to 10 MB for every stock) is read one ticker at a time, never as a
    /// whole tree: a tree of every ticker costs over ten times the body in short-lived objects,
    /// and read again every few seconds under load it kept the heap growing (BENCHMARKS.md).
    static func snapshots(_ body: [UInt8]) throws(MarketDataError) -> MarketSnapshot {
        var reading = SnapshotReading()
        let document: JSONValue
        do {
            document = try JSONReader.parse(body, streaming: "tickers") { reading.add($0) }
        } catch {
            throw .invalidResponse("the body is not JSON (\(error))")
        }
        guard document["tickers"]?.arrayValue != nil else {
            throw .invalidResponse("the snapshot has no `tickers` array")
        }
        return try reading.snapshot()
    }

    /// One ticker's snapshot (`ticker`, an object), read like the whole market's.
    static func snapshot(_ body: [UInt8]) throws(MarketDataError) -> MarketSnapshot {
        guard let ticker = try document(body)["ticker"], ticker.objectValue != nil else {
            throw .invalidResponse("the snapshot has no `ticker` object")
        }
        var reading = SnapshotReading()
        reading.add(ticker)
        return try reading.snapshot()
    }

    /// A snapshot read ticker by ticker.
    private struct SnapshotReading {
        var newest: Int64 = 0
        var last: [String: Bar] = [:]
        var previous: [String: Bar] = [:]
        var missingTicker = false

        mutating func add(_ value: JSONValue) {
            guard let symbol = value["ticker"]?.stringValue, !symbol.isEmpty else {
                missingTicker = true
                return
            }
            let updated = value["updated"]?.int64Value ?? 0
            let at = Date(timeIntervalSince1970: TimeInterval(updated) / 1e9)
            if let day = value["day"], let bar = PolygonDecoding.snapshotBar(day, start: at), bar.close > .zero {
                last[symbol] = bar
                newest = max(newest, updated)
            }
            if let day = value["prevDay"], let bar = PolygonDecoding.snapshotBar(day, start: at), bar.close > .zero {
                previous[symbol] = bar
            }
        }

        func snapshot() throws(MarketDataError) -> MarketSnapshot {
            guard !missingTicker else { throw .invalidResponse("a snapshot has no `ticker`") }
            guard newest > 0 else { throw .invalidResponse("the snapshot has no day's prices yet") }
            let day = NewYorkTime.marketDate(of: Date(timeIntervalSince1970: TimeInterval(newest) / 1e9))
            return MarketSnapshot(day: day, last: last, previous: previous)
        }
    }

    /// A snapshot's `day` or `prevDay` (no `t` of its own); nil when a price is missing.
    private static func snapshotBar(_ value: JSONValue, start: Date) -> Bar? {
        guard let open = value["o"]?.decimalValue, let high = value["h"]?.decimalValue,
            let low = value["l"]?.decimalValue, let close = value["c"]?.decimalValue
        else { return nil }
        return Bar(
            start: start, open: open, high: high, low: low, close: close,
            volume: value["v"]?.decimalValue ?? .zero)
    }

    /// The text of an error body: `error`, else `message`; nil if the body has neither.
    static func errorMessage(_ body: [UInt8]) -> String? {
        guard let document = try? JSONReader.parse(body) else { return nil }
        for key in ["error", "message"] {
            if let text = document[key]?.stringValue, !text.isEmpty { return text }
        }
        return nil
    }
}

/// One page of aggregate bars.
struct AggregatesPage: Sendable {
    var bars: [Bar]
    var nextURL: String?
}
