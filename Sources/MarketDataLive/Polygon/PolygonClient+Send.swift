import Foundation
import Logging
import MarketData
import Networking

/// How a request ended on the network.
enum SendOutcome: Sendable {
    /// A 2xx body.
    case answer([UInt8])
    /// A definite refusal (4xx other than 429); retrying or the cache would not change it.
    case refused(MarketDataError)
    /// Still failing (429, 5xx, no answer) when the retry policy ran out.
    case gaveUp(MarketDataError)
    /// Not sent: another instance on the database sent it moments ago (SPEC §15).
    case sentElsewhere
}

extension PolygonClient {
    /// Sends `request` through the shared rate limiter, retrying what may pass. With `sharing`,
    /// not when another instance sent it moments ago (`.sentElsewhere`).
    func send(_ request: PolygonRequest, sharing: Bool = true) async -> SendOutcome {
        let policy = configuration.retry
        guard
            let url = request.url(
                base: configuration.baseURL, apiKey: configuration.apiKey, placement: configuration.keyPlacement)
        else {
            return .refused(.badRequest("cannot make a URL of \(request.cacheKey)"))
        }
        var headers = ["Accept": "application/json"]
        if let key = configuration.apiKey, configuration.keyPlacement == .bearerHeader {
            headers["Authorization"] = "Bearer \(key)"
        }
        let shownURL = redactor.redact(url.absoluteString)
        var lastFailure = MarketDataError.unavailable("no attempt was made")
        for attempt in 1...policy.maxAttempts {
            do throws(RateLimiterRefusal) {
                let waited = try await limiter.acquire()
                metrics.waited(waited)
                if waited > .zero {
                    onEvent(.waitedForRateLimit(waited))
                    // Only a wait a person would notice is news.
                    if waited >= .milliseconds(500) {
                        logger.info("waited for the rate limit", metadata: ["seconds": "\(Self.seconds(waited))"])
                    } else {
                        logger.trace("waited for the rate limit", metadata: ["seconds": "\(Self.seconds(waited))"])
                    }
                }
            } catch .overShare(let retryAfter) {
                // This client has its share of the queue waiting already: its other requests go first.
                return .gaveUp(.tooManyWaiting(retryAfterSeconds: max(1, Self.wholeSeconds(retryAfter))))
            } catch {
                return .gaveUp(.unavailable("cancelled while waiting for the rate limit"))
            }
            let lift = PriorityLift.current
            let turn = await sharedTurn?.take(
                priority: max(SourceCaller.current.priority, lift?.priority ?? SourceCaller.current.priority),
                key: sharing && attempt == 1 ? request.cacheKey : nil)
            let shared: Date?
            switch turn {
            case .sentElsewhere: return .sentElsewhere
            case .taken(let taken): shared = taken
            case nil: shared = nil
            }
            logger.debug("GET", metadata: ["url": "\(shownURL)", "attempt": "\(attempt)"])
            let wait: Duration
            let granted = clock.now()
            do {
                let response = try await transport.get(url, headers: headers)
                await limiter.settle(grantedAt: granted)
                await sharedTurn?.settle(taken: shared)
                logger.debug("answer", metadata: ["url": "\(shownURL)", "status": "\(response.status)"])
                switch classify(response, request: request) {
                case .answer(let body):
                    // Counted once read: `ok`, or `invalid` when the body is garbled.
                    return .answer(body)
                case .refused(let error):
                    metrics.sent(request, outcome: .refused)
                    return .refused(error)
                case .failed(let error):
                    metrics.sent(request, outcome: .tooLarge)
                    return .gaveUp(error)
                case .retry(let error, let suggested):
                    metrics.sent(request, outcome: response.status == 429 ? .rateLimited : .serverError)
                    lastFailure = error
                    wait = suggested ?? policy.backoff(afterAttempt: attempt)
                }
            } catch  where error.answerTooLarge {
                await limiter.settle(grantedAt: granted)
                await sharedTurn?.settle(taken: shared)
                // The transport stopped reading past the largest answer taken: the source failing,
                // like a 5xx, and another try would fetch the same.
                metrics.sent(request, outcome: .tooLarge)
                return .gaveUp(
                    .invalidResponse("the answer is more than the \(configuration.maxAnswerBytes) bytes allowed"))
            } catch {
                await limiter.settle(grantedAt: granted)
                await sharedTurn?.settle(taken: shared)
                metrics.sent(request, outcome: .noAnswer)
                lastFailure = .unavailable(redactor.redact(error.message))
                wait = policy.backoff(afterAttempt: attempt)
            }
            if case .rateLimited = lastFailure {
                lastFailure = .rateLimited(retryAfterSeconds: Self.wholeSeconds(wait))
                guard wait <= policy.maxRateLimitWait else { break }
            }
            guard attempt < policy.maxAttempts else { break }
            onEvent(.retrying(scrubbed(lastFailure), after: wait))
            logger.notice(
                "retrying",
                metadata: [
                    "url": "\(shownURL)", "reason": "\(redactor.redact(lastFailure.description))",
                    "seconds": "\(Self.seconds(wait))",
                ])
            do {
                try await clock.sleep(until: clock.now() + wait)
            } catch {
                break
            }
        }
        return .gaveUp(lastFailure)
    }

    private enum Classification {
        case answer([UInt8])
        case refused(MarketDataError)
        /// The source failed in a way another try would repeat (an answer far too large).
        case failed(MarketDataError)
        /// Worth another try; with the wait the source asked for, if it did.
        case retry(MarketDataError, wait: Duration?)
    }

    private func classify(_ response: TransportResponse, request: PolygonRequest) -> Classification {
        let message = redactor.redact(PolygonDecoding.errorMessage(response.body) ?? "HTTP \(response.status)")
        switch response.status {
        case 200..<300:
            // Too large to be a real answer: the source failing, like a 5xx (and never stored).
            guard response.body.count <= configuration.maxAnswerBytes else {
                return .failed(
                    .invalidResponse(
                        "the answer is \(response.body.count) bytes, more than the \(configuration.maxAnswerBytes) allowed"))
            }
            return .answer(response.body)
        case 401, 403:
            return .refused(.notAuthorized(message))
        case 404:
            if let symbol = request.symbol { return .refused(.unknownSymbol(symbol)) }
            return .refused(.badRequest("not found (\(request.path)): \(message)"))
        case 429:
            return .retry(.rateLimited(retryAfterSeconds: 0), wait: Self.retryAfter(response))
        case 500..<600:
            return .retry(.unavailable("HTTP \(response.status): \(message)"), wait: nil)
        case 400..<500:
            return .refused(.badRequest(message))
        default:
            return .refused(.invalidResponse("unexpected HTTP status \(response.status)"))
        }
    }

    /// `Retry-After` in seconds (the form Polygon sends); an HTTP date is not honoured.
    static func retryAfter(_ response: TransportResponse) -> Duration? {
        guard let text = response.header("Retry-After")?.trimmingCharacters(in: .whitespaces),
            let seconds = Int(text), seconds >= 0
        else { return nil }
        return .seconds(seconds)
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func wholeSeconds(_ duration: Duration) -> Int {
        Int(seconds(duration).rounded(.up))
    }
}
