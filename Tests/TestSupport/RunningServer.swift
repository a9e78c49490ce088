import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The built `bourse` (`swift build` leaves it beside the tests), run as an operator runs it:
/// `bourse serve` on a free loopback port over a SQLite file of its own, on the embedded
/// stand-ins, its clock set; stopped with SIGTERM when this goes away.
public final class RunningServer: @unchecked Sendable {
    /// `.build/debug/bourse`.
    public static let binary = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/debug/bourse")
    /// Tuesday 2026-11-24, 10:35 in New York: the market is open.
    public static let tuesdayMorning = "2026-11-24T15:35:00Z"

    public let folder: TemporaryFolder
    public let url: URL
    private let process: Process

    /// The database file the server and the local commands share.
    public var databasePath: String { folder.file("bourse.sqlite").path }

    /// - Parameter setUp: runs before the server starts, with its database file's path (the
    ///   owner's password and tokens, as an operator sets them first).
    public init(
        clock: String = tuesdayMorning, environment extra: [String: String] = [:],
        setUp: (_ databasePath: String) throws -> Void = { _ in }
    ) async throws {
        folder = try TemporaryFolder()
        try setUp(folder.file("bourse.sqlite").path)
        let port = try FreePort.next()
        url = URL(string: "http://127.0.0.1:\(port)")!
        process = Process()
        process.executableURL = Self.binary
        process.arguments = ["serve", "--port", "\(port)", "--database", folder.file("bourse.sqlite").path]
        process.environment = ["LOG_LEVEL": "error", "BOURSE_CLOCK": clock, "PATH": "/usr/bin:/bin"].merging(extra) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        try await waitUntilAnswering()
    }

    /// Runs `bourse ARGUMENTS` (a command, not the server) to its end: its exit status and output.
    public func command(
        _ arguments: [String], environment: [String: String] = [:], input: String? = nil
    ) throws -> (
        status: Int32, output: String, error: String
    ) {
        try Self.command(arguments, environment: environment, input: input)
    }

    public static func command(
        _ arguments: [String], environment: [String: String] = [:], input: String? = nil
    ) throws -> (
        status: Int32, output: String, error: String
    ) {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = ["LOG_LEVEL": "error", "PATH": "/usr/bin:/bin"].merging(environment) { $1 }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        let stdin = Pipe()
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    /// Polls `/api/v1/health` until it answers (the server has migrated and listens), for up to a minute.
    private func waitUntilAnswering() async throws {
        let health = url.appendingPathComponent("api/v1/health")
        for _ in 0..<600 {
            if let (_, response) = try? await URLSession.shared.data(from: health),
                (response as? HTTPURLResponse)?.statusCode == 200
            {
                return
            }
            guard process.isRunning else { throw CancellationError() }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw CancellationError()
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
    }
}
