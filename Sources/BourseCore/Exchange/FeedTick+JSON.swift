import Foundation

/// The tick's wire form, a JSON text message:
/// `{"type":"tick","seq":7,"time":"2026-11-20T14:30:00.125Z","symbol":"AAPL",
///   "last":{"price":"101.25","size":100},"bids":[["101.24",300]],"asks":[["101.26",200]]}`.
extension FeedTick {
    /// Reads one message, checking every rule of the protocol: the type, a positive `seq`, a UTC
    /// time, a symbol, prices as decimal strings on the tick size, positive whole quantities,
    /// at most ten levels a side, bids strictly descending, asks strictly ascending, and a book
    /// that is not crossed.
    public static func parse(_ text: String) throws(FeedMessageError) -> FeedTick {
        let json: JSONValue
        do { json = try JSONReader.parse(text) } catch { throw FeedMessageError("not JSON (\(error.description))") }
        guard case .object = json else { throw FeedMessageError("not a JSON object") }
        guard let type = json["type"]?.stringValue else { throw FeedMessageError("no \"type\"") }
        guard type == "tick" else { throw FeedMessageError("unknown type \"\(type)\"") }
        guard let seq = json["seq"]?.int64Value, seq > 0 else {
            throw FeedMessageError("\"seq\" must be a positive whole number")
        }
        guard let timeText = json["time"]?.stringValue, let time = Timestamp.parseISO8601(timeText) else {
            throw FeedMessageError("\"time\" must be an ISO 8601 UTC time such as 2026-11-20T14:30:00.125Z")
        }
        guard let symbol = json["symbol"]?.stringValue, !symbol.isEmpty else { throw FeedMessageError("no \"symbol\"") }
        var last: LastTrade?
        if let lastJSON = json["last"], !lastJSON.isNull {
            guard case .object = lastJSON, let priceJSON = lastJSON["price"], let sizeJSON = lastJSON["size"] else {
                throw FeedMessageError("\"last\" must be {\"price\", \"size\"}")
            }
            last = LastTrade(price: try price(priceJSON, at: "last.price"), size: try quantity(sizeJSON, at: "last.size"))
        }
        let bids = try levels(json["bids"], name: "bids")
        let asks = try levels(json["asks"], name: "asks")
        for (i, pair) in zip(bids, bids.dropFirst()).enumerated() where pair.1.price >= pair.0.price {
            throw FeedMessageError("bids[\(i + 1)]: \(pair.1.price) is not below \(pair.0.price) (bids go best, highest, first)")
        }
        for (i, pair) in zip(asks, asks.dropFirst()).enumerated() where pair.1.price <= pair.0.price {
            throw FeedMessageError("asks[\(i + 1)]: \(pair.1.price) is not above \(pair.0.price) (asks go best, lowest, first)")
        }
        if let bid = bids.first, let ask = asks.first, bid.price >= ask.price {
            throw FeedMessageError("crossed book: best bid \(bid.price) is not below best ask \(ask.price)")
        }
        return FeedTick(seq: seq, time: time, symbol: symbol, last: last, bids: bids, asks: asks)
    }

    /// The message's JSON text, keys in protocol order.
    public var jsonText: String {
        var out = "{\"type\":\"tick\",\"seq\":\(seq),\"time\":\"\(Timestamp.iso8601Milliseconds(time))\",\"symbol\":"
        out += JSONString.quoted(symbol)
        if let last {
            out += ",\"last\":{\"price\":\"\(last.price)\",\"size\":\(last.size)}"
        } else {
            out += ",\"last\":null"
        }
        out += ",\"bids\":" + Self.levelsText(bids) + ",\"asks\":" + Self.levelsText(asks) + "}"
        return out
    }

    private static func levelsText(_ levels: [BookLevel]) -> String {
        "[" + levels.map { "[\"\($0.price)\",\($0.quantity)]" }.joined(separator: ",") + "]"
    }

    private static func levels(_ json: JSONValue?, name: String) throws(FeedMessageError) -> [BookLevel] {
        guard let items = json?.arrayValue else { throw FeedMessageError("\"\(name)\" must be an array of [price, quantity]") }
        guard items.count <= maxLevels else {
            throw FeedMessageError("\"\(name)\" has \(items.count) levels; at most \(maxLevels)")
        }
        var levels: [BookLevel] = []
        levels.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            guard let pair = item.arrayValue, pair.count == 2 else {
                throw FeedMessageError("\(name)[\(i)] must be [price, quantity]")
            }
            levels.append(
                BookLevel(price: try price(pair[0], at: "\(name)[\(i)]"), quantity: try quantity(pair[1], at: "\(name)[\(i)]")))
        }
        return levels
    }

    private static func price(_ json: JSONValue, at place: String) throws(FeedMessageError) -> Price {
        guard let text = json.stringValue else { throw FeedMessageError("\(place): the price must be a decimal string") }
        let price: Price
        do { price = try Price(parsing: text) } catch { throw FeedMessageError("\(place): \(error.description)") }
        guard price.ticks > 0 else { throw FeedMessageError("\(place): the price must be above zero") }
        return price
    }

    private static func quantity(_ json: JSONValue, at place: String) throws(FeedMessageError) -> Int {
        guard let value = json.int64Value, value > 0, let quantity = Int(exactly: value) else {
            throw FeedMessageError("\(place): the quantity must be a positive whole number of shares")
        }
        return quantity
    }
}
