import BourseCore
import Foundation

/// Alpaca's market-data stream, v2 (`wss://stream.data.alpaca.markets/v2/iex`), for one stock's
/// trades and quotes. See `docs/feed-protocol.md`, "Alpaca".
///
/// Every frame is a JSON array of messages, each with a type `T`. The stream welcomes the client
/// (`success`/`connected`), is sent the key and secret, confirms (`success`/`authenticated`), is
/// sent the subscription and acknowledges it (`subscription`); then quotes (`q`) and trades
/// (`t`) flow. An `error` message ends the connection: the key, the plan and the subscription's
/// errors are refusals, the others a reason to reconnect.
public struct AlpacaStreamDialect: FeedDialect {
    /// Alpaca's quote sizes are round lots of 100 shares (Alpaca's forum, 2023); trade sizes are shares.
    public static let sharesPerLot = 100

    public let provider = "Alpaca"
    public let symbol: String
    private let key: String
    private let secret: String
    private var stage = Stage.welcome

    enum Stage {
        case welcome, authenticating, subscribing, streaming
    }

    public init(symbol: String, key: String, secret: String) {
        self.symbol = symbol
        self.key = key
        self.secret = secret
    }

    public mutating func read(_ text: String) -> ProviderReading {
        readItems(of: text, naming: "message") { dialect, item, reading throws(FeedMessageError) in
            try dialect.read(item, into: &reading)
        }
    }

    private mutating func read(_ item: JSONValue, into reading: inout ProviderReading) throws(FeedMessageError) {
        guard case .object = item else { throw FeedMessageError("not a JSON object") }
        guard let type = item["T"]?.stringValue else { throw FeedMessageError("no \"T\" (the message type)") }
        switch type {
        case "success":
            switch item["msg"]?.stringValue {
            case "connected" where stage == .welcome:
                stage = .authenticating
                reading.replies.append(
                    "{\"action\":\"auth\",\"key\":\(JSONString.quoted(key)),\"secret\":\(JSONString.quoted(secret))}")
            case "authenticated" where stage == .authenticating:
                stage = .subscribing
                reading.notes.append("authenticated")
                let symbols = "[\(JSONString.quoted(symbol))]"
                reading.replies.append("{\"action\":\"subscribe\",\"trades\":\(symbols),\"quotes\":\(symbols)}")
            default:
                throw FeedMessageError("an unexpected success message \"\(shown(item["msg"]?.stringValue ?? ""))\"")
            }
        case "subscription":
            let trades = item["trades"]?.arrayValue?.compactMap(\.stringValue) ?? []
            let quotes = item["quotes"]?.arrayValue?.compactMap(\.stringValue) ?? []
            guard trades.contains(symbol), quotes.contains(symbol) else {
                reading.refusal = FeedRefusal(
                    reason: "Alpaca did not subscribe the trades and quotes of \(symbol)",
                    fix: "check that \(symbol) is a US stock Alpaca carries; the feed symbol is bourse serve's --feed-symbol")
                return
            }
            stage = .streaming
            reading.notes.append("subscribed to the trades and quotes of \(symbol)")
        case "error":
            refuseOrClose(code: item["code"]?.int64Value, message: item["msg"]?.stringValue ?? "", into: &reading)
        case "q":
            guard try ProviderValues.symbol(item, "S") == symbol else { return }
            reading.updates.append(try ProviderValues.quote(item, sharesPerLot: Self.sharesPerLot, time: Self.time(item)))
        case "t":
            guard try ProviderValues.symbol(item, "S") == symbol else { return }
            reading.updates.append(try ProviderValues.trade(item, time: Self.time(item)))
        default:
            // Bars, statuses, corrections and what Alpaca adds later: not the book's.
            break
        }
    }

    /// An `error` message: what the user must fix is a refusal, the rest ends this connection only.
    private func refuseOrClose(code: Int64?, message: String, into reading: inout ProviderReading) {
        let said = "\(code.map { "\($0) " } ?? "")\(shown(message))"
        let fix: String
        switch code {
        case 402:
            fix = "check APCA_API_KEY_ID and APCA_API_SECRET_KEY: they must be the key ID and secret of your Alpaca account"
        case 409:
            fix =
                "your Alpaca plan does not include this feed: use the free IEX feed (unset BOURSE_FEED_URL for \(AlpacaStreamDialect.defaultURL))"
        case 406:
            fix = "Alpaca allows one stream connection per account: stop the other program or bourse using these keys"
        case 405, 410:
            fix = "Alpaca refused the subscription to \(symbol): check --feed-symbol and your plan's symbol limit"
        case 400, 401, 404:
            fix = "the stream did not follow Alpaca's protocol; check that BOURSE_FEED_URL points at Alpaca's v2 stream"
        default:
            reading.closing = "Alpaca reported an error (\(said))"
            return
        }
        reading.refusal = FeedRefusal(reason: "Alpaca refused the connection (\(said))", fix: fix)
    }

    private func shown(_ text: String) -> String { Self.shown(text, hiding: [key, secret]) }

    /// The message's `t`: RFC 3339 in UTC, up to nine fraction digits.
    private static func time(_ item: JSONValue) throws(FeedMessageError) -> Date {
        guard let text = item["t"]?.stringValue, let time = Timestamp.parseISO8601(text) else {
            throw FeedMessageError("\"t\" must be an RFC 3339 UTC time such as 2026-11-20T14:30:00.125458123Z")
        }
        return time
    }

    /// The free IEX stream.
    public static let defaultURL = "wss://stream.data.alpaca.markets/v2/iex"
}
