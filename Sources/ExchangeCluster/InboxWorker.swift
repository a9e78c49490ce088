import BourseCore
import Exchange
import ExchangeLive
import Logging
import ServiceLifecycle

/// On the instance that holds the desk: takes the requests posted to the inbox (every one not
/// answered and not taken by this desk already: new ones, and those a desk that died left) and
/// hands each to the desk with its ticket at once, so it is answered in the commit that carries
/// it and requests that arrive together share the desk's commit. Looks when the inbox rings, and
/// every `poll`.
struct InboxWorker: Service {
    let desk: TradingDesk
    let inbox: any DeskInbox
    /// This desk's name in the inbox (`taken_by`): the instance's, and a number of its own, so
    /// that an instance that died and came back takes again what it had taken before.
    let taker: String
    let bell: AsyncStream<Void>
    var poll: Duration = .seconds(1)
    /// How long a desk that has just started waits for its feed's first tick before it takes
    /// requests: an order kept while no desk ran meets the market, not an empty book.
    var firstTickWait: Duration = .seconds(3)
    let logger: Logger

    func run() async throws {
        await waitForTheFeed()
        let (wakes, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        wake.yield()
        let ringing = Task {
            for await _ in bell { wake.yield() }
        }
        let ticking = Task { [poll] in
            while (try? await Task.sleep(for: poll)) != nil { wake.yield() }
        }
        // On graceful shutdown nothing more is taken; what was taken is answered (or handed back).
        await withDiscardingTaskGroup { group in
            await withGracefulShutdownHandler {
                for await _ in wakes {
                    for posted in await take() {
                        group.addTask { await handle(posted) }
                    }
                }
            } onGracefulShutdown: {
                wake.finish()
            }
            ringing.cancel()
            ticking.cancel()
        }
    }

    private func take() async -> [PostedRequest] {
        do { return try await inbox.take(by: taker) } catch {
            logger.warning("could not read the desk's inbox: \(error)")
            return []
        }
    }

    /// Returns at the feed's first tick, or once it is known not to come soon (the feed is
    /// down or refused), or after `firstTickWait`.
    private func waitForTheFeed() async {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: firstTickWait)
        while clock.now < deadline, !Task.isCancelled {
            if await desk.lastTick != nil { return }
            switch await desk.feedState {
            case .connecting, .live: break
            case .stale, .reconnecting, .refused: return
            }
            try? await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Does one request; the desk's commit answers it, or it is refused here, or (the desk is
    /// stopping) handed back for the next desk.
    func handle(_ posted: PostedRequest) async {
        do {
            switch posted.request {
            case .place(let request): _ = try await desk.place(request, account: posted.account, ticket: posted.ticket)
            case .cancel(let id): _ = try await desk.cancel(id: id, account: posted.account, ticket: posted.ticket)
            }
        } catch TradingError.shuttingDown {
            try? await inbox.release(posted.ticket)
        } catch {
            do { try await inbox.refuse(posted.ticket, DeskRefusal(error)) } catch {
                logger.error("could not answer request \(posted.ticket): \(error)")
            }
        }
    }
}

extension DeskRefusal {
    /// The refusal that tells the poster `error`.
    init(_ error: any Error) {
        switch error {
        case OrderError.notFound(let id): self = .notFound(orderID: id)
        case OrderError.notOpen(let id, let status): self = .notOpen(orderID: id, status: status)
        default: self = .notSaved
        }
    }
}
