import BourseCore
import Foundation
import Logging
import MarketData
import Synchronization

/// The path of one request: coalesce, look in the cache, send (rate limited, retried), store.
extension PolygonClient {
    /// The decoded answer to `request`, fresh from the cache, from the source, or stale from the
    /// cache when the source keeps failing.
    func fetch<Value: Sendable>(
        _ request: PolygonRequest,
        decode: @escaping @Sendable ([UInt8]) throws(MarketDataError) -> Value
    ) async throws(MarketDataError) -> Fetched<Value> {
        if let hit = decoded.fresh(request.cacheKey, as: Value.self, now: now()) {
            metrics.answered(.hit)
            return Fetched(value: hit.value, fetchedAt: hit.fetchedAt, isStale: false)
        }
        let result = await coalescer.run(key: request.cacheKey) { [self] in
            await self.load(request, decode: decode)
        }
        switch result {
        case .success(let value): return value
        case .failure(let error): throw scrubbed(error)
        }
    }

    /// Every page of a paginated aggregates answer, following `next_url` to the end.
    func fetchAllPages(_ first: PolygonRequest) async throws(MarketDataError) -> Fetched<[Bar]> {
        var bars: [Bar] = []
        var fetchedAt: Date?
        var isStale = false
        var seen: Set<String> = []
        var next: PolygonRequest? = first
        while let request = next {
            guard seen.insert(request.cacheKey).inserted else {
                throw .invalidResponse("`next_url` leads back to a page already read")
            }
            let page = try await fetch(request, decode: PolygonDecoding.aggregatesPage)
            bars += page.value.bars
            fetchedAt = min(fetchedAt ?? page.fetchedAt, page.fetchedAt)
            isStale = isStale || page.isStale
            next = try page.value.nextURL.map { text throws(MarketDataError) in
                guard
                    let request = PolygonRequest(
                        nextURL: text, base: configuration.baseURL, freshness: first.freshness,
                        symbol: first.symbol)
                else { throw .invalidResponse("`next_url` is not a URL of this API") }
                return request
            }
        }
        return Fetched(value: bars, fetchedAt: fetchedAt ?? now(), isStale: isStale)
    }

    /// One request, not coalesced: the cache first, then the network.
    func load<Value: Sendable>(
        _ request: PolygonRequest,
        decode: @escaping @Sendable ([UInt8]) throws(MarketDataError) -> Value
    ) async -> Result<Fetched<Value>, MarketDataError> {
        let key = request.cacheKey
        let cached = await cachedAnswer(for: key)
        if let cached, now() < cached.freshUntil, let value = try? decode(cached.body) {
            logger.debug("cache hit", metadata: ["key": "\(redactor.redact(key))"])
            decoded.keep(value, for: key, fetchedAt: cached.fetchedAt, freshUntil: cached.freshUntil)
            metrics.answered(.hit)
            return .success(Fetched(value: value, fetchedAt: cached.fetchedAt, isStale: false))
        }
        metrics.answered(.miss)
        let outcome: SendOutcome
        if let cached, let patience = configuration.patience, let staleValue = try? decode(cached.body) {
            guard let answered = await sendWithin(patience, request, decode: decode) else {
                logger.info("the source is slow: serving the cached answer", metadata: ["key": "\(redactor.redact(key))"])
                metrics.answered(.stale)
                return .success(Fetched(value: staleValue, fetchedAt: cached.fetchedAt, isStale: true))
            }
            outcome = answered
        } else if let deadline = configuration.deadline {
            // Nothing saved to fall back on: the caller waits at most `deadline`; the request
            // goes on in the background and fills the cache for the next ask.
            guard let answered = await sendWithin(deadline, request, decode: decode) else {
                logger.info("the source is slow: past the deadline", metadata: ["key": "\(redactor.redact(key))"])
                return .failure(
                    .unavailable(
                        "no answer within \(Self.wholeSeconds(deadline)) s (it will be saved when it comes): "
                            + "try again in a moment"))
            }
            outcome = answered
        } else {
            outcome = await send(request)
        }
        var failure: MarketDataError
        switch outcome {
        case .answer(let body):
            // The key is taken out of the answer before anything reads it, so that an upstream
            // that echoes it can never pass it on, cached or not.
            let redacted = redactor.redact(body: body)
            do {
                let value = try decode(redacted)
                metrics.sent(request, outcome: .ok)
                let fetchedAt = now()
                let freshUntil = freshness.freshUntil(request.freshness, fetchedAt: fetchedAt)
                await store(SavedAnswer(key: key, body: redacted, fetchedAt: fetchedAt, freshUntil: freshUntil))
                decoded.keep(value, for: key, fetchedAt: fetchedAt, freshUntil: freshUntil)
                return .success(Fetched(value: value, fetchedAt: fetchedAt, isStale: false))
            } catch {
                // A 200 whose body is garbled (cut short, an HTML error page) is the source
                // failing, like a 5xx: the saved answer, if any, is better.
                metrics.sent(request, outcome: .invalid)
                failure = error
            }
        case .refused(let error):
            return .failure(error)
        case .gaveUp(let error):
            failure = error
        }
        if let cached, let value = try? decode(cached.body) {
            onEvent(.servedStale(scrubbed(failure)))
            metrics.answered(.stale)
            logger.warning(
                "serving a stale answer",
                metadata: ["key": "\(redactor.redact(key))", "reason": "\(redactor.redact(failure.description))"])
            return .success(Fetched(value: value, fetchedAt: cached.fetchedAt, isStale: true))
        }
        return .failure(failure)
    }

    /// The source's answer if it comes within `patience`; else nil, and the request goes on in the
    /// background, storing its answer in the cache when it arrives.
    private func sendWithin<Value: Sendable>(
        _ patience: Duration, _ request: PolygonRequest,
        decode: @escaping @Sendable ([UInt8]) throws(MarketDataError) -> Value
    ) async -> SendOutcome? {
        let sending = Task { await self.send(request) }
        // A race that resumes once: the answer, or the end of patience, whichever comes first.
        // (A task group would wait for the request even after the timer won.)
        let once = OnceFlag()
        let answeredInTime = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            Task {
                _ = await sending.value
                if once.claim() { continuation.resume(returning: true) }
            }
            Task { [clock] in
                try? await clock.sleep(for: patience)
                if once.claim() { continuation.resume(returning: false) }
            }
        }
        if answeredInTime { return await sending.value }
        Task { [self] in
            guard case .answer(let body) = await sending.value else { return }
            let redacted = redactor.redact(body: body)
            guard (try? decode(redacted)) != nil else { return metrics.sent(request, outcome: .invalid) }
            metrics.sent(request, outcome: .ok)
            let fetchedAt = now()
            await store(
                SavedAnswer(
                    key: request.cacheKey, body: redacted, fetchedAt: fetchedAt,
                    freshUntil: freshness.freshUntil(request.freshness, fetchedAt: fetchedAt)))
        }
        return nil
    }

    /// The error with the key taken out of its text.
    func scrubbed(_ error: MarketDataError) -> MarketDataError {
        switch error {
        case .unknownSymbol(let text): return .unknownSymbol(redactor.redact(text))
        case .notAuthorized(let text): return .notAuthorized(redactor.redact(text))
        case .rateLimited, .tooManyWaiting: return error
        case .unavailable(let text): return .unavailable(redactor.redact(text))
        case .invalidResponse(let text): return .invalidResponse(redactor.redact(text))
        case .badRequest(let text): return .badRequest(redactor.redact(text))
        }
    }

    private func cachedAnswer(for key: String) async -> SavedAnswer? {
        do {
            return try await cache.answer(for: key)
        } catch {
            logger.warning("the response cache could not be read", metadata: ["error": "\(redactor.redact("\(error)"))"])
            return nil
        }
    }

    private func store(_ response: SavedAnswer) async {
        do {
            try await cache.save(response)
        } catch {
            logger.warning("the response cache could not be written", metadata: ["error": "\(redactor.redact("\(error)"))"])
        }
    }
}

/// True for the first caller of `claim()` only.
final class OnceFlag: Sendable {
    private let claimed = Mutex(false)

    func claim() -> Bool {
        claimed.withLock { done in
            defer { done = true }
            return !done
        }
    }
}
