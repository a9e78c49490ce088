import BourseCore
import Foundation

/// One connection to the stand-in's Massive stocks WebSocket (`/stocks`): the login, the
/// channel subscriptions (`T.AAPL`, `Q.AAPL`) and the trades and quotes of
/// `docs/feed-protocol.md`, as a value. Massive speaks JSON only.
struct MassiveStreamSession: ProviderSession {
    static let planMessage =
        "Your plan doesn't include websocket access. Visit https://massive.com/pricing to upgrade."
    static let maxConnectionsMessage =
        "Maximum number of websocket connections exceeded. You have reached the connection limit for your account. Please contact support at https://massive.com/contact to increase your limit."

    let access: ProviderAccess
    private(set) var claimedKey: String?
    private(set) var closed = false
    /// Subscribed symbols by channel prefix (`T`, `Q`; others are acknowledged and stay quiet).
    private(set) var subscriptions: [String: SymbolSet] = [:]

    init(access: ProviderAccess) {
        self.access = access
    }

    var isAuthenticated: Bool { claimedKey != nil }

    var greeting: ProviderValue { Self.status("connected", "Connected Successfully") }

    /// `[{"ev":"status","status":…,"message":…}]`
    static func status(_ status: String, _ message: String) -> ProviderValue {
        [statusObject(status, message)]
    }

    static func statusObject(_ status: String, _ message: String) -> ProviderValue {
        .object(["ev": "status", "status": .string(status), "message": .string(message)])
    }

    mutating func receive(
        _ message: Result<ProviderValue, ProviderDecodingError>, claim: (String) -> Bool
    ) -> ProviderReply {
        guard !closed else { return ProviderReply() }
        guard case .success(let value) = message, value.members != nil else {
            return ProviderReply([Self.status("error", "invalid JSON")])
        }
        guard let action = value["action"]?.stringValue, let params = value["params"]?.stringValue else {
            return ProviderReply([Self.status("error", "invalid message: expected action and params")])
        }
        guard isAuthenticated else {
            guard action == "auth" else { return ProviderReply([Self.status("error", "not authorized")]) }
            return authenticate(params, claim: claim)
        }
        switch action {
        case "auth": return ProviderReply([Self.status("error", "already authenticated")])
        case "subscribe": return change(params, subscribing: true)
        case "unsubscribe": return change(params, subscribing: false)
        default: return ProviderReply([Self.status("error", "unknown action: \(action)")])
        }
    }

    /// Checks the key, then the plan, then the connection limit.
    private mutating func authenticate(_ key: String, claim: (String) -> Bool) -> ProviderReply {
        guard ProviderAccess.accepts(key, expected: access.massiveKey) else {
            return closing("auth_failed", "authentication failed")
        }
        if access.tier == .free { return closing("auth_failed", Self.planMessage) }
        let registryKey = "massive:" + key
        guard claim(registryKey) else { return closing("max_connections", Self.maxConnectionsMessage) }
        claimedKey = registryKey
        return ProviderReply([Self.status("auth_success", "authenticated")])
    }

    private mutating func closing(_ status: String, _ message: String) -> ProviderReply {
        closed = true
        return ProviderReply([Self.status(status, message)], close: true)
    }

    /// `T.AAPL,Q.AAPL`: one acknowledgement per channel; a malformed one is an error and changes nothing.
    private mutating func change(_ params: String, subscribing: Bool) -> ProviderReply {
        var channels: [(prefix: String, symbol: String, name: String)] = []
        for part in params.split(separator: ",") {
            let name = part.trimmingCharacters(in: .whitespaces)
            let pieces = name.split(separator: ".", maxSplits: 1)
            guard pieces.count == 2, !pieces[0].isEmpty, !pieces[1].isEmpty else {
                return ProviderReply([Self.status("error", "invalid params: \(name)")])
            }
            channels.append((String(pieces[0]), pieces[1].uppercased(), name))
        }
        guard !channels.isEmpty else { return ProviderReply([Self.status("error", "invalid params: \(params)")]) }
        var acknowledgements: [ProviderValue] = []
        for channel in channels {
            if subscribing {
                subscriptions[channel.prefix, default: SymbolSet()].insert(channel.symbol)
            } else {
                subscriptions[channel.prefix]?.remove(channel.symbol)
            }
            let verb = subscribing ? "subscribed to: " : "unsubscribed to: "
            acknowledgements.append(Self.statusObject("success", verb + channel.name))
        }
        return ProviderReply([.array(acknowledgements)])
    }

    /// Massive closes a connection that does not log in; it says nothing first.
    mutating func authTimedOut() -> ProviderReply {
        guard !closed, !isAuthenticated else { return ProviderReply() }
        closed = true
        return ProviderReply(close: true)
    }

    func frame(for event: MarketEvent) -> ProviderValue? {
        guard isAuthenticated, !closed else { return nil }
        let tick = event.tick
        let symbol = ProviderValue.string(tick.symbol)
        let time = ProviderValue.integer(event.unixMilliseconds)
        var messages: [ProviderValue] = []
        if event.quoteChanged, subscriptions["Q"]?.contains(tick.symbol) == true {
            messages.append(
                .object([
                    "ev": "Q", "sym": symbol, "bx": 4, "bp": .number(MarketEvent.number(tick.bestBid)),
                    "bs": .integer(Int64(MarketEvent.lots(tick.bestBid))), "ax": 4,
                    "ap": .number(MarketEvent.number(tick.bestAsk)), "as": .integer(Int64(MarketEvent.lots(tick.bestAsk))),
                    "t": time, "q": .integer(tick.seq), "z": 3,
                ]))
        }
        if event.newTrade, let last = tick.last, subscriptions["T"]?.contains(tick.symbol) == true {
            messages.append(
                .object([
                    "ev": "T", "sym": symbol, "x": 4, "i": .string("\(tick.seq)"), "z": 3, "p": .number("\(last.price)"),
                    "s": .integer(Int64(last.size)), "t": time, "q": .integer(tick.seq),
                ]))
        }
        return messages.isEmpty ? nil : .array(messages)
    }
}
