import Foundation
import Storage

/// A SQLite `BourseDatabase` in a `TemporaryFolder` of its own, removed with its WAL files when
/// this goes away. Open `path` again to see the app after a restart.
public final class TemporaryDatabase: Sendable {
    public let path: String
    public let database: BourseDatabase
    private let folder: TemporaryFolder

    public init() throws {
        folder = try TemporaryFolder()
        path = folder.file(Self.fileName).path
        database = try BourseDatabase(path: path)
    }

    /// A path for a database file in a new folder under the temporary directory, neither made nor
    /// opened: for a test that opens the file itself (an old schema, a restart) or checks that a
    /// command does not make it. The caller removes `folder` when done.
    public static func newPath() -> (path: String, folder: URL) {
        let folder = TemporaryFolder.newURL()
        return (folder.appendingPathComponent(fileName).path, folder)
    }

    private static let fileName = "bourse.sqlite"
}
