import Benchmark
import BourseCore
import BundledData
import Foundation
import StandIns

/// The day's movers (SPEC §13) over the whole market: the simulated market's two grouped days
/// (every bundled listing), Bourse's way (`MarketMovers(pricing:)`, each list kept to its best
/// 10 in one read) against the plain way (`MarketMovers.bySorting`, every eligible stock sorted
/// three times). Both are checked equal first.
enum MoversBenchmarks {
    static let listings: [Listing] = try! BundledData.listings()
    static let names: [String: String] = Dictionary(
        listings.map { ($0.symbol, $0.name) }, uniquingKeysWith: { a, _ in a })

    /// Friday 2026-11-20 and the Thursday before, as grouped daily gives them.
    static let pricing: ListPricing = {
        let market = try! SimulatedMarket.bundled()
        let now = NewYorkTime.date(of: MarketDate(iso: "2026-11-20")!, hour: 17)
        func day(_ iso: String) -> [String: Bar] {
            Dictionary(
                market.groupedDaily(on: MarketDate(iso: iso)!, now: now).map { ($0.symbol, $0.bar) },
                uniquingKeysWith: { a, _ in a })
        }
        return ListPricing(
            lastDay: MarketDate(iso: "2026-11-20")!, last: day("2026-11-20"), previousDay: MarketDate(iso: "2026-11-19")!,
            previous: day("2026-11-19"))
    }()

    static func register() {
        let configuration = Benchmark.Configuration(
            metrics: [.wallClock, .throughput], warmupIterations: 3, maxDuration: .seconds(5), maxIterations: 500)
        let name: (String) -> String? = { names[$0] }
        precondition(MarketMovers(pricing: pricing, name: name) == MarketMovers.bySorting(pricing: pricing, name: name))
        precondition(pricing.count > 8000)
        Benchmark("Movers over the whole market (bourse)", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(MarketMovers(pricing: pricing, name: name))
            }
        }
        Benchmark("Movers over the whole market (baseline)", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(MarketMovers.bySorting(pricing: pricing, name: name))
            }
        }
    }
}
