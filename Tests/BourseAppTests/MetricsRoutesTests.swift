import Foundation
import NIOCore
import TestSupport
import Testing

@testable import BourseApp

/// `GET /metrics` over real HTTP (the app as `bourse serve` builds it, the simulated market over
/// loopback): the Prometheus text, and counters that move with what the app does.
@Suite("Metrics at /metrics")
struct MetricsRoutesTests {
    static func scrape(port: Int) async throws -> PrometheusScrape {
        let response = try await RawConnection.get(port: port, "/metrics", host: "127.0.0.1:\(port)")
        #expect(response.status == 200)
        #expect(response.headers["content-type"] == "text/plain; version=0.0.4; charset=utf-8")
        return try PrometheusScrape(response.body)
    }

    @Test func requestsAreCountedByRouteAndStatusAndTimed() async throws {
        let app = try await GatedApp(metrics: prometheusMetrics())

        try await app.run { port in
            let host = "127.0.0.1:\(port)"
            for _ in 0..<3 { #expect(try await RawConnection.get(port: port, "/api/v1/health", host: host).status == 200) }
            #expect(try await RawConnection.get(port: port, "/api/v1/orders/999", host: host).status == 404)
            #expect(try await RawConnection.get(port: port, "/no/such/page-1", host: host).status == 404)
            #expect(try await RawConnection.get(port: port, "/no/such/page-2", host: host).status == 404)

            let scrape = try await Self.scrape(port: port)
            let health = ["route": "/api/v1/health", "method": "GET", "status": "200"]
            #expect(scrape.value("bourse_http_requests_total", health) == 3)
            #expect(scrape.value("bourse_http_request_duration_seconds_count", health) == 3)
            #expect(scrape.value("bourse_http_request_duration_seconds_bucket", health.merging(["le": "+Inf"]) { $1 }) == 3)
            // The route is the pattern, never the path: a scan of made-up paths is one series.
            #expect(scrape.value("bourse_http_requests_total", ["route": "/api/v1/orders/{id}", "status": "404"]) == 1)
            #expect(scrape.value("bourse_http_requests_total", ["route": "NotFound", "status": "404"]) == 2)
            #expect(!scrape.samples.contains { $0.labels["route"]?.contains("page-1") == true })
            // This scrape's own connection is open while it is answered.
            #expect(scrape.value("bourse_http_open_connections") >= 1)

            let next = try await Self.scrape(port: port)
            #expect(next.value("bourse_http_requests_total", ["route": "/metrics", "status": "200"]) == 1)
        }
    }

    @Test func upstreamRequestsAndCacheResultsMoveWithTheMarketsAnswers() async throws {
        let metrics = prometheusMetrics()
        let live = try await LiveMarket.start(metrics: metrics.factory)
        let app = try await GatedApp(market: live.service, metrics: metrics)

        try await app.run { port in
            let host = "127.0.0.1:\(port)"
            let before = try await Self.scrape(port: port)
            #expect(before.value("bourse_upstream_requests_total") == 0)
            #expect(try await RawConnection.get(port: port, "/api/v1/stocks/AAPL", host: host).status == 200)
            let first = try await Self.scrape(port: port)
            #expect(try await RawConnection.get(port: port, "/api/v1/stocks/AAPL", host: host).status == 200)
            let second = try await Self.scrape(port: port)

            let ok = ["source": "polygon", "outcome": "ok"]
            #expect(first.value("bourse_upstream_requests_total", ok) >= 1)
            #expect(first.value("bourse_upstream_cache_total", ["result": "miss"]) >= 1)
            // The second ask is answered from the cache: no request, only hits.
            #expect(second.value("bourse_upstream_requests_total", ok) == first.value("bourse_upstream_requests_total", ok))
            #expect(
                second.value("bourse_upstream_cache_total", ["result": "hit"])
                    > first.value("bourse_upstream_cache_total", ["result": "hit"]))
            #expect(second.value("bourse_upstream_limiter_wait_seconds_count") == first.value("bourse_upstream_requests_total"))
        }
    }

    @Test func ordersAndTheExchangeSocketAreCounted() async throws {
        let app = try await GatedApp(metrics: prometheusMetrics())

        try await app.run { port in
            let host = "127.0.0.1:\(port)"
            await app.desk.handle(.state(.live))
            await app.desk.handle(.tick(try ExchangeRoutesTests.tick(1)))
            let order = RawConnection.request(
                "POST", "/api/v1/orders", host: host, headers: ["Origin: http://\(host)"],
                body: #"{"side":"buy","type":"market","quantity":50}"#)
            #expect(try await RawConnection.exchange(port: port, order).status == 201)

            try await RawConnection.open(port: port) { reader, writer in
                let handshake = RawConnection.webSocketHandshake("/exchange/ws", host: host, origin: "http://\(host)")
                try await writer.write(ByteBuffer(string: handshake))
                #expect(try await reader.response().status == 101)
                _ = try await reader.text()  // the snapshot: the socket is being served

                let scrape = try await Self.scrape(port: port)
                #expect(scrape.value("bourse_websocket_open_sockets", ["socket": "exchange"]) == 1)
                #expect(scrape.value("bourse_orders_total", ["status": "filled"]) == 1)
                #expect(scrape.value("bourse_orders_total", ["status": "pending"]) == 0)
                #expect(scrape.value("bourse_order_commit_duration_seconds_count") == 1)
                // The socket's connection and the scrape's.
                #expect(scrape.value("bourse_http_open_connections") >= 2)
            }
            // Closing the socket is seen by the server a moment later.
            var open = 1.0
            for _ in 0..<200 where open != 0 {
                open = try await Self.scrape(port: port).value("bourse_websocket_open_sockets")
                if open != 0 { try await Task.sleep(for: .milliseconds(25)) }
            }
            #expect(open == 0)
        }
    }
}
