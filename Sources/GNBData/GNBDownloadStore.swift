import BourseCore
import Foundation

/// A download that parsed cleanly: what the source sent, as it sent it.
public struct GNBDownload: Sendable, Equatable {
    public var source: String
    public var body: [UInt8]
    public var format: GNBFormat
    public var fetchedAt: Date

    public init(source: String, body: [UInt8], format: GNBFormat, fetchedAt: Date) {
        self.source = source
        self.body = body
        self.format = format
        self.fetchedAt = fetchedAt
    }
}

/// Where the last good download of each source is kept; the database implementation is in `Storage`.
public protocol GNBDownloadStore: Sendable {
    func lastGoodDownload(of source: String) async throws -> GNBDownload?
    func saveGoodDownload(_ download: GNBDownload) async throws
}

/// A store in memory, for tests and one-off commands.
public actor InMemoryGNBDownloadStore: GNBDownloadStore {
    private var downloads: [String: GNBDownload] = [:]

    public init() {}

    public func lastGoodDownload(of source: String) -> GNBDownload? { downloads[source] }

    public func saveGoodDownload(_ download: GNBDownload) { downloads[download.source] = download }
}
