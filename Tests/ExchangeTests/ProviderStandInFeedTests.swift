import BourseCore
import Exchange
import FeedProviders
import Foundation
import StandIns
import Testing

@testable import ExchangeLive

/// Each adapter against the feed stand-in speaking its provider's protocol (what `bourse sim`
/// serves), over real WebSockets: every quote tick's book is the simulated tick's best bid and
/// ask at the same moment, in whole lots, and a refused key is a refusal with its fix.
@Suite("Provider feeds against the stand-in")
struct ProviderStandInFeedTests {
    static let access = ProviderAccess(alpacaKey: "sim-id", alpacaSecret: "sim-secret", massiveKey: "sim-massive")

    static func feed(tier: PolygonTier = .paid) -> FeedStandIn {
        var access = Self.access
        access.tier = tier
        return FeedStandIn(
            simulator: .init(symbol: "AAPL", startPrice: Price(ticks: 230_00), seed: 11), ticksPerSecond: 20,
            providerAccess: access)
    }

    static func url(_ feedURL: URL, path: String) -> URL {
        URL(string: feedURL.absoluteString.replacingOccurrences(of: "/feed", with: path))!
    }

    @Test(arguments: ["alpaca", "massive"])
    func quotesAreTheSimulatedBestBidAndAskInLots(provider: String) async throws {
        let feed = Self.feed()
        try await withFeedServer(feed) { feedURL in
            let native = EventLog(EventLog.client(feedURL))
            let adapted =
                provider == "alpaca"
                ? EventLog(
                    EventLog.client(
                        Self.url(feedURL, path: "/v2/iex"),
                        dialect: AlpacaStreamDialect(symbol: "AAPL", key: "sim-id", secret: "sim-secret")))
                : EventLog(
                    EventLog.client(
                        Self.url(feedURL, path: "/stocks"), dialect: MassiveStreamDialect(symbol: "AAPL", key: "sim-massive")))
            try await adapted.waitForTicks(20)
            await adapted.stop()
            await native.stop()
            let simulated = Dictionary(native.ticks.map { ($0.time, $0) }, uniquingKeysWith: { first, _ in first })
            var compared = 0
            for tick in adapted.ticks {
                #expect(tick.bids.count <= 1 && tick.asks.count <= 1)
                guard let source = simulated[tick.time], let bid = tick.bestBid, let ask = tick.bestAsk else { continue }
                let lots = { (quantity: Int) in max(1, quantity / 100) * 100 }
                #expect(bid.price == source.bestBid?.price && ask.price == source.bestAsk?.price)
                #expect(bid.quantity == lots(source.bestBid?.quantity ?? 0))
                #expect(ask.quantity == lots(source.bestAsk?.quantity ?? 0))
                compared += 1
            }
            #expect(compared >= 5, "the ticks compared with the simulator's at the same time")
            #expect(adapted.ticks.map(\.seq) == Array(1...Int64(adapted.ticks.count)))
            #expect(adapted.ticks.contains { $0.last != nil }, "trades come through as last")
            #expect(!adapted.all.contains { if case .malformed = $0 { true } else { false } })
        }
    }

    @Test(arguments: ["alpaca", "massive"])
    func aWrongKeyIsRefusedWithItsFix(provider: String) async throws {
        let feed = Self.feed()
        try await withFeedServer(feed) { feedURL in
            let log =
                provider == "alpaca"
                ? EventLog(
                    EventLog.client(
                        Self.url(feedURL, path: "/v2/iex"), dialect: AlpacaStreamDialect(symbol: "AAPL", key: "x", secret: "y")))
                : EventLog(
                    EventLog.client(Self.url(feedURL, path: "/stocks"), dialect: MassiveStreamDialect(symbol: "AAPL", key: "x")))
            try await log.waitForRefusals()
            await log.stop()
            let refusal = try #require(log.refusals.first)
            #expect(refusal.fix.contains(provider == "alpaca" ? "APCA_API_KEY_ID" : "MASSIVE_API_KEY"))
            #expect(log.ticks.isEmpty)
        }
    }

    @Test func alpacasSIPFeedOnTheFreeTierIsRefusedAsAPlanThatLacksIt() async throws {
        let feed = Self.feed(tier: .free)
        try await withFeedServer(feed) { feedURL in
            let log = EventLog(
                EventLog.client(
                    Self.url(feedURL, path: "/v2/sip"),
                    dialect: AlpacaStreamDialect(symbol: "AAPL", key: "sim-id", secret: "sim-secret")))
            try await log.waitForRefusals()
            await log.stop()
            let refusal = try #require(log.refusals.first)
            #expect(refusal.reason.contains("409"))
            #expect(refusal.fix.contains("IEX"))
        }
    }
}
