import BourseCore
import Foundation
import Storage

/// `bourse database copy --from FILE --to URL` (SPEC §15): a SQLite database moved into a new
/// PostgreSQL one, every row checked against the file before the copy commits (`DatabaseCopy`).
/// The file is only read; run it with the server stopped, so that nothing is written meanwhile.
public enum DatabaseAdmin {
    public static func copy(from path: String, to url: String) async -> Result<String, CommandFailure> {
        let target: DatabaseURL
        do {
            target = try DatabaseURL(url)
        } catch {
            return .failure(CommandFailure(message: "--to: \(error.description)", exitCode: 64))
        }
        guard FileManager.default.fileExists(atPath: path) else {
            return .failure(CommandFailure(message: "--from: no database at \(path)", exitCode: 64))
        }
        do {
            let source = try BourseDatabase(path: path)
            defer { try? source.close() }
            let postgres = try await PostgreSQLDatabase.open(target)
            let report: DatabaseCopy.Report
            do {
                report = try await DatabaseCopy.copy(from: source, to: postgres)
            } catch {
                await postgres.close()
                throw error
            }
            await postgres.close()
            let lines = TextTable.lines(
                [["TABLE", "ROWS"]] + report.tables.map { [$0.table, "\($0.rows)"] }, rightAligned: [1])
            return .success(
                lines.joined(separator: "\n")
                    + "\nCopied \(report.rows) rows from \(path) to \(target), and checked them row by row.")
        } catch {
            return .failure(CommandFailure(message: "\(error)", exitCode: 2))
        }
    }
}
