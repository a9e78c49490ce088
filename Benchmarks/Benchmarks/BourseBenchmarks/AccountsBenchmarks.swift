import Benchmark
import BourseCore
import Foundation

/// Ticks through an `AccountsEngine` holding 100,000 resting limit orders, either as 1,000
/// accounts of 100 orders each (bourse) or as one account of 100,000 (baseline): a tick should
/// cost the same either way, because it visits only the accounts whose orders it could move. The
/// orders are `ExchangeBenchmarks`'s (buys at 90.00–94.99, sells at 105.00–109.99, 100 shares
/// each) and the ticks `OrderTypesBenchmarks`'s (the book and the last between 99.50 and 100.50),
/// so nothing fills: the cost of most ticks. "Naive" is what `AccountsEngine` did before: every
/// account's engine applies every tick, 1,000 engines a tick.
///
/// A variant adds some trading: on every tenth tick one account (a different one each time)
/// places a buy limit at the next tick's best ask and a sell limit at its best bid, 10 shares
/// each, which fill on that tick (or at once): 200 orders and at least 200 fills per 1,000 ticks,
/// the same orders into the single account for the baseline.
///
/// 1,000 ticks an iteration, figures per tick; each engine applies the ticks in place, iteration
/// after iteration (the orders that trade are gone by the end of each).
enum AccountsBenchmarks {
    static let accounts = 1_000
    static let perAccount = 100
    static let ticks = OrderTypesBenchmarks.ticks
    static let placedAt = Date(timeIntervalSince1970: 1_795_000_000)

    /// The `i`th resting order, as `ExchangeBenchmarks` places them.
    static func resting(_ i: Int) -> OrderRequest {
        let offset = Int64(i % 500)
        return i.isMultiple(of: 2)
            ? try! .limit(.buy, quantity: 100, price: Price(ticks: 9_499 - offset))
            : try! .limit(.sell, quantity: 100, price: Price(ticks: 10_500 + offset))
    }

    /// The orders placed before tick `t` of an iteration, for the trading variant: none, or a
    /// buy at the next tick's ask and a sell at its bid.
    static let trades: [[OrderRequest]] = ticks.indices.map { t in
        guard t.isMultiple(of: 10), t + 1 < ticks.count, let ask = ticks[t + 1].bestAsk, let bid = ticks[t + 1].bestBid else {
            return []
        }
        return [try! .limit(.buy, quantity: 10, price: ask.price), try! .limit(.sell, quantity: 10, price: bid.price)]
    }

    /// The engines, each applied to in place across iterations.
    final class Engines: @unchecked Sendable {
        var many = AccountsEngine()
        var one = AccountsEngine()
        var naive: [MatchingEngine] = []
        /// Iterations run, so that each trades through other accounts.
        var round = 0

        init() {
            for i in 0..<accounts * perAccount {
                let request = resting(i)
                _ = many.submit(request, id: "o\(i)", account: AccountID(Int64(i / perAccount + 1)), at: placedAt)
                _ = one.submit(request, id: "o\(i)", account: .owner, at: placedAt)
            }
            naive = (1...accounts).map { MatchingEngine(account: AccountID(Int64($0))) }
            for i in 0..<accounts * perAccount {
                _ = naive[i / perAccount].submit(resting(i), id: "o\(i)", at: placedAt)
            }
        }

        /// Applies the thousand ticks; with `trading`, places `trades` first. Returns the fills.
        func run(_ engine: inout AccountsEngine, single: Bool, trading: Bool) -> Int {
            round += 1
            var fills = 0
            for (t, tick) in ticks.enumerated() {
                if trading {
                    for (k, request) in trades[t].enumerated() {
                        let account = single ? AccountID.owner : AccountID(Int64((round * 100 + t / 10) % accounts + 1))
                        fills += engine.submit(request, id: "t\(t).\(k)", account: account, at: tick.time).fills.count
                    }
                }
                fills += engine.apply(tick).fills.count
            }
            return fills
        }

        func runMany(trading: Bool) -> Int { run(&many, single: false, trading: trading) }
        func runOne(trading: Bool) -> Int { run(&one, single: true, trading: trading) }

        /// Every engine applies every tick, the reports gathered account by account.
        func runNaive(trading: Bool) -> Int {
            round += 1
            var fills = 0
            for (t, tick) in ticks.enumerated() {
                if trading {
                    let engine = (round * 100 + t / 10) % accounts
                    for (k, request) in trades[t].enumerated() {
                        fills += naive[engine].submit(request, id: "t\(t).\(k)", at: tick.time).fills.count
                    }
                }
                var report = MatchReport()
                for i in naive.indices { report.absorb(naive[i].apply(tick)) }
                fills += report.fills.count
            }
            return fills
        }
    }

    static func register() {
        let engines = Engines()
        precondition(engines.many.openOrders.count == accounts * perAccount)
        precondition(engines.one.openOrders(account: .owner).count == accounts * perAccount)
        precondition(engines.runMany(trading: false) == 0 && engines.runOne(trading: false) == 0, "an order traded")
        precondition(engines.runNaive(trading: false) == 0, "an order traded")
        let tradeCount = trades.joined().count
        precondition(engines.runMany(trading: true) >= tradeCount && engines.runOne(trading: true) >= tradeCount)
        precondition(engines.runNaive(trading: true) >= tradeCount)
        precondition(engines.many.openOrders.count == accounts * perAccount, "a trading order stayed open")

        let name = "Accounts: 100k resting (1k accounts×100, or one×100k)"
        let fast = Benchmark.Configuration(
            metrics: [.wallClock], timeUnits: .nanoseconds, warmupIterations: 2, scalingFactor: .kilo,
            maxDuration: .seconds(5), maxIterations: 1_000)
        let slow = Benchmark.Configuration(
            metrics: [.wallClock], timeUnits: .nanoseconds, warmupIterations: 1, scalingFactor: .kilo,
            maxDuration: .seconds(10), maxIterations: 20)
        for trading in [false, true] {
            let label = trading ? "\(name) and some trading, per tick" : "\(name), per tick"
            Benchmark("\(label) (bourse)", configuration: fast) { _ in
                blackHole(engines.runMany(trading: trading))
            }
            Benchmark("\(label) (baseline)", configuration: fast) { _ in
                blackHole(engines.runOne(trading: trading))
            }
            Benchmark("\(label) (naive)", configuration: slow) { _ in
                blackHole(engines.runNaive(trading: trading))
            }
        }
    }
}
