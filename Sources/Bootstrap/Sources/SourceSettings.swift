import BourseCore
import Foundation
import GNBData
import GNBDataLive
import MarketData
import MarketDataLive

/// Which sources the environment configures. Every source left unconfigured is served by an
/// embedded stand-in; a configured one never starts its stand-in.
///
/// - `MASSIVE_API_KEY` or `POLYGON_API_KEY` (with `MASSIVE_BASE_URL`, …): Massive, formerly
///   Polygon.io; else the simulated market.
/// - `BOURSE_GNB_URL` (with `BOURSE_GNB_FORMAT`): GNB; else the embedded GNB sample.
/// - `BOURSE_FEED` (`alpaca`, `massive`, `massive-delayed`) and `BOURSE_FEED_URL`: the exchange
///   feed (`FeedSettings`); else the embedded feed simulator.
public struct SourceSettings: Sendable {
    /// The Polygon client's settings; `apiKey == nil` means the simulated market.
    public var polygon: PolygonConfiguration
    /// The GNB service's resources, when `BOURSE_GNB_URL` is set.
    public var gnb: GNBSources?
    /// The format GNB is asked for.
    public var gnbFormat: GNBFormat
    /// The exchange feed, when `BOURSE_FEED` or `BOURSE_FEED_URL` names one.
    public var feed: FeedSettings?
    /// The configured feed's address; nil for the embedded simulator.
    public var feedURL: URL? { feed?.url }
    /// The longest a request waits for the market source with nothing saved
    /// (`BOURSE_SOURCE_DEADLINE`, seconds, 1 to 120; 8 by default).
    public var sourceDeadlineSeconds = 8
    /// When the exchange trades (`BOURSE_MARKET_HOURS`; by default always for the simulated
    /// feed, the New York session for a real one).
    public var marketHours = MarketHours.alwaysOpen

    /// Reads the settings; a setting that cannot work is a `SettingError` that names the variable.
    public init(environment: [String: String]) throws(SettingError) {
        do throws(PolygonConfigurationError) {
            polygon = try PolygonConfiguration(environment: environment)
        } catch {
            throw SettingError(error.variable, problem: error.reason, fix: "correct it, or unset it for the default")
        }
        gnb = try GNBCatalogSource.configuredSources(environment)
        gnbFormat = try GNBCatalogSource.acceptedFormat(environment)
        feed = try FeedSettings.configured(environment, marketKey: polygon.apiKey)
        if let text = environment["BOURSE_SOURCE_DEADLINE"], !text.isEmpty {
            guard let seconds = Int(text), (1...120).contains(seconds) else {
                throw SettingError(
                    "BOURSE_SOURCE_DEADLINE", problem: "'\(text.prefix(40))' is not whole seconds from 1 to 120",
                    fix: "set it to the seconds a request may wait for the market (1 to 120), or unset it for 8")
            }
            sourceDeadlineSeconds = seconds
        }
        marketHours = try MarketHoursSetting.read(environment, feedKind: feedKind)
    }

    /// The market's kind: Massive with a key, else the simulated market.
    public var marketKind: SourceKind { polygon.apiKey == nil ? .simulated : .polygon }

    /// The exchange feed's kind: Alpaca, Massive, a configured Bourse feed, else the simulated one.
    public var feedKind: SourceKind { feed?.kind ?? .simulated }

    /// The stand-ins these settings need, of those in `wanted` (a command that reads only the
    /// market wants only `.market`).
    public func standIns(of wanted: EmbeddedServices.Parts = .all) -> EmbeddedServices.Parts {
        var parts = EmbeddedServices.Parts()
        if polygon.apiKey == nil { parts.insert(.market) }
        if gnb == nil { parts.insert(.gnb) }
        if feedURL == nil { parts.insert(.feed) }
        return parts.intersection(wanted)
    }
}
