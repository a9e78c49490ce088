import BourseCore

/// Alpaca's market-data stream v2 feeds: IEX (every plan) and SIP (paid plans only).
enum AlpacaFeed: String, CaseIterable, Sendable {
    case iex, sip
}

/// One connection to the stand-in's Alpaca stream (`/v2/iex`, `/v2/sip`): the login, the
/// subscriptions and the quotes and trades of `docs/feed-protocol.md`, as a value.
struct AlpacaStreamSession: ProviderSession {
    /// The channels a client may subscribe to, in the acknowledgement's order; only trades and
    /// quotes carry data (the simulated market has no bars, statuses or LULD bands).
    static let channels = ["trades", "quotes", "bars", "updatedBars", "dailyBars", "statuses", "lulds"]
    /// Alpaca's free plan streams at most 30 symbols.
    static let freeSymbolLimit = 30

    let feed: AlpacaFeed
    let access: ProviderAccess
    private(set) var claimedKey: String?
    private(set) var closed = false
    private(set) var subscriptions: [String: SymbolSet] = [:]

    init(feed: AlpacaFeed, access: ProviderAccess) {
        self.feed = feed
        self.access = access
    }

    var isAuthenticated: Bool { claimedKey != nil }

    var greeting: String { #"[{"T":"success","msg":"connected"}]"# }

    static func error(_ code: Int, _ message: String) -> String {
        "[{\"T\":\"error\",\"code\":\(code),\"msg\":\(JSONString.quoted(message))}]"
    }

    mutating func receive(_ text: String, claim: (String) -> Bool) -> ProviderReply {
        guard !closed else { return ProviderReply() }
        guard let json = try? JSONReader.parse(text), let members = json.objectValue,
            let action = members["action"]?.stringValue
        else { return ProviderReply([Self.error(400, "invalid syntax")]) }
        guard isAuthenticated else {
            guard action == "auth" else { return ProviderReply([Self.error(401, "not authenticated")]) }
            return authenticate(members, claim: claim)
        }
        switch action {
        case "auth": return ProviderReply([Self.error(403, "already authenticated")])
        case "subscribe": return change(members, subscribing: true)
        case "unsubscribe": return change(members, subscribing: false)
        default: return ProviderReply([Self.error(400, "invalid syntax")])
        }
    }

    /// Checks the credentials, then the plan, then the connection limit.
    private mutating func authenticate(_ members: [String: JSONValue], claim: (String) -> Bool) -> ProviderReply {
        guard let key = members["key"]?.stringValue, let secret = members["secret"]?.stringValue,
            ProviderAccess.accepts(key, expected: access.alpacaKey),
            ProviderAccess.accepts(secret, expected: access.alpacaSecret)
        else { return closing(402, "auth failed") }
        if feed == .sip, access.tier == .free { return closing(409, "insufficient subscription") }
        let registryKey = "alpaca:" + key
        guard claim(registryKey) else { return closing(406, "connection limit exceeded") }
        claimedKey = registryKey
        return ProviderReply([#"[{"T":"success","msg":"authenticated"}]"#])
    }

    private mutating func closing(_ code: Int, _ message: String) -> ProviderReply {
        closed = true
        return ProviderReply([Self.error(code, message)], close: true)
    }

    /// A subscribe or unsubscribe: every channel named must be an array of symbols; the answer
    /// lists the whole subscription afterwards.
    private mutating func change(_ members: [String: JSONValue], subscribing: Bool) -> ProviderReply {
        var updated = subscriptions
        for (channel, value) in members where channel != "action" {
            guard Self.channels.contains(channel) else {
                // Order books and news are other feeds' (crypto, news), not this one's.
                let otherFeeds = ["orderbooks", "news", "trades_crypto"]
                return ProviderReply([
                    otherFeeds.contains(channel)
                        ? Self.error(410, "invalid subscribe action for this feed") : Self.error(400, "invalid syntax")
                ])
            }
            guard let items = value.arrayValue else { return ProviderReply([Self.error(400, "invalid syntax")]) }
            for item in items {
                guard let symbol = item.stringValue, !symbol.isEmpty else {
                    return ProviderReply([Self.error(400, "invalid syntax")])
                }
                if subscribing {
                    updated[channel, default: SymbolSet()].insert(symbol.uppercased())
                } else {
                    updated[channel]?.remove(symbol.uppercased())
                }
            }
        }
        let symbols = Set(updated.values.flatMap(\.symbols))
        if access.tier == .free, symbols.count > Self.freeSymbolLimit {
            return ProviderReply([Self.error(405, "symbol limit exceeded")])
        }
        subscriptions = updated
        return ProviderReply([acknowledgement])
    }

    /// `[{"T":"subscription","trades":[…],…,"corrections":[…],"cancelErrors":[…]}]`: corrections
    /// and cancel errors follow the trades.
    var acknowledgement: String {
        func list(_ channel: String) -> String {
            "[" + (subscriptions[channel]?.symbols ?? []).map(JSONString.quoted).joined(separator: ",") + "]"
        }
        var out = #"[{"T":"subscription""#
        for channel in Self.channels { out += ",\"\(channel)\":" + list(channel) }
        out += ",\"corrections\":" + list("trades") + ",\"cancelErrors\":" + list("trades") + "}]"
        return out
    }

    mutating func authTimedOut() -> ProviderReply {
        guard !closed, !isAuthenticated else { return ProviderReply() }
        return closing(404, "auth timeout")
    }

    func frame(for event: MarketEvent) -> String? {
        guard isAuthenticated, !closed else { return nil }
        let tick = event.tick
        let symbol = JSONString.quoted(tick.symbol)
        let time = "\"" + Timestamp.iso8601Milliseconds(tick.time) + "\""
        var messages: [String] = []
        if event.quoteChanged, subscriptions["quotes"]?.contains(tick.symbol) == true {
            messages.append(
                "{\"T\":\"q\",\"S\":\(symbol),\"bx\":\"V\",\"bp\":\(MarketEvent.number(tick.bestBid)),"
                    + "\"bs\":\(MarketEvent.lots(tick.bestBid)),\"ax\":\"V\",\"ap\":\(MarketEvent.number(tick.bestAsk)),"
                    + "\"as\":\(MarketEvent.lots(tick.bestAsk)),\"t\":\(time),\"c\":[\"R\"],\"z\":\"C\"}")
        }
        if event.newTrade, let last = tick.last, subscriptions["trades"]?.contains(tick.symbol) == true {
            messages.append(
                "{\"T\":\"t\",\"i\":\(tick.seq),\"S\":\(symbol),\"x\":\"V\",\"p\":\(last.price),\"s\":\(last.size),"
                    + "\"t\":\(time),\"c\":[\"@\"],\"z\":\"C\"}")
        }
        return messages.isEmpty ? nil : "[" + messages.joined(separator: ",") + "]"
    }
}
