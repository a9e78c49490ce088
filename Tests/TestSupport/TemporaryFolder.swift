import Foundation

/// A folder of its own under the temporary directory, made now and removed with everything in
/// it when this goes away: for the files a test writes or hands to the code under test (a
/// replay, a recorded feed, GNB downloads, TLS keys, a log).
public final class TemporaryFolder: Sendable {
    public let url: URL

    public init() throws {
        url = Self.newURL()
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The folder's path.
    public var path: String { url.path }

    /// The file `name` in the folder (not made).
    public func file(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    /// A new folder's URL under the temporary directory, not made.
    static func newURL() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("bourse-test-\(UUID().uuidString)")
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
