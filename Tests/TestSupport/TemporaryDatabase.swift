import Foundation
import Storage

/// A SQLite `BourseDatabase` in a folder of its own under the temporary directory, removed with
/// its WAL files when this goes away. Open `path` again to see the app after a restart.
public final class TemporaryDatabase: Sendable {
    public let path: String
    public let database: BourseDatabase
    private let directory: URL

    public init() throws {
        (path, directory) = Self.newPath()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        database = try BourseDatabase(path: path)
    }

    /// A path for a database file in a new folder under the temporary directory, neither made nor
    /// opened: for a test that opens the file itself (an old schema, a restart). The caller
    /// removes `folder` when done.
    public static func newPath() -> (path: String, folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bourse-test-\(UUID().uuidString)")
        return (folder.appendingPathComponent("bourse.sqlite").path, folder)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }
}
