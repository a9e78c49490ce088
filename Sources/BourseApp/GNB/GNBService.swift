import BourseCore
import Foundation
import GNBData
import Logging

/// The GNB data behind the screens, the API and the command line: downloaded when first asked
/// for, reused for `maxAge`, with each currency's ledger (paths and conversions) computed once
/// per download. Concurrent callers share one download.
public actor GNBService {
    /// One download and what was computed from it.
    public struct Snapshot: Sendable {
        public var dataset: GNBDataset
        /// A description of where the data came from.
        public var source: String
    }

    public let sources: GNBSources
    /// Where the data comes from, in words ("the embedded sample (statement)", or the URL).
    public let sourceLabel: String
    private let client: GNBClient
    private let now: @Sendable () -> Date
    private let maxAge: TimeInterval
    private var current: (snapshot: Snapshot, loadedAt: Date)?
    private var loading: Task<Result<Snapshot, GNBError>, Never>?
    private var ledgers: [CurrencyCode: Ledger] = [:]

    /// - Parameter maxAge: how long a download is reused before the next request downloads again.
    public init(
        client: GNBClient, sources: GNBSources, sourceLabel: String? = nil, maxAge: TimeInterval = 60,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.client = client
        self.sources = sources
        self.sourceLabel = sourceLabel ?? Self.label(sources)
        self.maxAge = maxAge
        self.now = now
    }

    /// The current data, downloading it first if it is older than `maxAge`.
    public func snapshot() async throws(GNBError) -> Snapshot {
        if let current, now().timeIntervalSince(current.loadedAt) < maxAge { return current.snapshot }
        let task = loading ?? Task { [client, sources, sourceLabel] in
            do throws(GNBError) {
                let dataset = try await client.load(sources)
                return .success(Snapshot(dataset: dataset, source: sourceLabel))
            } catch {
                return .failure(error)
            }
        }
        loading = task
        let result = await task.value
        loading = nil
        let snapshot = try result.get()
        if current?.snapshot.dataset.fetchedAt != snapshot.dataset.fetchedAt || current == nil {
            ledgers = [:]
        }
        current = (snapshot, now())
        return snapshot
    }

    /// The ledger of the current data in `currency`.
    public func ledger(in currency: CurrencyCode) async throws(GNBError) -> (Ledger, Snapshot) {
        let snapshot = try await snapshot()
        if let ledger = ledgers[currency] { return (ledger, snapshot) }
        let ledger = Ledger(transactions: snapshot.dataset.transactions, rates: snapshot.dataset.rates, currency: currency)
        ledgers[currency] = ledger
        return (ledger, snapshot)
    }
}

extension GNBService {
    /// The sources `environment` names: `BOURSE_GNB_URL` (serving `/rates` and `/transactions`),
    /// else the embedded GNB service. `BOURSE_GNB_FORMAT=xml` asks for XML.
    public static func make(
        environment: [String: String], store: any AnswerStore, embedded: EmbeddedServices,
        logger: Logger, now: @escaping @Sendable () -> Date = { Date() }
    ) throws(GNBConfigurationError) -> GNBService {
        let configured = try configuredSources(environment)
        let client = GNBClient(accept: try acceptedFormat(environment), store: store, now: now, logger: logger)
        return GNBService(
            client: client, sources: configured ?? embedded.gnbSources,
            sourceLabel: configured == nil ? embedded.gnbLabel : nil, now: now)
    }

    /// The sources under `BOURSE_GNB_URL`, if it is set.
    public static func configuredSources(_ environment: [String: String]) throws(GNBConfigurationError) -> GNBSources? {
        guard let text = environment["BOURSE_GNB_URL"], !text.isEmpty else { return nil }
        guard case .url(let url) = GNBSource(text) else {
            throw GNBConfigurationError(variable: "BOURSE_GNB_URL", reason: "must be an http:// or https:// URL, got \(text)")
        }
        return GNBSources(baseURL: url)
    }

    /// The format to ask for: `BOURSE_GNB_FORMAT` (json or xml), JSON by default.
    public static func acceptedFormat(_ environment: [String: String]) throws(GNBConfigurationError) -> GNBFormat {
        guard let text = environment["BOURSE_GNB_FORMAT"], !text.isEmpty else { return .json }
        guard let format = GNBFormat(rawValue: text.lowercased()) else {
            throw GNBConfigurationError(variable: "BOURSE_GNB_FORMAT", reason: "must be json or xml, got \(text)")
        }
        return format
    }
}

extension GNBService {
    /// "URL/rates and URL/transactions" as "URL", else both sources.
    static func label(_ sources: GNBSources) -> String {
        let rates = sources.rates.description, transactions = sources.transactions.description
        if rates.hasSuffix("/rates"), transactions == rates.dropLast("rates".count) + "transactions" {
            return String(rates.dropLast("/rates".count))
        }
        return "\(rates) and \(transactions)"
    }
}

extension EmbeddedServices {
    /// The embedded GNB service's resources.
    var gnbSources: GNBSources { GNBSources(baseURL: baseURL.appendingPathComponent("gnb")) }

    /// What the embedded GNB service serves, in words.
    var gnbLabel: String { "the embedded GNB sample (\(gnbData.rawValue))" }
}

/// A GNB setting in the environment that makes no sense.
public struct GNBConfigurationError: Error, Sendable, CustomStringConvertible {
    public let variable: String
    public let reason: String

    public var description: String { "\(variable) \(reason)" }
}
