import Benchmark
import BourseCore
import Foundation

/// Parse + multiply + round half-even on a million values: `ExactDecimal` against Foundation's
/// `Decimal` with `NSDecimalRound(.bankers)`. Both compute the same total, checked before timing.
enum DecimalBenchmarks {
    static let count = 1_000_000

    /// Amounts like the GNB transactions' ("1234.56", "0.5", "87.125"), and a four-place rate.
    static let amounts: [String] = {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let cents = Int((state >> 33) % 10_000_000)
            let places = Int((state >> 20) % 3) + 1
            let digits = String(cents)
            let padded = String(repeating: "0", count: max(0, places + 1 - digits.count)) + digits
            return String(padded.dropLast(places)) + "." + String(padded.suffix(places))
        }
    }()
    static let rateText = "1.3591"

    static func exactTotal() -> ExactDecimal {
        let rate = ExactDecimal(rateText)!
        var total = ExactDecimal.zero
        for text in amounts {
            let amount = try! ExactDecimal(parsing: text)
            total += (amount * rate).rounded(toPlaces: 2, .halfEven)
        }
        return total
    }

    static func foundationTotal() -> Decimal {
        let rate = Decimal(string: rateText)!
        var total = Decimal.zero
        for text in amounts {
            var product = Decimal(string: text)! * rate
            var rounded = Decimal()
            NSDecimalRound(&rounded, &product, 2, .bankers)
            total += rounded
        }
        return total
    }

    static func register() {
        let exact = exactTotal().description
        let foundation = "\(foundationTotal())"
        precondition(
            ExactDecimal(exact) == ExactDecimal(foundation),
            "the two implementations disagree: \(exact) vs \(foundation)")
        let configuration = Benchmark.Configuration(
            metrics: [.wallClock], warmupIterations: 1, maxDuration: .seconds(20), maxIterations: 10)

        Benchmark("Decimal parse+multiply+round 1M (bourse)", configuration: configuration) { benchmark in
            blackHole(exactTotal())
        }
        Benchmark("Decimal parse+multiply+round 1M (baseline)", configuration: configuration) { benchmark in
            blackHole(foundationTotal())
        }
    }
}
