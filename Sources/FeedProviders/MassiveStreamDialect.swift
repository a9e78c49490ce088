import BourseCore
import Foundation

/// Massive's stocks WebSocket (`wss://socket.massive.com/stocks`, or the 15-minute delayed
/// `wss://delayed.massive.com/stocks`), formerly Polygon.io's, for one stock's trades (`T`) and
/// quotes (`Q`). See `docs/feed-protocol.md`, "Massive".
///
/// Every frame is a JSON array of events, each with `ev`. Status events (`ev: status`) carry the
/// handshake: `connected`, then the REST key is sent and `auth_success` comes back, then the
/// subscription and one `success` per channel. `auth_failed`, `max_connections` and `error`
/// are refusals.
public struct MassiveStreamDialect: FeedDialect {
    /// Massive's quote sizes are round lots of 100 shares (its WebSocket docs); trade sizes are shares.
    public static let sharesPerLot = 100

    public let provider = "Massive"
    public let symbol: String
    private let key: String
    private var stage = Stage.welcome
    private var channelsAcknowledged = 0

    enum Stage {
        case welcome, authenticating, subscribing, streaming
    }

    public init(symbol: String, key: String) {
        self.symbol = symbol
        self.key = key
    }

    public mutating func read(_ text: String) -> ProviderReading {
        readItems(of: text, naming: "event") { dialect, item, reading throws(FeedMessageError) in
            try dialect.read(item, into: &reading)
        }
    }

    private mutating func read(_ item: JSONValue, into reading: inout ProviderReading) throws(FeedMessageError) {
        guard case .object = item else { throw FeedMessageError("not a JSON object") }
        guard let event = item["ev"]?.stringValue else { throw FeedMessageError("no \"ev\" (the event type)") }
        switch event {
        case "status":
            try status(item, into: &reading)
        case "Q":
            guard try ProviderValues.symbol(item, "sym") == symbol else { return }
            reading.updates.append(try ProviderValues.quote(item, sharesPerLot: Self.sharesPerLot, time: Self.time(item)))
        case "T":
            guard try ProviderValues.symbol(item, "sym") == symbol else { return }
            reading.updates.append(try ProviderValues.trade(item, time: Self.time(item)))
        default:
            // Aggregates and what Massive adds later: not the book's.
            break
        }
    }

    private mutating func status(_ item: JSONValue, into reading: inout ProviderReading) throws(FeedMessageError) {
        let message = shown(item["message"]?.stringValue ?? "")
        switch item["status"]?.stringValue {
        case "connected" where stage == .welcome:
            stage = .authenticating
            reading.replies.append("{\"action\":\"auth\",\"params\":\(JSONString.quoted(key))}")
        case "auth_success" where stage == .authenticating:
            stage = .subscribing
            reading.notes.append("authenticated")
            reading.replies.append("{\"action\":\"subscribe\",\"params\":\(JSONString.quoted("T.\(symbol),Q.\(symbol)"))}")
        case "success" where stage == .subscribing || stage == .streaming:
            channelsAcknowledged += 1
            if channelsAcknowledged == 2 {
                stage = .streaming
                reading.notes.append("subscribed to the trades and quotes of \(symbol)")
            }
        case "auth_failed":
            reading.refusal = FeedRefusal(
                reason: "Massive refused the key (\(message))",
                fix:
                    "check MASSIVE_API_KEY (or POLYGON_API_KEY); the stocks WebSocket needs a paid plan, quotes need Advanced, and Starter or Developer keys work with BOURSE_FEED=massive-delayed"
            )
        case "max_connections":
            reading.refusal = FeedRefusal(
                reason: "Massive refused a second connection (\(message))",
                fix: "Massive allows one stocks WebSocket per account: stop the other program or bourse using this key")
        case "error":
            reading.refusal = FeedRefusal(
                reason: "Massive refused the subscription (\(message))",
                fix: "check --feed-symbol, and that your Massive plan includes trades and quotes on this host")
        case let other:
            throw FeedMessageError("an unexpected status \"\(shown(other ?? "(none)"))\": \(message)")
        }
    }

    private func shown(_ text: String) -> String { Self.shown(text, hiding: [key]) }

    /// The event's `t`: Unix milliseconds, between 2000 and 2100.
    private static func time(_ item: JSONValue) throws(FeedMessageError) -> Date {
        guard let milliseconds = item["t"]?.int64Value, (946_684_800_000...4_102_444_800_000).contains(milliseconds) else {
            throw FeedMessageError("\"t\" must be a time in Unix milliseconds")
        }
        return Timestamp.fromUnixMilliseconds(milliseconds)
    }

    /// The real-time host.
    public static let defaultURL = "wss://socket.massive.com/stocks"
    /// The 15-minute delayed host (Starter and Developer plans).
    public static let delayedURL = "wss://delayed.massive.com/stocks"
}
