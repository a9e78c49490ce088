import BourseCore
import Foundation
import Synchronization

/// A file the stand-in appends a line to for every market request it answers (`bourse sim
/// --request-log`): `<UTC time with milliseconds> <status> <path>?<query>`, written when the answer
/// is sent, e.g. `2026-11-26T04:30:00.125Z 200 /v2/aggs/grouped/locale/us/market/stocks/2026-11-25?adjusted=true`.
///
/// The `apiKey` query parameter is left out, and no header is written (so neither is an
/// `Authorization` one): the log never holds a key.
public final class RequestLog: Sendable {
    public let path: String
    private let file: Mutex<FileHandle>
    private let now: @Sendable () -> Date

    /// Opens `path` for appending, creating it if it does not exist.
    public init(path: String, now: @escaping @Sendable () -> Date = { Date() }) throws(RequestLogError) {
        if !FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.createFile(atPath: path, contents: nil) else { throw .cannotOpen(path) }
        }
        guard let handle = FileHandle(forWritingAtPath: path) else { throw .cannotOpen(path) }
        self.path = path
        self.file = Mutex(handle)
        self.now = now
    }

    /// Appends the line for an answer with `status` to a request for `path` and raw `query`.
    /// The line is written at once (no buffer): a reader sees it as soon as the answer is sent.
    func record(status: Int, path: String, query: String?) {
        let target = Self.target(path: path, query: query)
        let line = Data("\(Timestamp.iso8601Milliseconds(now())) \(status) \(target)\n".utf8)
        file.withLock { handle in
            _ = try? handle.seekToEnd()
            try? handle.write(contentsOf: line)
        }
    }

    /// `path?query` with every `apiKey` parameter removed (and no `?` when nothing is left).
    static func target(path: String, query: String?) -> String {
        let kept = (query ?? "").split(separator: "&", omittingEmptySubsequences: true).filter { parameter in
            let name = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            return name.lowercased() != "apikey"
        }
        return kept.isEmpty ? path : "\(path)?\(kept.joined(separator: "&"))"
    }

    deinit {
        file.withLock { handle in try? handle.close() }
    }
}

/// Why the request log could not be opened.
public enum RequestLogError: Error, Equatable, CustomStringConvertible {
    case cannotOpen(String)

    public var description: String {
        switch self {
        case .cannotOpen(let path): "cannot open the request log '\(path)' for appending"
        }
    }
}
