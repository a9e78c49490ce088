import BourseCore
import Foundation

/// `bourse exchange replay`: the matching engine over a recorded feed and a script of orders,
/// deterministically (no clock, no network, no database).
public enum ExchangeReplay {
    /// Reads both files, runs the replay, and answers the text table or `--json`'s document.
    /// Every malformed line of either file is reported (exit 65), and then nothing runs.
    public static func run(feedPath: String, ordersPath: String, json: Bool) -> Result<String, CommandFailure> {
        let feed: String
        let orders: String
        switch (read(feedPath, what: "feed"), read(ordersPath, what: "orders")) {
        case (.success(let f), .success(let o)): (feed, orders) = (f, o)
        case (.failure(let failure), _), (_, .failure(let failure)): return .failure(failure)
        }
        let replay: Replay
        do {
            replay = try Replay.parse(feed: feed, orders: orders)
        } catch {
            let lines = error.lines.map { line in
                "\(line.file == .feed ? feedPath : ordersPath):\(line.line): \(line.reason)"
            }
            let count = error.lines.count
            return .failure(
                CommandFailure(
                    message: "\(count) malformed line\(count == 1 ? "" : "s"); nothing was run:\n"
                        + lines.joined(separator: "\n"),
                    exitCode: 65))
        }
        let result = replay.run()
        return .success(json ? result.jsonText : result.text)
    }

    private static func read(_ path: String, what: String) -> Result<String, CommandFailure> {
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(CommandFailure(message: "cannot read the \(what) file \(path)", exitCode: 66))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return .failure(CommandFailure(message: "the \(what) file \(path) is not UTF-8 text", exitCode: 65))
        }
        return .success(text)
    }
}
