import BourseCore
import Foundation

/// Python's `csv` module reading a CSV file (`scripts/csv-read.py`): an independent reader for
/// the exports' tests. It parses strictly and says whether `csv.writer` (CRLF, minimal quoting:
/// RFC 4180) writes the same rows back byte for byte.
public enum PythonCSV {
    public struct Reading: Sendable {
        public let rows: [[String]]
        /// The file is exactly what Python's writer makes of its rows.
        public let rewritesIdentically: Bool
    }

    public enum Failure: Error, CustomStringConvertible {
        case noPython
        case failed(status: Int32, stderr: String)
        case unexpectedOutput(String)

        public var description: String {
            switch self {
            case .noPython: "python3 was not found on PATH (it reads the CSV exports back in the tests)"
            case .failed(let status, let stderr): "csv-read.py failed (\(status)): \(stderr)"
            case .unexpectedOutput(let text): "csv-read.py printed what is not its JSON: \(text.prefix(200))"
            }
        }
    }

    /// Reads `bytes` as a CSV file.
    public static func read(_ bytes: [UInt8]) throws -> Reading {
        guard let python = findPython() else { throw Failure.noPython }
        let folder = try TemporaryFolder()
        let file = folder.file("read.csv")
        try Data(bytes).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [repositoryRoot.appendingPathComponent("scripts/csv-read.py").path, file.path]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure.failed(status: process.terminationStatus, stderr: errorText) }
        let text = String(decoding: data, as: UTF8.self)
        guard let members = try? JSONReader.parse([UInt8](data)).objectValue,
            let rows = members["rows"]?.arrayValue, let rewritten = members["rewritten"]?.boolValue
        else { throw Failure.unexpectedOutput(text) }
        return Reading(
            rows: rows.map { ($0.arrayValue ?? []).map { $0.stringValue ?? "<not a string>" } },
            rewritesIdentically: rewritten)
    }

    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func findPython() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/python3"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
