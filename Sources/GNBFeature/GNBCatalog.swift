import BourseCore
import Foundation
import GNBData

/// The GNB data behind the screens, the API and the command line: downloaded when first asked
/// for, reused for `maxAge`, with each currency's ledger (paths and conversions) computed once
/// per download. Concurrent callers share one download.
public actor GNBCatalog {
    /// One download and what was computed from it.
    public struct Snapshot: Sendable {
        public var dataset: GNBDataset
        /// A description of where the data came from.
        public var source: String
    }

    public let sources: GNBSources
    /// Where the data comes from, in words ("the embedded sample (statement)", or the URL).
    public let sourceLabel: String
    private let client: any GNBLoader
    private let now: @Sendable () -> Date
    private let maxAge: TimeInterval
    private var current: (snapshot: Snapshot, loadedAt: Date)?
    private var loading: Task<Result<Snapshot, GNBError>, Never>?
    private var ledgers: [CurrencyCode: Ledger] = [:]

    /// - Parameter maxAge: how long a download is reused before the next request downloads again.
    public init(
        client: any GNBLoader, sources: GNBSources, sourceLabel: String? = nil, maxAge: TimeInterval = 60,
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
        let task =
            loading
            ?? Task { [client, sources, sourceLabel] in
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

extension GNBCatalog {
    /// "URL/rates and URL/transactions" as "URL", else both sources.
    public static func label(_ sources: GNBSources) -> String {
        let rates = sources.rates.description, transactions = sources.transactions.description
        if rates.hasSuffix("/rates"), transactions == rates.dropLast("rates".count) + "transactions" {
            return String(rates.dropLast("/rates".count))
        }
        return "\(rates) and \(transactions)"
    }
}
