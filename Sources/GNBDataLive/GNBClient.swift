import BourseCore
import Foundation
import GNBData
import Logging
import Networking

/// Downloads the GNB resources from URLs or files, asking for a format with `Accept` and reading
/// whichever format the answer's `Content-Type` names (else the name's extension, else the
/// content). Every download that parses cleanly is saved; when a source fails or sends bad data,
/// its last good download is used, marked stale.
public struct GNBClient: GNBLoader {
    /// The format asked for in `Accept`.
    public let accept: GNBFormat
    private let transport: any HTTPTransport
    private let store: any AnswerStore
    private let now: @Sendable () -> Date
    private let logger: Logger

    public init(
        accept: GNBFormat = .json, transport: any HTTPTransport = AsyncHTTPClientTransport(),
        store: any AnswerStore = InMemoryAnswerStore(), now: @escaping @Sendable () -> Date = { Date() },
        logger: Logger = Logger(label: "bourse.gnb")
    ) {
        self.accept = accept
        self.transport = transport
        self.store = store
        self.now = now
        self.logger = logger
    }

    /// Both resources, downloaded at the same time.
    public func load(_ sources: GNBSources) async throws(GNBError) -> GNBDataset {
        async let rates = resource(sources.rates) { bytes, format throws(GNBParseError) in
            try GNBParser.rates(bytes, format: format)
        }
        async let transactions = resource(sources.transactions) { bytes, format throws(GNBParseError) in
            try GNBParser.transactions(bytes, format: format)
        }
        let (r, t) = await (rates, transactions)
        let loadedRates = try r.get()
        let loadedTransactions = try t.get()
        return GNBDataset(
            rates: loadedRates.records, transactions: loadedTransactions.records,
            fetchedAt: min(loadedRates.fetchedAt, loadedTransactions.fetchedAt),
            isStale: loadedRates.warning != nil || loadedTransactions.warning != nil,
            warnings: [loadedRates.warning, loadedTransactions.warning].compactMap { $0 })
    }

    struct Loaded<Record: Sendable>: Sendable {
        var records: [Record]
        var fetchedAt: Date
        var warning: String?
    }

    /// One resource: fetched and parsed, else its last good download.
    func resource<Record: Sendable>(
        _ source: GNBSource, parse: @Sendable ([UInt8], GNBFormat) throws(GNBParseError) -> [Record]
    ) async -> Result<Loaded<Record>, GNBError> {
        let failure: GNBError
        do {
            let download = try await fetch(source)
            do {
                let records = try parse(download.body, download.format)
                do {
                    try await store.save(download.savedAnswer)
                } catch {
                    logger.warning("could not save the download of \(source): \(error)")
                }
                return .success(Loaded(records: records, fetchedAt: download.fetchedAt, warning: nil))
            } catch {
                failure = .badData(source: source.description, problem: error)
            }
        } catch {
            failure = error
        }
        logger.warning("\(failure)")
        guard let answer = try? await store.answer(for: GNBDownload.answerKey(source: source.description)),
            let saved = GNBDownload(source: source.description, saved: answer),
            let records = try? parse(saved.body, saved.format)
        else { return .failure(failure) }
        let reason = failure.isUnavailable ? "can't be reached" : "sent data that is not valid"
        let warning = "\(source) \(reason); showing the download from \(Timestamp.iso8601(saved.fetchedAt))."
        return .success(Loaded(records: records, fetchedAt: saved.fetchedAt, warning: warning))
    }

    /// The bytes of `source` and the format they are in.
    func fetch(_ source: GNBSource) async throws(GNBError) -> GNBDownload {
        switch source {
        case .file(let path):
            guard let data = FileManager.default.contents(atPath: path) else {
                throw .unavailable(source: path, reason: "no such file, or it cannot be read")
            }
            let bytes = Array(data)
            return GNBDownload(
                source: path, body: bytes, format: try format(of: bytes, contentType: nil, source: source), fetchedAt: now())
        case .url(let url):
            let response: TransportResponse
            do {
                response = try await transport.get(url, headers: ["Accept": accept.mediaType])
            } catch {
                throw .unavailable(source: url.absoluteString, reason: error.description)
            }
            guard response.status == 200 else {
                throw .unavailable(source: url.absoluteString, reason: "it answered HTTP \(response.status)")
            }
            let format = try format(of: response.body, contentType: response.header("content-type"), source: source)
            return GNBDownload(source: url.absoluteString, body: response.body, format: format, fetchedAt: now())
        }
    }

    /// By `Content-Type`, else by the name's extension, else by the first character.
    func format(of bytes: [UInt8], contentType: String?, source: GNBSource) throws(GNBError) -> GNBFormat {
        if let contentType, let format = GNBFormat(contentType: contentType) { return format }
        if let format = source.formatByExtension { return format }
        if let format = GNBParser.sniffFormat(bytes) { return format }
        throw .badData(
            source: source.description, problem: .malformedDocument(format: accept, reason: "it is neither JSON nor XML"))
    }
}
