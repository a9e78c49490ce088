// swift-tools-version:6.1
// The benchmark suite, a package of its own so that the app's `swift build` and `swift test`
// never compile the harness. Run it with `scripts/benchmark` (see the README).
import PackageDescription

let package = Package(
    name: "bourse-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "bourse", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    ],
    targets: [
        .executableTarget(
            name: "BourseBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "BourseApp", package: "bourse"),
                .product(name: "AlertsFeature", package: "bourse"),
                .product(name: "NotificationsFeature", package: "bourse"),
                .product(name: "BourseCore", package: "bourse"),
                .product(name: "ReferenceEngines", package: "bourse"),
                .product(name: "Exchange", package: "bourse"),
                .product(name: "ExchangeLive", package: "bourse"),
                .product(name: "BundledData", package: "bourse"),
                .product(name: "MarketData", package: "bourse"),
                .product(name: "MarketDataLive", package: "bourse"),
                .product(name: "StandIns", package: "bourse"),
                .product(name: "Storage", package: "bourse"),
                .product(name: "Networking", package: "bourse"),
                .product(name: "WebPush", package: "bourse"),
                .product(name: "PushDelivery", package: "bourse"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Benchmarks/BourseBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The fan-out benchmark (scripts/benchmark-fanout): its clients, and the plain SwiftNIO
        // server that is its baseline.
        .executableTarget(
            name: "FanoutClient",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Fanout/FanoutClient"
        ),
        .executableTarget(
            name: "FanoutBaseline",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            path: "Fanout/FanoutBaseline"
        ),
    ],
    swiftLanguageModes: [.v6]
)
