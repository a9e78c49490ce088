import BourseCore
import Exchange
import ExchangeLive
import ServiceLifecycle

extension ClusterDesk {
    /// Listens to the link until graceful shutdown: answers wake their posters, the inbox's
    /// signals ring the desk's worker, and the desk's messages reach the screens. A lost
    /// connection is listened on again after a second (every poster reads its answer again);
    /// a desk silent for `Timing.silence` is taken as gone.
    public func run() async throws {
        // The desk's updates are published in order on a task of their own: an order event is
        // read from the database first, and answers and the inbox's rings do not wait for it.
        let (updates, update) = AsyncStream.makeStream(of: String.self)
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                group.addTask { await self.listen(updates: update) }
                group.addTask {
                    for await text in updates { await self.publish(text) }
                }
                group.addTask { await self.watchForSilence() }
            }
        }
    }

    private func listen(updates: AsyncStream<String>.Continuation) async {
        while !Task.isCancelled {
            do {
                for try await signal in link.signals() { handle(signal, updates: updates) }
            } catch {
                logger.warning("lost the other instances' signals, listening again: \(error)")
            }
            waiters.wakeAll()
            try? await Task.sleep(for: .seconds(1))
        }
    }

    func handle(_ signal: DeskSignal, updates: AsyncStream<String>.Continuation) {
        switch signal {
        case .answered(let ticket):
            waiters.wake(ticket)
        case .inbox:
            _ = inboxBell.withLock { $0?.yield() }
        case .pushQueued:
            onPushQueued()
        case .update(let text):
            heard.withLock { $0 = .now }
            updates.yield(text)
        }
    }

    /// Reads one of the desk's messages and tells the screens.
    private func publish(_ text: String) async {
        let message: DeskMessage
        do { message = try DeskMessage.parse(text) } catch {
            return logger.error("a desk message that cannot be read: \(error)")
        }
        await publish(message)
    }

    /// Applies `message` to the mirror and tells the screens; an order event is read from the
    /// database first (it is committed: the desk sends it after its commit).
    func publish(_ message: DeskMessage) async {
        if case .order(let id, let account) = message {
            do {
                guard let event = try await order(id: id, account: account) else { return }
                broadcaster.publish(.order(event))
            } catch {
                logger.warning("could not read order \(id) for the screens: \(error)")
            }
            return
        }
        for update in mirror.withLock({ $0.apply(message) }) { broadcaster.publish(update) }
    }

    private func watchForSilence() async {
        while (try? await Task.sleep(for: timing.poll)) != nil {
            let silent = heard.withLock { heard in heard.map { $0.duration(to: .now) >= timing.silence } ?? false }
            guard silent else { continue }
            heard.withLock { $0 = nil }
            logger.warning("no instance has run the desk for \(timing.silence); the book is not shown until one does")
            for update in mirror.withLock({ $0.deskFellSilent() }) { broadcaster.publish(update) }
        }
    }

    /// A doorbell rung whenever a request is posted, for the desk's `InboxWorker`: one at a
    /// time (a new one ends the last).
    func inboxSignals() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        inboxBell.withLock { bell in
            bell?.finish()
            bell = continuation
        }
        return stream
    }
}

extension ClusterDesk {
    /// What this instance runs beside `desk` while it holds it: the inbox's worker (its requests
    /// handed to `desk`) and the announcer (its updates to every instance).
    public func services(holding desk: TradingDesk) -> [any Service] {
        [
            InboxWorker(
                desk: desk, inbox: inbox, taker: "\(instance) \(DeskTicket.make().rawValue.prefix(8))",
                bell: inboxSignals(), logger: logger),
            DeskAnnouncer(desk: desk, link: link, instance: instance, logger: logger),
        ]
    }
}
