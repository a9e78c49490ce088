import BourseCore
import Foundation
import MarketData
import MarketDataLive
import Testing

/// The key must never leave the request: not in errors, logs, cache keys or returned values.
@Suite("API key secrecy")
struct APIKeySecrecyTests {
    @Test("The key is absent from errors, logs and cache keys, even when the source echoes it", arguments: KeyPlacement.allCases)
    func keyNeverLeaks(placement: KeyPlacement) async throws {
        let key = TestClient.apiKey
        try await ReplayServer.with { server in
            await server.script.on(
                "/v3/reference/tickers/AAPL", .json(#"{"status":"ERROR","error":"Unknown API Key \#(key)"}"#, status: 401))
            await server.script.on(
                "/v3/reference/tickers/MSFT", .json(#"{"status":"ERROR","error":"bad key apiKey=\#(key)"}"#, status: 400))
            await server.script.on(
                "/v2/aggs/ticker/AAPL/prev", .json(#"{"status":"ERROR","error":"down for \#(key)"}"#, status: 503))
            await server.script.on(
                "/v2/aggs/ticker/MSFT/prev",
                try .fixture("errors/error_429_rate_limit.json", status: 429, headers: ["Retry-After": "1"]))
            await server.script.on(
                "/v3/reference/tickers",
                .json(
                    #"{"status":"OK","results":[],"next_url":"https://api.polygon.io/v3/reference/tickers?cursor=abc&apiKey=\#(key)"}"#
                ))
            let test = TestClient(baseURL: server.baseURL, placement: placement)

            var errors: [MarketDataError] = []
            for symbol in ["AAPL", "MSFT"] {
                do throws(MarketDataError) { _ = try await test.client.tickerDetails(symbol) } catch { errors.append(error) }
                do throws(MarketDataError) { _ = try await test.client.previousClose(symbol) } catch { errors.append(error) }
            }
            let page = try await test.client.tickers(TickerQuery())

            #expect(errors.count == 4)
            #expect(errors.contains(.notAuthorized("Unknown API Key REDACTED")))
            #expect(errors.contains(.badRequest("bad key apiKey=REDACTED")))
            for error in errors {
                #expect(!error.description.contains(key))
                #expect(!String(describing: error).contains(key))
                #expect(!String(reflecting: error).contains(key))
            }
            #expect(page.value.nextCursor == "abc")
            #expect(!test.logs.all.isEmpty)
            for line in test.logs.all {
                #expect(!line.contains(key), "log line: \(line)")
            }
            #expect(!test.cache.storedKeys.isEmpty)
            for cacheKey in test.cache.storedKeys + test.cache.lookedUpKeys {
                #expect(!cacheKey.contains(key))
                #expect(!cacheKey.lowercased().contains("apikey"))
            }
            for entry in test.cache.entries {
                #expect(!String(decoding: entry.body, as: UTF8.self).contains(key))
            }
        }
    }

    @Test(
        "A URL printed anywhere has its apiKey value replaced",
        arguments: [
            ("https://api.polygon.io/v2/aggs?apiKey=abc123&x=1", "https://api.polygon.io/v2/aggs?apiKey=REDACTED&x=1"),
            ("http://h/p?x=1&APIKEY=abc123", "http://h/p?x=1&APIKEY=REDACTED"),
            ("http://h/p?api_key=abc123#f", "http://h/p?api_key=REDACTED#f"),
            ("Authorization: Bearer abc123", "Authorization: Bearer REDACTED"),
            ("no key here", "no key here"),
        ])
    func redactsURLs(text: String, expected: String) {
        #expect(KeyRedactor(apiKey: nil).redact(text) == expected)
    }

    @Test("The key itself is replaced wherever it appears")
    func redactsTheKeyItself() {
        let redactor = KeyRedactor(apiKey: "s3cr3t")
        #expect(redactor.redact("failed for s3cr3t and s3cr3t again") == "failed for REDACTED and REDACTED again")
        #expect(KeyRedactor(apiKey: "").redact("text") == "text")
    }
}
