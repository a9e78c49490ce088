import BourseCore
import Foundation

/// One connection to the stand-in's Massive stocks WebSocket (`/stocks`): the login, the
/// channel subscriptions (`T.AAPL`, `Q.AAPL`) and the trades and quotes of
/// `docs/feed-protocol.md`, as a value.
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

    var greeting: String { Self.status("connected", "Connected Successfully") }

    static func status(_ status: String, _ message: String) -> String {
        "[" + statusObject(status, message) + "]"
    }

    static func statusObject(_ status: String, _ message: String) -> String {
        "{\"ev\":\"status\",\"status\":\(JSONString.quoted(status)),\"message\":\(JSONString.quoted(message))}"
    }

    mutating func receive(_ text: String, claim: (String) -> Bool) -> ProviderReply {
        guard !closed else { return ProviderReply() }
        guard let json = try? JSONReader.parse(text), let members = json.objectValue else {
            return ProviderReply([Self.status("error", "invalid JSON")])
        }
        guard let action = members["action"]?.stringValue, let params = members["params"]?.stringValue else {
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
        var acknowledgements: [String] = []
        for channel in channels {
            if subscribing {
                subscriptions[channel.prefix, default: SymbolSet()].insert(channel.symbol)
            } else {
                subscriptions[channel.prefix]?.remove(channel.symbol)
            }
            let verb = subscribing ? "subscribed to: " : "unsubscribed to: "
            acknowledgements.append(Self.statusObject("success", verb + channel.name))
        }
        return ProviderReply(["[" + acknowledgements.joined(separator: ",") + "]"])
    }

    /// Massive closes a connection that does not log in; it says nothing first.
    mutating func authTimedOut() -> ProviderReply {
        guard !closed, !isAuthenticated else { return ProviderReply() }
        closed = true
        return ProviderReply(close: true)
    }

    func frame(for event: MarketEvent) -> String? {
        guard isAuthenticated, !closed else { return nil }
        let tick = event.tick
        let symbol = JSONString.quoted(tick.symbol)
        let time = event.unixMilliseconds
        var messages: [String] = []
        if event.quoteChanged, subscriptions["Q"]?.contains(tick.symbol) == true {
            messages.append(
                "{\"ev\":\"Q\",\"sym\":\(symbol),\"bx\":4,\"bp\":\(MarketEvent.number(tick.bestBid)),"
                    + "\"bs\":\(MarketEvent.lots(tick.bestBid)),\"ax\":4,\"ap\":\(MarketEvent.number(tick.bestAsk)),"
                    + "\"as\":\(MarketEvent.lots(tick.bestAsk)),\"t\":\(time),\"q\":\(tick.seq),\"z\":3}")
        }
        if event.newTrade, let last = tick.last, subscriptions["T"]?.contains(tick.symbol) == true {
            messages.append(
                "{\"ev\":\"T\",\"sym\":\(symbol),\"x\":4,\"i\":\"\(tick.seq)\",\"z\":3,\"p\":\(last.price),"
                    + "\"s\":\(last.size),\"t\":\(time),\"q\":\(tick.seq)}")
        }
        return messages.isEmpty ? nil : "[" + messages.joined(separator: ",") + "]"
    }
}
