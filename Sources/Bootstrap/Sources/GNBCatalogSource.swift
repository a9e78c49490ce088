import BourseCore
import Foundation
import GNBData
import GNBDataLive
import GNBFeature
import Logging

/// GNB: `BOURSE_GNB_URL` (serving `/rates` and `/transactions`), else the embedded GNB
/// service. `BOURSE_GNB_FORMAT=xml` asks for XML.
public enum GNBCatalogSource {
    /// The GNB catalog `settings` ask for, keeping the last good downloads in `store`.
    public static func make(
        settings: SourceSettings, store: any AnswerStore, embedded: EmbeddedServices?,
        logger: Logger, now: @escaping @Sendable () -> Date = { Date() }
    ) throws -> GNBCatalog {
        let client = GNBClient(accept: settings.gnbFormat, store: store, now: now, logger: logger)
        if let configured = settings.gnb {
            return GNBCatalog(client: client, sources: configured, now: now)
        }
        guard let embedded, embedded.gnb != nil else { throw BootstrapError.missingStandIn("the embedded GNB service") }
        return GNBCatalog(
            client: client, sources: GNBSources(baseURL: embedded.gnbURL),
            sourceLabel: "the embedded GNB sample (\(embedded.gnbData.rawValue))", now: now)
    }

    /// The sources under `BOURSE_GNB_URL`, if it is set.
    public static func configuredSources(_ environment: [String: String]) throws(SettingError) -> GNBSources? {
        guard let text = environment["BOURSE_GNB_URL"], !text.isEmpty else { return nil }
        guard case .url(let url) = GNBSource(text) else {
            throw SettingError(
                "BOURSE_GNB_URL", problem: "not an http:// or https:// URL (got '\(text.prefix(200))')",
                fix:
                    "set it to the GNB service's base URL, which serves /rates and /transactions, or unset it for the embedded sample"
            )
        }
        return GNBSources(baseURL: url)
    }

    /// The format to ask for: `BOURSE_GNB_FORMAT` (json or xml), JSON by default.
    public static func acceptedFormat(_ environment: [String: String]) throws(SettingError) -> GNBFormat {
        guard let text = environment["BOURSE_GNB_FORMAT"], !text.isEmpty else { return .json }
        guard let format = GNBFormat(rawValue: text.lowercased()) else {
            throw SettingError(
                "BOURSE_GNB_FORMAT", problem: "'\(text.prefix(40))' is no format GNB serves",
                fix: "set it to json or xml, or unset it for JSON")
        }
        return format
    }
}
