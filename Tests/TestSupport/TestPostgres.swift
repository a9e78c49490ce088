import Foundation
import Storage

/// The PostgreSQL cluster the tests use: the one `BOURSE_TEST_POSTGRES_URL` names (scripts/test
/// starts one for the whole run), else one this process starts with `scripts/postgres-cluster`
/// on first use and stops when it exits. Each caller gets a database of its own, empty.
public enum TestPostgres {
    /// A new, empty database on the cluster (created by its URL's role, which may create databases).
    public static func newDatabase() async throws -> DatabaseURL {
        try DatabaseURL(try await newDatabaseText())
    }

    /// `newDatabase()`'s URL as text, password and all: for a command line.
    public static func newDatabaseText() async throws -> String {
        let admin = try await Cluster.shared.url()
        let name = "bourse_test_\(UUID().uuidString.prefix(8).lowercased())_\(ProcessInfo.processInfo.processIdentifier)"
        try run(
            [
                "psql", "-q", "-v", "ON_ERROR_STOP=1", admin.description.replacingOccurrences(of: ":***@", with: "@"),
                "-c", "CREATE DATABASE \(name)",
            ], password: adminPassword)
        return "postgres://\(admin.user):\(adminPassword)@\(admin.host):\(admin.port)/\(name)?sslmode=disable"
    }

    /// scripts/postgres-cluster's role's password (a throwaway cluster on loopback).
    public static let adminPassword = "bourse"

    /// The cluster, started once.
    actor Cluster {
        static let shared = Cluster()
        private var started: DatabaseURL?

        func url() throws -> DatabaseURL {
            if let started { return started }
            let url: DatabaseURL
            if let given = ProcessInfo.processInfo.environment["BOURSE_TEST_POSTGRES_URL"], !given.isEmpty {
                url = try DatabaseURL(given)
            } else {
                let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                    "bourse-test-postgres-\(UUID().uuidString)")
                clusterFolder = folder.path
                atexit {
                    if let folder = clusterFolder {
                        _ = try? TestPostgres.run([TestPostgres.script, "stop", folder], password: nil)
                        try? FileManager.default.removeItem(atPath: folder)
                    }
                }
                let printed = try TestPostgres.run([TestPostgres.script, "start", folder.path], password: nil)
                url = try DatabaseURL(printed.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            started = url
            return url
        }
    }

    /// scripts/postgres-cluster, found from this file's place in the repository.
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/postgres-cluster").path

    /// Runs `arguments` (the first found on the PATH), its standard output; throws with its
    /// standard error when it fails. The output goes through files, not pipes: the server that
    /// `start` leaves running inherits the descriptors, and a pipe would never reach its end.
    @discardableResult
    static func run(_ arguments: [String], password: String?) throws -> String {
        let folder = try TemporaryFolder()
        let outputFile = folder.file("out")
        let errorFile = folder.file("err")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        if let password { environment["PGPASSWORD"] = password }
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        process.waitUntilExit()
        let output = (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
        guard process.terminationStatus == 0 else {
            throw TestPostgresError(
                command: arguments.prefix(2).joined(separator: " "),
                output: (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "")
        }
        return output
    }
}

/// The folder of the cluster this process started (for its `atexit`).
nonisolated(unsafe) private var clusterFolder: String?

public struct TestPostgresError: Error, CustomStringConvertible {
    public let command: String
    public let output: String
    public var description: String { "\(command) failed: \(output)" }
}
