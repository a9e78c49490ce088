import BourseCore
import Foundation

/// Reading a provider's numbers exactly: prices come as JSON numbers (`101.25`), which are kept
/// as their text and moved onto the exchange's 0.01 tick without floating point.
enum ProviderValues {
    /// How a price off the tick (a sub-penny quote or trade) is moved onto it.
    enum TickRounding {
        /// A bid: down, so the book never offers a better price than was quoted.
        case bid
        /// An ask: up, for the same reason.
        case ask
        /// A trade: to the nearest tick, half to even.
        case trade
    }

    /// The member `key` of `item` as a price of zero or more, on the tick.
    static func price(_ item: JSONValue, _ key: String, _ rounding: TickRounding) throws(FeedMessageError) -> Price {
        guard let json = item[key], case .number = json, let value = json.decimalValue, !value.isNegative else {
            throw FeedMessageError("\"\(key)\" must be a price (a number of zero or more)")
        }
        if let exact = try? Price(value) { return exact }
        do {
            switch rounding {
            case .trade: return try Price(value.rounded(toPlaces: Price.places, .halfEven))
            case .bid: return try Price(value.rounded(toPlaces: Price.places, .down))
            case .ask:
                let down = try Price(value.rounded(toPlaces: Price.places, .down))
                return Price(ticks: down.ticks + 1)
            }
        } catch {
            throw FeedMessageError("\"\(key)\": \(error.description)")
        }
    }

    /// The member `key` of `item` as a whole number of zero or more.
    static func count(_ item: JSONValue, _ key: String) throws(FeedMessageError) -> Int {
        guard let value = item[key]?.int64Value, value >= 0, value <= Int64(Int32.max) else {
            throw FeedMessageError("\"\(key)\" must be a whole number of zero or more")
        }
        return Int(value)
    }

    /// The member `key` of `item` as a symbol: a non-empty string.
    static func symbol(_ item: JSONValue, _ key: String) throws(FeedMessageError) -> String {
        guard let symbol = item[key]?.stringValue, !symbol.isEmpty else {
            throw FeedMessageError("\"\(key)\" must be the stock's symbol")
        }
        return symbol
    }

    /// A quote's best bid and ask, as both providers name them: `bp` and `bs`, `ap` and `as`,
    /// sizes in round lots of `sharesPerLot`.
    static func quote(_ item: JSONValue, sharesPerLot: Int, time: Date) throws(FeedMessageError) -> ProviderUpdate {
        let bid = level(price: try price(item, "bp", .bid), lots: try count(item, "bs"), sharesPerLot: sharesPerLot)
        let ask = level(price: try price(item, "ap", .ask), lots: try count(item, "as"), sharesPerLot: sharesPerLot)
        return .quote(bid: bid, ask: ask, time: time)
    }

    /// A trade's price `p` and size `s` in shares, as both providers name them; both above zero.
    static func trade(_ item: JSONValue, time: Date) throws(FeedMessageError) -> ProviderUpdate {
        let price = try price(item, "p", .trade)
        let size = try count(item, "s")
        guard price.ticks > 0, size > 0 else { throw FeedMessageError("a trade needs a price and a size above zero") }
        return .trade(LastTrade(price: price, size: size), time: time)
    }

    /// One side of a quote: nil when nothing is quoted there (a price or a size of zero).
    static func level(price: Price, lots: Int, sharesPerLot: Int) -> BookLevel? {
        guard price.ticks > 0, lots > 0 else { return nil }
        return BookLevel(price: price, quantity: lots * sharesPerLot)
    }

    /// A frame's items: every provider sends a JSON array of objects.
    static func items(_ text: String) throws(FeedMessageError) -> [JSONValue] {
        let json: JSONValue
        do { json = try JSONReader.parse(text) } catch { throw FeedMessageError("not JSON (\(error.description))") }
        guard let items = json.arrayValue else { throw FeedMessageError("not a JSON array of messages") }
        return items
    }
}
