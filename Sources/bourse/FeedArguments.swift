import ArgumentParser
import Bootstrap

/// The feed simulator's options, shared by `serve` (its embedded feed) and `sim`.
struct FeedArguments: ParsableArguments {
    @Option(help: "The stock the simulated exchange feed publishes (it starts at the stock's bundled price, else 100.00).")
    var feedSymbol = "AAPL"
    @Option(help: "Ticks the simulated exchange feed publishes per second.")
    var feedRate = 5.0
    @Option(help: "The feed simulator's seed: the same seed gives the same market.")
    var seed: UInt64 = 1

    func validate() throws {
        guard feedRate >= 0.1, feedRate <= 1000 else {
            throw ValidationError("--feed-rate must be from 0.1 to 1000 ticks per second")
        }
        guard !feedSymbol.isEmpty, feedSymbol.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }) else {
            throw ValidationError("--feed-symbol must be a ticker symbol such as AAPL")
        }
    }

    var options: StandInServer.FeedOptions {
        .init(symbol: feedSymbol, ticksPerSecond: feedRate, seed: seed)
    }
}
