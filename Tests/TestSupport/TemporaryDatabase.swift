import Foundation
import Storage

/// A SQLite `BourseDatabase` in a folder of its own under the temporary directory, removed with
/// its WAL files when this goes away. Open `path` again to see the app after a restart.
public final class TemporaryDatabase: Sendable {
    public let path: String
    public let database: BourseDatabase
    private let directory: URL

    public init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("bourse-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = directory.appendingPathComponent("bourse.sqlite").path
        database = try BourseDatabase(path: path)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }
}
