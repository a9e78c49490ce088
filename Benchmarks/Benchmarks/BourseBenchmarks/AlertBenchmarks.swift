import Benchmark
import BourseCore
import Foundation

/// Price alerts checked per price update, with 500 armed alerts (the most a user may have) on
/// 100 stocks, and 1,000 updates that meet none (the common case: issue 20 asks under 5 µs each).
/// Bourse's `AlertBook` (a lookup, then at most three comparisons) against the naive way: every
/// alert's condition tested against each update. Per update (scaling factor: 1,000 updates).
enum AlertBenchmarks {
    static func register() {
        let t0 = Date(timeIntervalSince1970: 1_763_820_000)
        // Stock i trades near 100 + i; its alerts sit 10% to 30% away, so no update meets them.
        let alerts = (0..<Alerts.maximumCount).map { n -> Alert in
            let stock = n % 100
            let level = Int64(10_000 + stock * 100)
            let condition: AlertCondition =
                switch n % 5 {
                case 0: .above(Price(ticks: level * 12 / 10))
                case 1: .above(Price(ticks: level * 13 / 10))
                case 2: .below(Price(ticks: level * 8 / 10))
                case 3: .below(Price(ticks: level * 7 / 10))
                default: .movePercent(10)
                }
            return Alert(id: String(n + 1), symbol: "S\(stock)", condition: condition, createdAt: t0)
        }
        // Half the updates are of alerted stocks, half of others (a list prices every stock).
        let updates = (0..<1_000).map { n -> (String, ExactDecimal, ExactDecimal?) in
            let stock = n % 200
            let price = ExactDecimal(significand: Int128(10_000 + (stock % 100) * 100 + n % 7), scale: 2)
            return ("S\(stock)", price, ExactDecimal(significand: Int128(n % 900) - 450, scale: 2))
        }
        let book = AlertBook(alerts)
        precondition(updates.allSatisfy { book.met(symbol: $0.0, price: $0.1, changePercent: $0.2).isEmpty })
        let configuration = Benchmark.Configuration(
            metrics: [.wallClock], timeUnits: .nanoseconds, warmupIterations: 2, scalingFactor: .kilo,
            maxDuration: .seconds(5), maxIterations: 2_000)
        Benchmark("Alerts: 500 armed, an update that meets none, per update (bourse)", configuration: configuration) { _ in
            var met = 0
            for (symbol, price, change) in updates { met += book.met(symbol: symbol, price: price, changePercent: change).count }
            blackHole(met)
        }
        Benchmark("Alerts: 500 armed, an update that meets none, per update (baseline)", configuration: configuration) { _ in
            var met = 0
            for (symbol, price, change) in updates {
                for alert in alerts where alert.symbol == symbol && alert.condition.isMet(price: price, changePercent: change) {
                    met += 1
                }
            }
            blackHole(met)
        }
    }
}
