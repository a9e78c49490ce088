// swift-tools-version:6.1
// The layers, bottom to top; SwiftPM refuses an import that climbs. An interface target holds what
// the app asks of a source; its "Live" target holds the client that answers, and only Bootstrap
// (and the tests) depend on a Live target:
//   BourseCore     pure domain: exact decimals, JSON reading, calendar, pricing (Foundation only),
//                  and the store interfaces (Stores/: orders, last good answers, one in memory)
//   ReferenceEngines the plain reference implementations the fast ones are checked and benchmarked against
//                  (ScanningEngine); for tests and benchmarks only, no shipped target depends on it
//   BundledData    the data files the product ships (listings, price levels, GNB samples), as resources
//   Networking     the HTTP transport interface and its AsyncHTTPClient implementation
//   MarketData     the market-data provider interface, the market the app asks (lists, stocks, bars), pricing
//   MarketDataLive the Polygon REST client: rate limiter, coalescing, answers cached in an AnswerStore
//   GNBData        the GNB loader interface, its dataset and errors
//   GNBDataLive    the GNB client (URLs or files, JSON or XML, last good download in an AnswerStore)
//   Exchange       the exchange's interface: what the app asks of the desk (ExchangeDesk) and what it shows
//   FeedProviders  the providers' stream formats (Alpaca, Massive) as pure state machines, and the quote book
//                  that makes their quotes and trades into ticks (BourseCore only)
//   ExchangeLive   the live exchange: the feed client (WebSocket) and the trading desk
//   Storage        the database, SQLite (GRDB) or PostgreSQL (postgres-nio), on BourseCore alone; both are
//                  internal imports, never in its API: one set of migrations and the stores for each database
//   StandIns       the embedded stand-in services (the simulated Polygon market, the exchange feed and its
//                  Alpaca and Massive streams, GNB), with the msgpack codec Alpaca's stream speaks to alpaca-py
//   WebPush        Web Push messages: RFC 8291 payload encryption (aes128gcm), RFC 8292 VAPID signing,
//                  subscriptions (Foundation and swift-crypto only)
//   PushDelivery   the push queue's sender: each queued notice encrypted, signed and POSTed to its device's
//                  push service, the answer deciding (sent, retried, subscription deleted)
//   Accounts       the owner's account: bcrypt passwords, sessions, API tokens, sign-in throttling
//                  (on the AccountStore interface; the database store is in Storage)
//   MarketsFeature the markets' listings: the search index, the refresh from the source's reference list,
//                  whether a symbol is listed; a stock's and a search's answer (API and command line)
//   WatchlistFeature the user's stocks: the stored list checked against the listings, priced, as CSV
//   NotificationsFeature the notices: stored for the bell and queued for push (Notifier)
//   AlertsFeature  the price alerts: checked against every price learned, the background refresh, the answer
//   GNBFeature     the GNB catalogue: downloads reused and their ledgers, SKUs, the answers and CSV exports
//   ExchangeFeature the exchange as the app sees it (ExchangeVenue), orders as JSON and CSV
//                  (the feature targets import no Hummingbird: the web app and the commands both use them)
//   RequestGate    the connection gate in the HTTP/1 pipeline (SwiftNIO): hosts, malformed heads, timeouts
//   BourseApp      the Hummingbird web app, HTTP only: one controller per feature (API, pages, socket) on the
//                  feature targets and interfaces; requests become calls, answers JSON or HTML
//   CHeap          C over glibc's <malloc.h> (the Glibc module leaves it out): the allocator's settings,
//                  what it holds, trimming; for Bootstrap alone
//   Bootstrap      the only target that picks and starts live things: sources, stand-ins, services, commands,
//                  and the metrics registry (swift-prometheus); the other targets record through swift-metrics
//                  on a factory given to their constructors. Commands use the feature targets; only the
//                  server (`bourse serve`) builds the web app
//   BourseClient   the Swift client of the JSON API for apps (iOS 16, macOS 13) and the command line's
//                  remote mode: generated from API/openapi.json by swift-openapi-generator (committed,
//                  scripts/generate-client), with a small hand-written face (`Bourse`); no server code
//   bourse         the thin command line (swift-argument-parser), on Bootstrap alone
import PackageDescription

let package = Package(
    name: "bourse",
    // The client's platforms (SPEC §16): an app on iOS 16 or macOS 13 imports BourseClient. The
    // server runs on Linux; built on macOS it needs macOS 15 (Hummingbird 2, Synchronization), see
    // docs/client.md.
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .executable(name: "bourse", targets: ["bourse"]),
        .library(name: "BourseCore", targets: ["BourseCore"]),
        .library(name: "BundledData", targets: ["BundledData"]),
        // Only so that the benchmarks package (Benchmarks/) can compare against it; nothing shipped uses it.
        .library(name: "ReferenceEngines", targets: ["ReferenceEngines"]),
        .library(name: "Networking", targets: ["Networking"]),
        .library(name: "MarketData", targets: ["MarketData"]),
        .library(name: "MarketDataLive", targets: ["MarketDataLive"]),
        .library(name: "GNBData", targets: ["GNBData"]),
        .library(name: "GNBDataLive", targets: ["GNBDataLive"]),
        .library(name: "Exchange", targets: ["Exchange"]),
        .library(name: "FeedProviders", targets: ["FeedProviders"]),
        .library(name: "ExchangeLive", targets: ["ExchangeLive"]),
        .library(name: "ExchangeCluster", targets: ["ExchangeCluster"]),
        .library(name: "Storage", targets: ["Storage"]),
        .library(name: "StandIns", targets: ["StandIns"]),
        .library(name: "Accounts", targets: ["Accounts"]),
        .library(name: "WebPush", targets: ["WebPush"]),
        .library(name: "PushDelivery", targets: ["PushDelivery"]),
        .library(name: "MarketsFeature", targets: ["MarketsFeature"]),
        .library(name: "WatchlistFeature", targets: ["WatchlistFeature"]),
        .library(name: "NotificationsFeature", targets: ["NotificationsFeature"]),
        .library(name: "AlertsFeature", targets: ["AlertsFeature"]),
        .library(name: "GNBFeature", targets: ["GNBFeature"]),
        .library(name: "ExchangeFeature", targets: ["ExchangeFeature"]),
        .library(name: "RequestGate", targets: ["RequestGate"]),
        .library(name: "BourseApp", targets: ["BourseApp"]),
        .library(name: "Bootstrap", targets: ["Bootstrap"]),
        .library(name: "BourseClient", targets: ["BourseClient"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.8.1"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession.git", from: "1.4.0"),
        .package(url: "https://github.com/swift-server/swift-openapi-async-http-client.git", from: "1.5.0"),
    ],
    targets: [
        .target(name: "BourseCore"),
        // The reference engines: deliberately simple, the baseline of the tests and the benchmarks.
        .target(name: "ReferenceEngines", dependencies: ["BourseCore"]),
        .target(
            name: "BundledData",
            dependencies: ["BourseCore"],
            resources: [.copy("Resources")]
        ),
        .target(
            name: "Networking",
            dependencies: [.product(name: "AsyncHTTPClient", package: "async-http-client")]
        ),
        .target(
            name: "MarketData",
            dependencies: ["BourseCore"]
        ),
        .target(
            name: "MarketDataLive",
            dependencies: [
                "BourseCore", "MarketData", "Networking",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
            ]
        ),
        .target(
            name: "GNBData",
            dependencies: ["BourseCore"]
        ),
        .target(
            name: "GNBDataLive",
            dependencies: [
                "BourseCore", "GNBData", "Networking",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "Exchange",
            dependencies: ["BourseCore"]
        ),
        // The providers' stream formats, tested with their message samples before they meet the app.
        .target(
            name: "FeedProviders",
            dependencies: ["BourseCore"]
        ),
        .target(
            name: "ExchangeLive",
            dependencies: [
                "BourseCore", "Exchange", "FeedProviders",
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Metrics", package: "swift-metrics"),
            ]
        ),
        // Several instances on one PostgreSQL database (SPEC §15): the desk held by one of them,
        // orders posted to its inbox, its updates heard by every instance.
        .target(
            name: "ExchangeCluster",
            dependencies: [
                "BourseCore", "Exchange", "ExchangeLive",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .target(
            name: "Storage",
            dependencies: [
                "BourseCore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "StandIns",
            dependencies: [
                "BourseCore", "BundledData",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .target(
            name: "Accounts",
            dependencies: [
                "BourseCore",
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .target(
            name: "WebPush",
            dependencies: [.product(name: "Crypto", package: "swift-crypto")]
        ),
        .target(
            name: "PushDelivery",
            dependencies: [
                "BourseCore", "WebPush", "Networking",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The features: what each does, apart from HTTP (no Hummingbird); the web app and the
        // command line both call them.
        .target(
            name: "MarketsFeature",
            dependencies: [
                "BourseCore", "BundledData", "MarketData",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "WatchlistFeature",
            dependencies: ["BourseCore", "MarketData", "MarketsFeature"]
        ),
        .target(
            name: "NotificationsFeature",
            dependencies: [
                "BourseCore", "Exchange",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "AlertsFeature",
            dependencies: [
                "BourseCore", "MarketData", "Exchange", "MarketsFeature", "WatchlistFeature", "NotificationsFeature",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "GNBFeature",
            dependencies: ["BourseCore", "GNBData"]
        ),
        .target(
            name: "ExchangeFeature",
            dependencies: ["BourseCore", "Exchange"]
        ),
        // The connection gate sits in the HTTP/1 pipeline (NIOHTTP1's decoder and parts), in
        // Hummingbird's server child channel.
        .target(
            name: "RequestGate",
            dependencies: [
                "BourseCore",
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
            ]
        ),
        .target(
            name: "BourseApp",
            dependencies: [
                "BourseCore", "BundledData", "MarketData", "GNBData", "Exchange", "Accounts", "WebPush",
                "MarketsFeature", "WatchlistFeature", "NotificationsFeature", "AlertsFeature", "GNBFeature",
                "ExchangeFeature", "RequestGate",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                // The server's idle timeout is NIO's `TimeAmount`.
                .product(name: "NIOCore", package: "swift-nio"),
                // The exchange socket's frames, written once for every socket.
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
            ],
            // Each feature's scripts and stylesheets (served under /assets/). `.process` puts every
            // file at the top of the bundle, so their names must be unique across the folders.
            // API/openapi.json is the API's contract, served at /api/openapi.json (docs/api.md).
            resources: [
                .process("Layout/Public"), .process("Markets/Public"), .process("Charts/Public"),
                .process("Search/Public"), .process("Exchange/Public"), .process("GNB/Public"),
                .process("Watchlist/Public"), .process("PhoneApp/Public"), .process("People/Public"),
                .process("Leaderboard/Public"),
                .copy("API/openapi.json"),
            ]
        ),
        // C, for glibc's <malloc.h> that the Glibc module leaves out: the allocator's settings,
        // what it holds, trimming (Bootstrap's Heap/ only).
        .target(name: "CHeap"),
        .target(
            name: "Bootstrap",
            dependencies: [
                "CHeap", "BourseApp", "BourseCore", "BundledData", "Networking", "MarketData", "MarketDataLive", "GNBData",
                "GNBDataLive", "Exchange", "ExchangeLive", "ExchangeCluster", "FeedProviders", "Storage", "StandIns",
                "Accounts", "WebPush",
                "PushDelivery",
                "MarketsFeature", "WatchlistFeature", "NotificationsFeature", "AlertsFeature", "GNBFeature",
                "ExchangeFeature", "RequestGate", "BourseClient",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]
        ),
        // The API's Swift client: Generated/ is swift-openapi-generator's output for API/openapi.json
        // (scripts/generate-client); the rest is the face an app calls. URLSession on Apple's
        // platforms, AsyncHTTPClient elsewhere.
        .target(
            name: "BourseClient",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(
                    name: "OpenAPIURLSession", package: "swift-openapi-urlsession",
                    condition: .when(platforms: [.macOS, .iOS, .tvOS, .watchOS, .visionOS])),
                .product(
                    name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client",
                    condition: .when(platforms: [.linux, .android, .windows, .openbsd])),
                .product(
                    name: "AsyncHTTPClient", package: "async-http-client",
                    condition: .when(platforms: [.linux, .android, .windows, .openbsd])),
            ]
        ),
        .executableTarget(
            name: "bourse",
            dependencies: [
                "Bootstrap",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Test-only: the fixtures more than one suite uses (the manual clock, JSON bodies, a temporary
        // database or folder, a self-signed certificate, an order store in memory, captured logs, the
        // live market stack the route tests build the app on). Only test targets depend on it; no
        // product lists it.
        .target(
            name: "TestSupport",
            dependencies: [
                "BourseApp", "BourseCore", "MarketData", "MarketDataLive", "StandIns", "Storage",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
            ],
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "BourseCoreTests",
            dependencies: ["BourseCore", "ReferenceEngines", .product(name: "PropertyBased", package: "swift-property-based")],
            resources: [.copy("Replays")]
        ),
        .testTarget(name: "FeedProvidersTests", dependencies: ["FeedProviders", "BourseCore"]),
        .testTarget(
            name: "ExchangeTests",
            dependencies: [
                "Exchange", "ExchangeLive", "FeedProviders", "StandIns", "Storage", "TestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "ServiceLifecycleTestKit", package: "swift-service-lifecycle"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
            ]
        ),
        .testTarget(
            name: "MarketDataTests",
            dependencies: [
                "MarketData", "MarketDataLive", "Networking", "StandIns", "Storage", "TestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "StorageTests",
            dependencies: ["Storage", "BourseCore", "Accounts", "TestSupport"],
            resources: [.copy("Fixtures")]
        ),
        // The cluster's desk on a real PostgreSQL cluster: the lock, the inbox, the signals.
        .testTarget(
            name: "ExchangeClusterTests",
            dependencies: [
                "ExchangeCluster", "Exchange", "ExchangeLive", "Storage", "BourseCore", "TestSupport",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .testTarget(name: "AccountsTests", dependencies: ["Accounts", "Storage", "BourseCore", "TestSupport"]),
        // The messages (RFC vectors, Python's cross-check) and their delivery (Delivery/: the queue
        // on a real SQLite file, sent to a push service on loopback).
        .testTarget(
            name: "WebPushTests",
            dependencies: [
                "WebPush", "PushDelivery", "BourseCore", "Networking", "StandIns", "Storage", "TestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        .testTarget(
            name: "GNBDataTests",
            dependencies: [
                "GNBData", "GNBDataLive", "StandIns", "TestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        .testTarget(
            name: "StandInsTests",
            dependencies: [
                "StandIns", "TestSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                // The provider streams (Alpaca, Massive) tested over real loopback WebSockets.
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
            ]
        ),
        .testTarget(
            name: "BourseAppTests",
            dependencies: [
                "BourseApp", "MarketDataLive", "GNBDataLive", "Exchange", "ExchangeLive", "StandIns", "Storage",
                "Accounts", "TestSupport", "MarketsFeature", "WatchlistFeature", "NotificationsFeature", "AlertsFeature",
                "GNBFeature", "ExchangeFeature", "RequestGate",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HummingbirdWSTesting", package: "hummingbird-websocket"),
                // A raw HTTP/WebSocket client over loopback (plain or TLS), for what the test
                // clients cannot send: another Host, a given Origin.
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                // NIO's own WebSocket encoder, on an embedded channel: what `WireFrame` must equal.
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            exclude: ["__Snapshots__"]
        ),
        // The client against the real server: the built `bourse serve` on loopback, every
        // operation of the document called through the generated code.
        .testTarget(
            name: "BourseClientTests",
            dependencies: [
                "BourseClient", "TestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .testTarget(
            name: "BootstrapTests",
            dependencies: [
                "Bootstrap", "BourseApp", "BourseClient", "MarketDataLive", "GNBDataLive", "StandIns", "Storage",
                "TestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
