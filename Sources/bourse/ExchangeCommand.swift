import ArgumentParser
import Bootstrap
import Foundation

/// `bourse exchange …`: the live exchange from the terminal.
struct ExchangeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "exchange",
        abstract: "Record the exchange feed, or replay orders against a recorded feed.",
        subcommands: [Record.self, Replay.self])
}

extension ExchangeCommand {
    /// `bourse exchange record`: the feed's ticks to a JSONL file.
    struct Record: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "record",
            abstract: "Record the exchange feed's ticks as JSON lines, one tick a line, for a given time.")

        @Option(help: "How many seconds to record.") var seconds: Double
        @Option(help: "The file to write (replaced). Default: standard output.") var output: String?
        @Option(
            help:
                "The feed's WebSocket URL. Default: the feed BOURSE_FEED and BOURSE_FEED_URL name, else an embedded simulated feed."
        )
        var feed: String?
        @Option(help: "The stock to record from a provider's stream (BOURSE_FEED=alpaca or massive).")
        var feedSymbol = "AAPL"

        func validate() throws {
            guard seconds > 0, seconds.isFinite else { throw ValidationError("--seconds must be above zero") }
        }

        func run() async throws {
            let interactive = isatty(STDERR_FILENO) != 0
            let options = FeedRecorder.Options(seconds: seconds, output: output, feed: feed, symbol: feedSymbol)
            let total = seconds
            let result = await FeedRecorder.run(options, environment: ProcessInfo.processInfo.environment) { summary in
                guard interactive else { return }
                let line =
                    "\r\u{1B}[2KRecording \(summary.feed): \(summary.ticks) ticks, \(summary.gaps) gaps, "
                    + "\(summary.malformed) malformed, \(summary.state.label) (\(Int(total)) s in all)"
                FileHandle.standardError.write(Data(line.utf8))
            }
            if interactive { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
            switch result {
            case .success(let summary):
                let destination = output ?? "standard output"
                FileHandle.standardError.write(
                    Data(
                        "Recorded \(summary.ticks) ticks from \(summary.feed) to \(destination) (\(summary.gaps) gaps, \(summary.malformed) malformed)\n"
                            .utf8))
            case .failure(let failure):
                FileHandle.standardError.write(Data("bourse: \(failure.message)\n".utf8))
                throw ExitCode(failure.exitCode)
            }
        }
    }
}

extension ExchangeCommand {
    /// `bourse exchange replay`: the matching engine over a recorded feed and an order script.
    struct Replay: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "replay",
            abstract: "Run the matching engine over a recorded feed and a script of orders, and print every order's outcome.",
            discussion: """
                The feed file has one tick message a line (as `bourse exchange record` writes). The orders file has one \
                JSON object a line: {"id":"o1","atSeq":3,"side":"buy","type":"limit","quantity":100,"price":"101.20"} \
                or {"cancel":"o1","atSeq":7}; the other types take the API's members (stopPrice, trailAmount, \
                trailPercent, timeInForce, takeProfit, stopLoss), and {"cancel":"o1.tp","atSeq":9} cancels a bracket's \
                exits. An entry with atSeq N is applied after tick N has replaced the book, in file order, before tick \
                N+1. See docs/exchange.md.
                """)

        @Option(help: "The recorded feed (JSON lines, one tick a line).") var feed: String
        @Option(help: "The order script (JSON lines).") var orders: String
        @Flag(help: "Print JSON: {\"orders\":[{id, status, stopPrice, filledQuantity, averagePrice, fills, ...}]}.")
        var json = false

        func run() throws {
            try ExchangeReplay.run(feedPath: feed, ordersPath: orders, json: json).printOrExit()
        }
    }
}
