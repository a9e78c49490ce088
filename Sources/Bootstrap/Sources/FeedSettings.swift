import BourseCore
import ExchangeLive
import FeedProviders
import Foundation

/// The exchange feed the environment configures, when it configures one:
///
/// - `BOURSE_FEED=alpaca`: Alpaca's market-data stream (v2, IEX by default), with
///   `APCA_API_KEY_ID` and `APCA_API_SECRET_KEY`;
/// - `BOURSE_FEED=massive` (real-time host) or `massive-delayed` (15-minute delayed host):
///   Massive's stocks WebSocket, with the REST key (`MASSIVE_API_KEY` or `POLYGON_API_KEY`);
/// - `BOURSE_FEED=bourse` (or unset) with `BOURSE_FEED_URL`: a feed speaking Bourse's own protocol.
///
/// `BOURSE_FEED_URL` overrides the provider's address (its stand-in in `bourse sim`, a proxy).
/// Unset both and the embedded simulator is the feed. The keys are only ever written to the
/// provider's socket: never to a log line, a page or an error (`description` leaves them out).
public struct FeedSettings: Sendable, CustomStringConvertible {
    /// Who the feed is.
    public enum Provider: String, Sendable, Equatable, CaseIterable {
        case bourse
        case alpaca
        case massive
        case massiveDelayed = "massive-delayed"
    }

    public let provider: Provider
    /// The feed's WebSocket address.
    public let url: URL
    /// The provider's key and, for Alpaca, its secret.
    private let key: String
    private let secret: String

    /// The feed `environment` configures, or nil for the embedded simulator. `marketKey` is the
    /// Massive REST key the market source read (`MASSIVE_API_KEY` or `POLYGON_API_KEY`).
    public static func configured(
        _ environment: [String: String], marketKey: String?
    ) throws(SettingError)
        -> FeedSettings?
    {
        let named = environment["BOURSE_FEED"] ?? ""
        let override = try ExchangeSource.configuredFeedURL(environment)
        guard let provider = named.isEmpty ? .bourse : Provider(rawValue: named.lowercased()) else {
            throw SettingError(
                "BOURSE_FEED", problem: "'\(named.prefix(40))' is not a feed Bourse reads",
                fix: "set it to alpaca, massive, massive-delayed or bourse, or unset it for the embedded simulator")
        }
        switch provider {
        case .bourse:
            guard let override else { return nil }
            return FeedSettings(provider: .bourse, url: override, key: "", secret: "")
        case .alpaca:
            let key = environment["APCA_API_KEY_ID"] ?? ""
            let secret = environment["APCA_API_SECRET_KEY"] ?? ""
            guard !key.isEmpty, !secret.isEmpty else {
                throw SettingError(
                    key.isEmpty ? "APCA_API_KEY_ID" : "APCA_API_SECRET_KEY", problem: "BOURSE_FEED=alpaca needs it",
                    fix: "set APCA_API_KEY_ID and APCA_API_SECRET_KEY to your Alpaca account's API key ID and secret")
            }
            return FeedSettings(
                provider: .alpaca, url: override ?? URL(string: AlpacaStreamDialect.defaultURL)!, key: key, secret: secret)
        case .massive, .massiveDelayed:
            guard let marketKey, !marketKey.isEmpty else {
                throw SettingError(
                    "MASSIVE_API_KEY", problem: "BOURSE_FEED=\(provider.rawValue) needs Massive's key",
                    fix: "set MASSIVE_API_KEY (or POLYGON_API_KEY) to your Massive key; the stocks WebSocket needs a paid plan")
            }
            let host = provider == .massive ? MassiveStreamDialect.defaultURL : MassiveStreamDialect.delayedURL
            return FeedSettings(provider: provider, url: override ?? URL(string: host)!, key: marketKey, secret: "")
        }
    }

    /// What the API and the header call the feed's source.
    public var kind: SourceKind {
        switch provider {
        case .bourse: .feed
        case .alpaca: .alpaca
        case .massive, .massiveDelayed: .massive
        }
    }

    /// Where the quotes come from, for the exchange screen: "Alpaca · IEX" (the stream's feed, the
    /// address's last part), "Massive", "Massive · 15 min delayed"; nil for a Bourse feed.
    public var label: String? {
        switch provider {
        case .bourse: nil
        case .alpaca: url.lastPathComponent.isEmpty ? "Alpaca" : "Alpaca · \(url.lastPathComponent.uppercased())"
        case .massive: "Massive"
        case .massiveDelayed: "Massive · 15 min delayed"
        }
    }

    /// The provider's dialect for the stock `symbol`; nil for Bourse's own protocol (each tick
    /// names its stock).
    public func dialect(symbol: String) -> (any FeedDialect)? {
        switch provider {
        case .bourse: nil
        case .alpaca: AlpacaStreamDialect(symbol: symbol, key: key, secret: secret)
        case .massive, .massiveDelayed: MassiveStreamDialect(symbol: symbol, key: key)
        }
    }

    /// How the client treats the feed. A provider sends a quote only when it changes, so a quiet
    /// stock may be silent for seconds: it counts as stale after 30 s, not Bourse's 3 s.
    public var clientConfiguration: FeedClient.Configuration {
        provider == .bourse ? .init() : .init(staleAfter: .seconds(30))
    }

    /// The provider and its address without a query, never the keys.
    public var description: String { "\(provider.rawValue) feed at \(FeedClient.redacted(url))" }
}
