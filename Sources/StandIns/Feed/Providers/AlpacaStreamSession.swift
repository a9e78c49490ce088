import BourseCore

/// Alpaca's market-data stream v2 feeds: IEX (every plan) and SIP (paid plans only).
enum AlpacaFeed: String, CaseIterable, Sendable {
    case iex, sip
}

/// One connection to the stand-in's Alpaca stream (`/v2/iex`, `/v2/sip`): the login, the
/// subscriptions and the quotes and trades of `docs/feed-protocol.md`, as a value. The same
/// session serves JSON and msgpack clients: it reads and writes `ProviderValue`s, and the
/// connection's `ProviderEncoding` makes them frames.
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

    var greeting: ProviderValue { Self.success("connected") }

    /// `[{"T":"success","msg":…}]`
    static func success(_ message: String) -> ProviderValue {
        [.object(["T": "success", "msg": .string(message)])]
    }

    /// `[{"T":"error","code":…,"msg":…}]`
    static func error(_ code: Int64, _ message: String) -> ProviderValue {
        [.object(["T": "error", "code": .integer(code), "msg": .string(message)])]
    }

    mutating func receive(
        _ message: Result<ProviderValue, ProviderDecodingError>, claim: (String) -> Bool
    ) -> ProviderReply {
        guard !closed else { return ProviderReply() }
        guard case .success(let value) = message, let members = value.members,
            let action = value["action"]?.stringValue
        else { return ProviderReply([Self.error(400, "invalid syntax")]) }
        guard isAuthenticated else {
            guard action == "auth" else { return ProviderReply([Self.error(401, "not authenticated")]) }
            return authenticate(value, claim: claim)
        }
        switch action {
        case "auth": return ProviderReply([Self.error(403, "already authenticated")])
        case "subscribe": return change(members, subscribing: true)
        case "unsubscribe": return change(members, subscribing: false)
        default: return ProviderReply([Self.error(400, "invalid syntax")])
        }
    }

    /// Checks the credentials, then the plan, then the connection limit.
    private mutating func authenticate(_ message: ProviderValue, claim: (String) -> Bool) -> ProviderReply {
        guard let key = message["key"]?.stringValue, let secret = message["secret"]?.stringValue,
            ProviderAccess.accepts(key, expected: access.alpacaKey),
            ProviderAccess.accepts(secret, expected: access.alpacaSecret)
        else { return closing(402, "auth failed") }
        if feed == .sip, access.tier == .free { return closing(409, "insufficient subscription") }
        let registryKey = "alpaca:" + key
        guard claim(registryKey) else { return closing(406, "connection limit exceeded") }
        claimedKey = registryKey
        return ProviderReply([Self.success("authenticated")])
    }

    private mutating func closing(_ code: Int64, _ message: String) -> ProviderReply {
        closed = true
        return ProviderReply([Self.error(code, message)], close: true)
    }

    /// A subscribe or unsubscribe: every channel named must be an array of symbols; the answer
    /// lists the whole subscription afterwards.
    private mutating func change(_ members: [ProviderMember], subscribing: Bool) -> ProviderReply {
        var updated = subscriptions
        for member in members where member.name != "action" {
            guard Self.channels.contains(member.name) else {
                // Order books and news are other feeds' (crypto, news), not this one's.
                let otherFeeds = ["orderbooks", "news", "trades_crypto"]
                return ProviderReply([
                    otherFeeds.contains(member.name)
                        ? Self.error(410, "invalid subscribe action for this feed") : Self.error(400, "invalid syntax")
                ])
            }
            guard let items = member.value.arrayValue else { return ProviderReply([Self.error(400, "invalid syntax")]) }
            for item in items {
                guard let symbol = item.stringValue, !symbol.isEmpty else {
                    return ProviderReply([Self.error(400, "invalid syntax")])
                }
                if subscribing {
                    updated[member.name, default: SymbolSet()].insert(symbol.uppercased())
                } else {
                    updated[member.name]?.remove(symbol.uppercased())
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
    var acknowledgement: ProviderValue {
        func list(_ channel: String) -> ProviderValue {
            .array((subscriptions[channel]?.symbols ?? []).map(ProviderValue.string))
        }
        var members = [ProviderMember("T", "subscription")]
        for channel in Self.channels { members.append(ProviderMember(channel, list(channel))) }
        members += [ProviderMember("corrections", list("trades")), ProviderMember("cancelErrors", list("trades"))]
        return [.object(members)]
    }

    mutating func authTimedOut() -> ProviderReply {
        guard !closed, !isAuthenticated else { return ProviderReply() }
        return closing(404, "auth timeout")
    }

    func frame(for event: MarketEvent) -> ProviderValue? {
        guard isAuthenticated, !closed else { return nil }
        let tick = event.tick
        let symbol = ProviderValue.string(tick.symbol)
        var messages: [ProviderValue] = []
        if event.quoteChanged, subscriptions["quotes"]?.contains(tick.symbol) == true {
            messages.append(
                .object([
                    "T": "q", "S": symbol, "bx": "V", "bp": .number(MarketEvent.number(tick.bestBid)),
                    "bs": .integer(Int64(MarketEvent.lots(tick.bestBid))), "ax": "V",
                    "ap": .number(MarketEvent.number(tick.bestAsk)), "as": .integer(Int64(MarketEvent.lots(tick.bestAsk))),
                    "t": .time(tick.time), "c": ["R"], "z": "C",
                ]))
        }
        if event.newTrade, let last = tick.last, subscriptions["trades"]?.contains(tick.symbol) == true {
            messages.append(
                .object([
                    "T": "t", "i": .integer(tick.seq), "S": symbol, "x": "V", "p": .number("\(last.price)"),
                    "s": .integer(Int64(last.size)), "t": .time(tick.time), "c": ["@"], "z": "C",
                ]))
        }
        return messages.isEmpty ? nil : .array(messages)
    }
}
