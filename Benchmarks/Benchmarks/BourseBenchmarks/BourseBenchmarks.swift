import Benchmark

/// Every benchmark comes in a pair measured in the same run: "… (bourse)" and "… (baseline)".
/// `scripts/benchmark` reports each pair's ratio; a timing alone says little on a shared machine.
let benchmarks: @Sendable () -> Void = {
    DecimalBenchmarks.register()
    ListPricingBenchmarks.register()
    GNBBenchmarks.register()
    ChartBenchmarks.register()
    SearchBenchmarks.register()
    ExchangeBenchmarks.register()
    OrderTypesBenchmarks.register()
    DeskTrailBenchmarks.register()
    AccountsBenchmarks.register()
    AlertBenchmarks.register()
    PushBenchmarks.register()
    MoversBenchmarks.register()
}
