import BourseCore
import Exchange
import ServiceLifecycle

/// The commit pipeline: one loop takes what is queued, applies it to the engine, commits it in
/// one transaction, then publishes and answers it, in arrival order.
extension TradingDesk {
    /// One piece of work and who waits for its outcome.
    enum Job {
        case feed(FeedEvent, CheckedContinuation<Void, Never>)
        /// With a ticket, a request from the inbox (SPEC §15), marked answered in the commit.
        case place(OrderRequest, AccountID, DeskTicket?, CheckedContinuation<OrderEvent, any Error>)
        /// nil: the account has no open order with that id (the caller asks the store why).
        case cancel(id: String, AccountID, DeskTicket?, CheckedContinuation<OrderEvent?, any Error>)
        /// Whether the market opened or closed (every job checks; this one only checks).
        case checkMarket

        /// Answers without doing anything: the desk is shutting down.
        func refuse() {
            switch self {
            case .feed(_, let done): done.resume()
            case .place(_, _, _, let reply): reply.resume(throwing: TradingError.shuttingDown)
            case .cancel(_, _, _, let reply): reply.resume(throwing: TradingError.shuttingDown)
            case .checkMarket: break
            }
        }
    }

    /// A job applied to the engine, waiting for its commit.
    struct Applied {
        let job: Job
        /// What must be committed before anyone hears of it.
        var report = MatchReport()
        /// What the screens are told once it is.
        var updates: [TradingUpdate] = []
        /// What the caller is told once it is.
        var answer: Result<OrderEvent?, any Error> = .success(nil)
    }

    /// Queues `job` for the loop, or refuses it once the desk is shutting down.
    func submit(_ job: Job) {
        queue.append(job)
        // After shutdown the doorbell is finished and the loop takes nothing new. Appending and
        // ringing in one step on the actor means a job is either refused here or still queued
        // when the loop does its last drain, never lost.
        if case .terminated = doorbellRinger.yield() {
            queue.removeLast()
            job.refuse()
        }
    }

    /// Applies, commits, publishes and answers the queued work until graceful shutdown; then
    /// finishes what was queued before it and returns. Call it once. For market hours that
    /// change, a timer checks the market every `marketCheckInterval` until then.
    public func run() async throws {
        await withGracefulShutdownHandler {
            await withDiscardingTaskGroup { group in
                if marketHours.changesOverTime {
                    group.addTask { [interval = marketCheckInterval] in
                        while (try? await Task.sleep(for: interval)) != nil { await self.submit(.checkMarket) }
                    }
                }
                for await _ in doorbell { await drain() }
                group.cancelAll()
            }
        } onGracefulShutdown: { [doorbellRinger] in
            doorbellRinger.finish()
        }
        doorbellRinger.finish()
        if !Task.isCancelled { await drain() }
        // Left only if the task was cancelled: refused, not committed.
        let refused = queue
        queue.removeAll()
        for job in refused { job.refuse() }
        logger.debug("The trading desk has stopped; every order it took was committed and answered, or refused")
    }

    /// Batches until the queue is empty: whatever queued up while a batch was being committed is
    /// the next batch. A cancelled task stops after the batch in hand (`run()` refuses the rest).
    func drain() async {
        while !queue.isEmpty, !Task.isCancelled {
            let jobs = queue
            queue.removeAll(keepingCapacity: true)
            await process(jobs)
        }
    }

    /// One batch: applied to the engine in order, committed in one transaction, then published
    /// and answered in order. The engine is not touched again until this returns.
    func process(_ jobs: [Job]) async {
        let batch = jobs.map { apply($0) }
        var changes = Self.merged(batch.map(\.report))
        checkpointTrailingStops(into: &changes)
        var committed = true
        if !changes.isEmpty {
            let start = ContinuousClock.now
            do {
                try await store.save(
                    orders: changes.orders, fills: changes.fills, trailMoves: changes.trailMoves,
                    answering: Self.answering(batch))
                metrics.committed(in: start.duration(to: .now))
                for fill in changes.fills { ledgers[fill.account, default: AccountLedger()].apply(fill) }
            } catch  where Task.isCancelled {
                // The desk's task was cancelled (a shutdown past its deadline): the store may
                // refuse reads too, and the engine is not used again, so it is not rebuilt.
                committed = false
                logger.notice("cancelled while saving \(changes.orders.count) orders; none of them is acknowledged")
            } catch {
                committed = false
                logger.error(
                    "could not save \(changes.orders.count) orders and \(changes.fills.count) fills; none of them is acknowledged and the engine goes back to the saved state: \(error)"
                )
                await rebuildFromStore()
            }
        }
        answer(batch, committed: committed)
    }

    /// Applies one job to the engine; nothing is said to anyone yet.
    func apply(_ job: Job) -> Applied {
        let applied = applyToEngine(job)
        for fill in applied.report.fills { appliedLedgers[fill.account, default: AccountLedger()].apply(fill) }
        return applied
    }

    /// The engine's part of `apply(_:)`.
    private func applyToEngine(_ job: Job) -> Applied {
        var applied = Applied(job: job)
        if let status = checkMarket() { applied.updates.append(.market(status)) }
        switch job {
        case .feed(.tick(let tick), _):
            // While the market is closed a tick is only shown: nothing fills, triggers or expires.
            guard appliedMarket.isOpen else {
                applied.updates.append(.tick(tick, left: [:]))
                break
            }
            // Trailing stops that only moved are told once per account and side (`TrailMove`), to
            // the store and to the screens alike: a new high costs the same with 1 or 10,000 stops.
            applied.report = engine.apply(tick)
            // The accounts whose resting orders took from this tick see what they left of it.
            let takers = Set(applied.report.fills.map(\.account))
            let left = Dictionary(uniqueKeysWithValues: takers.map { ($0, engine.book(account: $0) ?? tick) })
            applied.updates +=
                [.tick(tick, left: left)] + OrderEvent.all(in: applied.report).map(TradingUpdate.order)
                + applied.report.trailMoves.map(TradingUpdate.trail)
        case .feed(.state(let state), _):
            guard state != appliedFeedState else { break }
            appliedFeedState = state
            // Without a live feed there is no book to trade against: nothing fills on old offers.
            if state != .live { engine.clearBook() }
            applied.updates.append(.state(state))
        case .feed(.gap, _), .feed(.malformed, _), .checkMarket:
            break
        case .place(let request, let account, _, _):
            lastOrderNumber += 1
            let id = String(lastOrderNumber)
            if !appliedMarket.isOpen, request.type == .market {
                applied.report = engine.reject(
                    request, id: id, account: account, reason: MarketStatus.closedReason, at: now())
            } else if let reason = cashRefusal(of: request, account: account) {
                applied.report = engine.reject(request, id: id, account: account, reason: reason, at: now())
            } else {
                applied.report = engine.submit(request, id: id, account: account, at: now())
            }
            let events = OrderEvent.all(in: applied.report)
            applied.updates += events.map(TradingUpdate.order)
            applied.answer = .success(events.first { $0.order.id == id })
        case .cancel(let id, let account, _, _):
            // Not open here: answered from the store once the batch is committed.
            guard engine.openOrder(id: id, account: account) != nil else { break }
            do {
                // A bracket's exit takes the other exit (and what its entry has not filled) with it.
                applied.report = try engine.cancel(id: id, account: account, at: now())
                let events = OrderEvent.all(in: applied.report)
                applied.updates += events.map(TradingUpdate.order)
                applied.answer = .success(events.first { $0.order.id == id })
            } catch {
                applied.answer = .failure(error)
            }
        }
        return applied
    }

    /// Every `trailCheckpoint` moves, every waiting trailing stop is stored with its reference as
    /// the engine has it, so the store reads none of them through more than that many moves and
    /// can forget the moves before (`OrderStore.save`): O(n) once in that many moves, not per tick.
    func checkpointTrailingStops(into changes: inout MatchReport) {
        trailMovesSinceCheckpoint += changes.trailMoves.count
        guard trailMovesSinceCheckpoint >= Self.trailCheckpoint else { return }
        trailMovesSinceCheckpoint = 0
        for order in engine.openOrders where order.isWaitingTrailingStop { changes.note(order) }
    }

    /// The market's status now; when it changed, the engine follows it (at the close its book is
    /// cleared, so nothing trades on the last quotes) and the new status is returned.
    func checkMarket() -> MarketStatus? {
        guard marketHours.changesOverTime else { return nil }
        let status = marketHours.status(at: now())
        guard status != appliedMarket else { return nil }
        appliedMarket = status
        if !status.isOpen { engine.clearBook() }
        let opens = status.nextOpen.map { " until \(Timestamp.iso8601($0))" } ?? ""
        logger.info("the market \(status.isOpen ? "opened" : "closed\(opens)")")
        return status
    }

    /// After the commit (or its failure): the feed's facts are recorded, the updates published
    /// and the callers answered, all in arrival order. A failed batch publishes only its feed
    /// state changes and market opens and closes (they do not depend on the store) and
    /// acknowledges nothing.
    func answer(_ batch: [Applied], committed: Bool) {
        for applied in batch {
            switch applied.job {
            case .feed(.tick(let tick), _):
                lastTick = tick
                chart.record(tick)
            case .feed(.state(let state), _):
                feedState = state
            default:
                break
            }
            for update in applied.updates {
                if case .market(let status) = update { market = status }
                if committed || update.needsNoCommit { broadcaster.publish(update) }
            }
            count(applied, committed: committed || applied.report.isEmpty)
            applied.resume(committed: committed || applied.report.isEmpty)
        }
    }

    /// Why `account`'s new order is refused by the cash rule, when accounts have cash: checked
    /// against the fills and open orders applied to the engine, committed or not.
    func cashRefusal(of request: OrderRequest, account: AccountID) -> String? {
        guard let startingCash else { return nil }
        return CashRule.refusal(
            of: request, cash: startingCash, ledger: appliedLedgers[account] ?? AccountLedger(),
            open: engine.openOrders(account: account), book: engine.book(account: account))
    }

    /// Counts an order placed or cancelled by how it was answered.
    private func count(_ applied: Applied, committed: Bool) {
        switch applied.job {
        case .feed, .checkMarket: return
        case .place, .cancel: break
        }
        guard committed else { return metrics.notSaved() }
        if case .success(let event?) = applied.answer { metrics.acknowledged(event.order.status) }
    }

    /// Goes back to what the store holds: its open orders, its last order number and its fills. The
    /// book's leftover liquidity is not kept: nothing more fills until the next tick.
    func rebuildFromStore() async {
        var rebuilt = AccountsEngine()
        do {
            for order in try await store.openOrders() { rebuilt.restore(order) }
            lastOrderNumber = try await store.lastOrderNumber()
            ledgers = AccountLedger.byAccount(try await store.allFills())
            appliedLedgers = ledgers
        } catch {
            logger.critical("could not read the open orders back: \(error)")
        }
        engine = rebuilt
    }

    /// The inbox's requests among `batch` that the commit answers, each with its order.
    static func answering(_ batch: [Applied]) -> [DeskTicket: String] {
        var answering: [DeskTicket: String] = [:]
        for applied in batch {
            guard case .success(let event?) = applied.answer else { continue }
            switch applied.job {
            case .place(_, _, let ticket?, _), .cancel(_, _, let ticket?, _): answering[ticket] = event.order.id
            default: break
            }
        }
        return answering
    }

    /// The batch's reports as one: every fill and trailing stops' move in order, and each order
    /// once, in its last state (a waiting trailing stop with the batch's later moves), where it
    /// first appeared (so new orders are stored in the order they were placed).
    static func merged(_ reports: [MatchReport]) -> MatchReport {
        guard reports.count > 1 else { return reports.first ?? MatchReport() }
        var merged = MatchReport()
        for report in reports { merged.append(report) }
        return merged
    }
}

extension TradingDesk.Applied {
    /// Tells the caller: the answer when `committed`, else `TradingError.notSaved`.
    func resume(committed: Bool) {
        let answer = committed ? answer : .failure(TradingError.notSaved)
        switch job {
        case .feed(_, let done):
            done.resume()
        case .place(_, _, _, let reply):
            switch answer {
            case .success(let event?): reply.resume(returning: event)
            case .success(nil): reply.resume(throwing: TradingError.notSaved)
            case .failure(let error): reply.resume(throwing: error)
            }
        case .cancel(_, _, _, let reply):
            reply.resume(with: answer)
        case .checkMarket:
            break
        }
    }
}

extension TradingUpdate {
    /// A feed state or a market status: facts that do not depend on the store, published even
    /// when the batch's commit failed.
    var needsNoCommit: Bool {
        switch self {
        case .state, .market: true
        case .tick, .order, .trail: false
        }
    }
}
