import BourseCore
import Foundation
import Testing

@testable import StandIns

/// The stand-in's Alpaca (`/v2/iex`, `/v2/sip`) and Massive (`/stocks`) streams over real
/// loopback WebSockets: the contract's handshakes and refusals, and the simulated ticks
/// translated. The test publishes the ticks itself, so it knows each one; a later subscription
/// (a fence) is answered only after every earlier tick was handled, so the frames before its
/// acknowledgement are all the data the ticks made.
@Suite("Provider streams")
struct ProviderStreamTests {
    static let alpacaAuth = #"{"action":"auth","key":"K","secret":"S"}"#
    static let alpacaAuthenticated = #"[{"T":"success","msg":"authenticated"}]"#
    static let massiveAuth = #"{"action":"auth","params":"KEY"}"#
    static let massiveAuthenticated = #"[{"ev":"status","status":"auth_success","message":"authenticated"}]"#
    static let start = 1_763_649_000.125

    struct Published {
        var tick: FeedTick
        var quoteChanged: Bool
        var newTrade: Bool
    }

    /// Publishes `count` ticks one second apart, with what each changed.
    static func publish(_ count: Int, on feed: FeedStandIn) -> [Published] {
        feed.state.withLock { broadcast in
            (0..<count).map { _ in
                let previous = broadcast.latest
                broadcast.publishNext(at: Date(timeIntervalSince1970: start + Double(broadcast.published)))
                let tick = broadcast.latest!
                return Published(
                    tick: tick, quoteChanged: previous?.bestBid != tick.bestBid || previous?.bestAsk != tick.bestAsk,
                    newTrade: broadcast.simulator.lastTickMadeTrade)
            }
        }
    }

    /// A value's text: a number as written, a string as is.
    static func text(_ value: JSONValue?) -> String {
        switch value {
        case .number(let text)?: text
        case .string(let text)?: text
        default: "?"
        }
    }

    static func lots(_ level: BookLevel?) -> String { "\(max(1, (level?.quantity ?? 0) / 100))" }

    /// Every message until the frame whose first object has `key` equal to `fence`.
    static func messages(until fence: String, key: String, on socket: inout ProviderSocket) async throws -> [JSONValue] {
        var received: [JSONValue] = []
        while let frame = try await socket.nextJSON() {
            if text(frame.first?[key]) == fence { return received }
            received += frame
        }
        return received
    }

    /// Waits until the stand-in has let go of every provider connection (and so of its key).
    static func waitUntilClosed(_ feed: FeedStandIn) async throws {
        for _ in 0..<12_000 where feed.providerConnectionCount > 0 { try await Task.sleep(for: .milliseconds(10)) }
    }

    // MARK: - Alpaca

    @Test func alpacaStreamsTheSimulatedQuotesAndTrades() async throws {
        try await withProviderStandIn { feed, port in
            try await ProviderSocket.talk(port: port, path: "/v2/iex") { socket in
                #expect(try await socket.next() == #"[{"T":"success","msg":"connected"}]"#)
                try await socket.send(Self.alpacaAuth)
                #expect(try await socket.next() == Self.alpacaAuthenticated)
                try await socket.send(#"{"action":"subscribe","trades":["AAPL"],"quotes":["AAPL"]}"#)
                #expect(
                    try await socket.next()
                        == #"[{"T":"subscription","trades":["AAPL"],"quotes":["AAPL"],"bars":[],"updatedBars":[],"dailyBars":[],"statuses":[],"lulds":[],"corrections":["AAPL"],"cancelErrors":["AAPL"]}]"#
                )
                let published = Self.publish(20, on: feed)
                try await socket.send(#"{"action":"subscribe","bars":["AAPL"]}"#)
                let received = try await Self.messages(until: "subscription", key: "T", on: &socket)
                var expected: [String] = []
                for item in published {
                    let tick = item.tick
                    let time = Timestamp.iso8601Milliseconds(tick.time)
                    if item.quoteChanged {
                        expected.append(
                            "q AAPL \(tick.bestBid!.price) \(Self.lots(tick.bestBid)) \(tick.bestAsk!.price) \(Self.lots(tick.bestAsk)) \(time)"
                        )
                    }
                    if item.newTrade { expected.append("t AAPL \(tick.last!.price) \(tick.last!.size) \(time)") }
                }
                let described = received.map { message in
                    let fields = Self.text(message["T"]) == "q" ? ["S", "bp", "bs", "ap", "as", "t"] : ["S", "p", "s", "t"]
                    return ([Self.text(message["T"])] + fields.map { Self.text(message[$0]) }).joined(separator: " ")
                }
                #expect(published.contains { $0.newTrade } && published.contains { $0.quoteChanged })
                #expect(described == expected)
            }
        }
    }

    @Test func alpacaRefusesABadKeyAndCloses() async throws {
        try await withProviderStandIn(access: ProviderAccess(alpacaKey: "K", alpacaSecret: "S")) { _, port in
            try await ProviderSocket.talk(port: port, path: "/v2/iex") { socket in
                _ = try await socket.next()
                try await socket.send(#"{"action":"auth","key":"K","secret":"wrong"}"#)
                #expect(try await socket.next() == #"[{"T":"error","code":402,"msg":"auth failed"}]"#)
                #expect(try await socket.next() == nil)
            }
        }
    }

    @Test func alpacaSIPNeedsAPaidPlanButIEXDoesNot() async throws {
        try await withProviderStandIn(access: ProviderAccess(tier: .free)) { _, port in
            try await ProviderSocket.talk(port: port, path: "/v2/sip") { socket in
                _ = try await socket.next()
                try await socket.send(Self.alpacaAuth)
                #expect(try await socket.next() == #"[{"T":"error","code":409,"msg":"insufficient subscription"}]"#)
                #expect(try await socket.next() == nil)
            }
            try await ProviderSocket.talk(port: port, path: "/v2/iex") { socket in
                _ = try await socket.next()
                try await socket.send(Self.alpacaAuth)
                #expect(try await socket.next() == Self.alpacaAuthenticated)
            }
        }
    }

    @Test func alpacaRefusesAnActionBeforeAuth() async throws {
        try await withProviderStandIn { _, port in
            try await ProviderSocket.talk(port: port, path: "/v2/iex") { socket in
                _ = try await socket.next()
                try await socket.send(#"{"action":"subscribe","trades":["AAPL"]}"#)
                #expect(try await socket.next() == #"[{"T":"error","code":401,"msg":"not authenticated"}]"#)
                try await socket.send(Self.alpacaAuth)
                #expect(try await socket.next() == Self.alpacaAuthenticated)
            }
        }
    }

    @Test func alpacaClosesAConnectionThatDoesNotLogIn() async throws {
        try await withProviderStandIn(access: ProviderAccess(authTimeout: .milliseconds(200))) { _, port in
            try await ProviderSocket.talk(port: port, path: "/v2/iex") { socket in
                _ = try await socket.next()
                #expect(try await socket.next() == #"[{"T":"error","code":404,"msg":"auth timeout"}]"#)
                #expect(try await socket.next() == nil)
            }
        }
    }

    @Test func alpacaAllowsOneConnectionPerKey() async throws {
        try await withProviderStandIn { feed, port in
            try await ProviderSocket.talk(port: port, path: "/v2/iex") { first in
                _ = try await first.next()
                try await first.send(Self.alpacaAuth)
                #expect(try await first.next() == Self.alpacaAuthenticated)
                try await ProviderSocket.talk(port: port, path: "/v2/sip") { second in
                    _ = try await second.next()
                    try await second.send(Self.alpacaAuth)
                    #expect(try await second.next() == #"[{"T":"error","code":406,"msg":"connection limit exceeded"}]"#)
                    #expect(try await second.next() == nil)
                }
            }
            try await Self.waitUntilClosed(feed)
            // The key is free again once its connection has closed.
            try await ProviderSocket.talk(port: port, path: "/v2/iex") { third in
                _ = try await third.next()
                try await third.send(Self.alpacaAuth)
                #expect(try await third.next() == Self.alpacaAuthenticated)
            }
        }
    }

    @Test func alpacaSendsOnlyTheSubscribedChannels() async throws {
        try await withProviderStandIn { feed, port in
            try await ProviderSocket.talk(port: port, path: "/v2/iex") { socket in
                _ = try await socket.next()
                try await socket.send(Self.alpacaAuth)
                _ = try await socket.next()
                try await socket.send(#"{"action":"subscribe","trades":["MSFT"],"quotes":["AAPL"]}"#)
                _ = try await socket.next()
                let published = Self.publish(15, on: feed)
                try await socket.send(#"{"action":"unsubscribe","quotes":["AAPL"]}"#)
                let received = try await Self.messages(until: "subscription", key: "T", on: &socket)
                #expect(received.map { Self.text($0["T"]) } == published.filter(\.quoteChanged).map { _ in "q" })
                // Unsubscribed: nothing more comes before the next acknowledgement.
                _ = Self.publish(5, on: feed)
                try await socket.send(#"{"action":"subscribe","bars":["AAPL"]}"#)
                #expect(try await Self.messages(until: "subscription", key: "T", on: &socket).isEmpty)
            }
        }
    }

    // MARK: - Massive

    @Test func massiveStreamsTheSimulatedTradesAndQuotes() async throws {
        try await withProviderStandIn { feed, port in
            try await ProviderSocket.talk(port: port, path: "/stocks") { socket in
                #expect(
                    try await socket.next()
                        == #"[{"ev":"status","status":"connected","message":"Connected Successfully"}]"#)
                try await socket.send(Self.massiveAuth)
                #expect(try await socket.next() == Self.massiveAuthenticated)
                try await socket.send(#"{"action":"subscribe","params":"T.AAPL,Q.AAPL"}"#)
                #expect(
                    try await socket.next()
                        == #"[{"ev":"status","status":"success","message":"subscribed to: T.AAPL"},{"ev":"status","status":"success","message":"subscribed to: Q.AAPL"}]"#
                )
                let published = Self.publish(20, on: feed)
                try await socket.send(#"{"action":"subscribe","params":"T.ZZZ"}"#)
                let received = try await Self.messages(until: "status", key: "ev", on: &socket)
                var expected: [String] = []
                for item in published {
                    let tick = item.tick
                    let milliseconds = Int64((tick.time.timeIntervalSince1970 * 1000).rounded())
                    if item.quoteChanged {
                        expected.append(
                            "Q AAPL \(tick.bestBid!.price) \(Self.lots(tick.bestBid)) \(tick.bestAsk!.price) \(Self.lots(tick.bestAsk)) \(milliseconds)"
                        )
                    }
                    if item.newTrade { expected.append("T AAPL \(tick.last!.price) \(tick.last!.size) \(milliseconds)") }
                }
                let described = received.map { message in
                    let fields = Self.text(message["ev"]) == "Q" ? ["sym", "bp", "bs", "ap", "as", "t"] : ["sym", "p", "s", "t"]
                    return ([Self.text(message["ev"])] + fields.map { Self.text(message[$0]) }).joined(separator: " ")
                }
                #expect(described == expected)
            }
        }
    }

    @Test func massiveRefusesABadKeyAndCloses() async throws {
        try await withProviderStandIn(access: ProviderAccess(massiveKey: "KEY")) { _, port in
            try await ProviderSocket.talk(port: port, path: "/stocks") { socket in
                _ = try await socket.next()
                try await socket.send(#"{"action":"auth","params":"WRONG"}"#)
                #expect(
                    try await socket.next()
                        == #"[{"ev":"status","status":"auth_failed","message":"authentication failed"}]"#)
                #expect(try await socket.next() == nil)
            }
        }
    }

    @Test func massiveOnTheFreeTierHasNoWebSocket() async throws {
        try await withProviderStandIn(access: ProviderAccess(tier: .free)) { _, port in
            try await ProviderSocket.talk(port: port, path: "/stocks") { socket in
                _ = try await socket.next()
                try await socket.send(Self.massiveAuth)
                #expect(
                    try await socket.next()
                        == #"[{"ev":"status","status":"auth_failed","message":"Your plan doesn't include websocket access. Visit https://massive.com/pricing to upgrade."}]"#
                )
                #expect(try await socket.next() == nil)
            }
        }
    }

    @Test func massiveAllowsOneConnectionPerKey() async throws {
        try await withProviderStandIn { _, port in
            try await ProviderSocket.talk(port: port, path: "/stocks") { first in
                _ = try await first.next()
                try await first.send(Self.massiveAuth)
                #expect(try await first.next() == Self.massiveAuthenticated)
                try await ProviderSocket.talk(port: port, path: "/stocks") { second in
                    _ = try await second.next()
                    try await second.send(Self.massiveAuth)
                    #expect(
                        try await second.next()?.hasPrefix(#"[{"ev":"status","status":"max_connections","#) == true)
                    #expect(try await second.next() == nil)
                }
            }
        }
    }

    @Test func massiveSendsOnlyTheSubscribedChannels() async throws {
        try await withProviderStandIn { feed, port in
            try await ProviderSocket.talk(port: port, path: "/stocks") { socket in
                _ = try await socket.next()
                try await socket.send(Self.massiveAuth)
                _ = try await socket.next()
                try await socket.send(#"{"action":"subscribe","params":"T.AAPL,Q.MSFT"}"#)
                _ = try await socket.next()
                let published = Self.publish(15, on: feed)
                try await socket.send(#"{"action":"unsubscribe","params":"T.AAPL"}"#)
                let received = try await Self.messages(until: "status", key: "ev", on: &socket)
                #expect(received.map { Self.text($0["ev"]) } == published.filter(\.newTrade).map { _ in "T" })
            }
        }
    }

    // MARK: - Misbehaviour

    @Test func droppingConnectionsClosesTheProviderStreamsToo() async throws {
        try await withProviderStandIn { feed, port in
            try await ProviderSocket.talk(port: port, path: "/v2/iex") { alpaca in
                _ = try await alpaca.next()
                try await alpaca.send(Self.alpacaAuth)
                #expect(try await alpaca.next() == Self.alpacaAuthenticated)
                try await ProviderSocket.talk(port: port, path: "/stocks") { massive in
                    _ = try await massive.next()
                    try await massive.send(Self.massiveAuth)
                    #expect(try await massive.next() == Self.massiveAuthenticated)
                    #expect(feed.providerConnectionCount == 2)
                    feed.dropConnections()
                    #expect(try await massive.next() == nil)
                }
                #expect(try await alpaca.next() == nil)
            }
            #expect(feed.providerConnectionCount == 0)
        }
    }
}
