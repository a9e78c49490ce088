import BourseCore
import Foundation
import Logging
import MarketData

/// The path of one request: coalesce, look in the cache, send (rate limited, retried), store.
extension PolygonClient {
    /// The decoded answer to `request`, fresh from the cache, from the source, or stale from the
    /// cache when the source keeps failing or is slower than the caller may wait.
    ///
    /// The caller waits at most its deadline (`SourceDeadline`, or `configuration.deadline` from
    /// now), and at most `configuration.patience` when a saved answer can stand in; the fetch
    /// goes on without it, shared with whoever asks next, and saves its answer when it comes.
    func fetch<Value: Sendable>(
        _ request: PolygonRequest,
        decode: @escaping @Sendable ([UInt8]) throws(MarketDataError) -> Value
    ) async throws(MarketDataError) -> Fetched<Value> {
        let key = request.cacheKey
        let saved = await savedAnswer(for: key, decode: decode)
        if let saved, !saved.isStale {
            metrics.answered(.hit)
            return saved
        }
        if SourceAccess.savedOnly {
            if let saved { return saved }
            throw .unavailable("nothing saved for \(redactor.redact(request.path))")
        }
        metrics.answered(.miss)
        let waitLimit = callerPatience(hasSavedAnswer: saved != nil)
        let result = await coalescer.run(key: key, patience: waitLimit, clock: clock) { [self] in
            await self.load(request, decode: decode)
        }
        switch result {
        case .success(let value)?:
            return value
        case .failure(let error)?:
            throw scrubbed(error)
        case nil:
            if let saved {
                logger.info("the source is slow: serving the saved answer", metadata: ["key": "\(redactor.redact(key))"])
                metrics.answered(.stale)
                return saved
            }
            logger.info("the source is slow: past the deadline", metadata: ["key": "\(redactor.redact(key))"])
            throw await onItsWay()
        }
    }

    /// Why an answer past the caller's deadline is still on its way, and when to ask again: the
    /// source's rate limit when requests wait for it (a turn of the minute per request ahead),
    /// else a slow source (a few seconds).
    private func onItsWay() async -> MarketDataError {
        let perMinute = configuration.requestsPerMinute
        let waiting = await limiter.waiting()
        let sent = await limiter.sendsInWindow()
        guard waiting > 0 || sent >= perMinute else {
            let deadline = configuration.deadline.map { "no answer within \(Self.wholeSeconds($0)) s" } ?? "no answer yet"
            return .onItsWay(retryAfterSeconds: 5, reason: "the source is slow: \(deadline)")
        }
        let seconds = min(60, max(5, Int((Double(waiting + 1) * 60 / Double(max(1, perMinute))).rounded(.up))))
        let reason =
            perMinute == PolygonConfiguration.freeTierRequestsPerMinute
            ? "Massive's free tier allows \(perMinute) requests a minute"
            : "the source allows \(perMinute) request\(perMinute == 1 ? "" : "s") a minute"
        return .onItsWay(retryAfterSeconds: seconds, reason: reason)
    }

    /// How long this caller may wait for the source: until its deadline, and no longer than the
    /// patience when a saved answer can stand in; nil: until the source answers (also for work
    /// that waits for the source, `SourceDeadline.waitsForTheSource`, with nothing saved).
    private func callerPatience(hasSavedAnswer: Bool) -> Duration? {
        if SourceDeadline.waitsForTheSource { return hasSavedAnswer ? configuration.patience : nil }
        let limits = [
            SourceDeadline.remaining(at: now()), configuration.deadline, hasSavedAnswer ? configuration.patience : nil,
        ]
        return limits.compactMap { $0 }.min()
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

    /// One request, the operation callers share: the cache first (a caller before may have just
    /// saved it), then the network, waiting as long as the source takes.
    func load<Value: Sendable>(
        _ request: PolygonRequest,
        decode: @escaping @Sendable ([UInt8]) throws(MarketDataError) -> Value
    ) async -> Result<Fetched<Value>, MarketDataError> {
        let key = request.cacheKey
        let saved = await savedAnswer(for: key, decode: decode)
        if let saved, !saved.isStale { return .success(saved) }
        var outcome = await send(request)
        if case .sentElsewhere = outcome {
            // Another instance is fetching it: its answer, once saved, is this one's too.
            if let answer = await answerSavedElsewhere(for: key, newerThan: saved?.fetchedAt, decode: decode) {
                metrics.answered(.hit)
                return .success(answer)
            }
            outcome = await send(request, sharing: false)
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
                var freshUntil = freshness.freshUntil(request.freshness, fetchedAt: fetchedAt)
                if request.emptyIsShortLived, (value as? any Collection)?.isEmpty == true {
                    freshUntil = min(freshUntil, fetchedAt.addingTimeInterval(FreshnessPolicy.emptyDay))
                }
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
        case .sentElsewhere:
            failure = .unavailable("another instance is fetching it")
        }
        if let saved {
            onEvent(.servedStale(scrubbed(failure)))
            metrics.answered(.stale)
            logger.warning(
                "serving a stale answer",
                metadata: ["key": "\(redactor.redact(key))", "reason": "\(redactor.redact(failure.description))"])
            return .success(saved)
        }
        return .failure(failure)
    }

    /// The answer another instance is fetching for `key`, once it is saved (fetched after
    /// `newerThan`, or at all when nothing was saved); nil when it is not saved within
    /// `SendTurn.inFlight` and a few seconds more (the other instance failed or is slow).
    private func answerSavedElsewhere<Value: Sendable>(
        for key: String, newerThan before: Date?, decode: @Sendable ([UInt8]) throws(MarketDataError) -> Value
    ) async -> Fetched<Value>? {
        let deadline = clock.now() + .seconds(SendTurn.inFlight + 5)
        while clock.now() < deadline, !Task.isCancelled {
            if let cached = await readCache({ try await $0.answer(for: key) }),
                before.map({ cached.fetchedAt > $0 }) ?? true, let value = try? decode(cached.body)
            {
                decoded.keep(value, for: key, fetchedAt: cached.fetchedAt, freshUntil: cached.freshUntil)
                return Fetched(value: value, fetchedAt: cached.fetchedAt, isStale: now() >= cached.freshUntil)
            }
            try? await clock.sleep(until: clock.now() + .milliseconds(200))
        }
        return nil
    }

    /// The answer saved for `key`, decoded, and whether it is stale: from memory while it is kept
    /// there, else read from the database, decoded once and kept in memory, stale or not (the one
    /// to serve while the source fails). Nil: nothing saved, or what is saved does not decode.
    private func savedAnswer<Value: Sendable>(
        for key: String, decode: @Sendable ([UInt8]) throws(MarketDataError) -> Value
    ) async -> Fetched<Value>? {
        let time = now()
        var kept = decoded.kept(key, as: Value.self)
        // Decoded before and past its 10 s: the database is asked whether that is still the
        // answer it holds (its dates), and only a new one is read and decoded again.
        if kept == nil, decoded.holds(key), let dates = await readCache({ try await $0.savedDates(for: key) }) {
            kept = decoded.renewed(key, to: dates, as: Value.self)
        }
        if let kept { return Fetched(value: kept.value, fetchedAt: kept.fetchedAt, isStale: !kept.isFresh(at: time)) }
        guard let cached = await readCache({ try await $0.answer(for: key) }), let value = try? decode(cached.body) else {
            return nil
        }
        decoded.keep(value, for: key, fetchedAt: cached.fetchedAt, freshUntil: cached.freshUntil)
        let isStale = time >= cached.freshUntil
        if !isStale { logger.debug("cache hit", metadata: ["key": "\(redactor.redact(key))"]) }
        return Fetched(value: value, fetchedAt: cached.fetchedAt, isStale: isStale)
    }

    /// The error with the key taken out of its text.
    func scrubbed(_ error: MarketDataError) -> MarketDataError {
        switch error {
        case .unknownSymbol(let text): return .unknownSymbol(redactor.redact(text))
        case .notAuthorized(let text): return .notAuthorized(redactor.redact(text))
        case .rateLimited, .tooManyWaiting: return error
        case .onItsWay(let seconds, let reason): return .onItsWay(retryAfterSeconds: seconds, reason: redactor.redact(reason))
        case .unavailable(let text): return .unavailable(redactor.redact(text))
        case .invalidResponse(let text): return .invalidResponse(redactor.redact(text))
        case .badRequest(let text): return .badRequest(redactor.redact(text))
        }
    }

    /// What `read` finds in the saved answers; nil when nothing is saved, or when the database
    /// cannot be read (logged: the answer is then asked of the source, or fails as it would).
    private func readCache<Found>(_ read: (any AnswerStore) async throws -> Found?) async -> Found? {
        do {
            return try await read(cache)
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
