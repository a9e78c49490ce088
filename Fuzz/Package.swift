// swift-tools-version:6.1
// The libFuzzer harnesses, a package of their own: built with the fuzzer and address sanitizers
// (`swift build --sanitize fuzzer --sanitize address`), they compile BourseCore and themselves
// only, never the app's other targets. Run them with `scripts/fuzz` (see docs/fuzzing.md).
import PackageDescription

/// One executable per parser; each defines `LLVMFuzzerTestOneInput`, and libFuzzer brings `main`.
let harnesses = [
    "FuzzDecimal", "FuzzFeedTick", "FuzzGNB", "FuzzJSON", "FuzzListingsCSV", "FuzzOrderRequest", "FuzzReplay", "FuzzSearch",
    "FuzzTimestamp",
]

let package = Package(
    name: "bourse-fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "bourse", path: "..")],
    targets: [
        .target(name: "FuzzSupport", dependencies: [.product(name: "BourseCore", package: "bourse")])
    ]
        + harnesses.map { name in
            .executableTarget(name: name, dependencies: ["FuzzSupport", .product(name: "BourseCore", package: "bourse")])
        },
    swiftLanguageModes: [.v6]
)
