import BourseCore
import Exchange
import ExchangeLive
import Logging
import ServiceLifecycle

/// On the instance that holds the desk: everything the desk publishes goes to every instance
/// (`DeskMessage` over the link), in order, and every `heartbeat` where the desk stands, so an
/// instance that starts listening knows the feed's state and the market's at once.
struct DeskAnnouncer: Service {
    let desk: TradingDesk
    let link: any DeskLink
    let instance: String
    var heartbeat: Duration = .seconds(2)
    let logger: Logger

    func run() async throws {
        let updates = desk.updates()
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                group.addTask {
                    for await update in updates { await send(DeskMessage(update)) }
                }
                group.addTask {
                    repeat {
                        await send(
                            .status(
                                holder: instance, state: await desk.feedState, market: await desk.market,
                                lastTick: await desk.lastTick))
                    } while (try? await Task.sleep(for: heartbeat)) != nil
                }
            }
        }
    }

    private func send(_ message: DeskMessage) async {
        do { try await link.send(.update(message.text)) } catch {
            logger.warning("could not tell the other instances of the desk's \(message.kind): \(error)")
        }
    }
}

extension DeskMessage {
    /// One word for the log.
    var kind: String {
        switch self {
        case .tick: "tick"
        case .state: "feed state"
        case .market: "market status"
        case .order: "order"
        case .trail: "trailing stops' move"
        case .status: "status"
        }
    }
}
