import BourseCore
import Exchange
import Foundation

/// What the desk tells every instance (SPEC §15), sent as `DeskSignal.update` text: what it
/// publishes to its own screens, and every `DeskAnnouncer.heartbeat` where it stands.
enum DeskMessage: Sendable, Equatable {
    /// A tick, with what it left to each account whose resting orders took from it.
    case tick(FeedTick, left: [AccountID: FeedTick])
    case state(FeedState)
    case market(MarketStatus)
    /// An order changed, committed: read it, with its fills, from the database.
    case order(id: String, account: AccountID)
    /// An account's waiting trailing stops on one side took a new reference, committed.
    case trail(TrailMove)
    /// The desk's holder and where it stands, for an instance that has just started listening.
    case status(holder: String, state: FeedState, market: MarketStatus, lastTick: FeedTick?)

    /// The message for one of the desk's updates.
    init(_ update: TradingUpdate) {
        switch update {
        case .tick(let tick, let left): self = .tick(tick, left: left)
        case .state(let state): self = .state(state)
        case .market(let market): self = .market(market)
        case .order(let event): self = .order(id: event.order.id, account: event.order.account)
        case .trail(let move): self = .trail(move)
        }
    }
}

extension DeskMessage {
    /// The message's JSON text.
    var text: String {
        var wire = Wire(kind: "")
        switch self {
        case .tick(let tick, let left):
            wire.kind = "tick"
            wire.tick = tick.jsonText
            wire.left = Dictionary(uniqueKeysWithValues: left.map { (String($0.key.rawValue), $0.value.jsonText) })
        case .state(let state):
            wire.kind = "state"
            wire.state = WireState(state)
        case .market(let market):
            wire.kind = "market"
            wire.market = WireMarket(market)
        case .order(let id, let account):
            wire.kind = "order"
            wire.id = id
            wire.account = account.rawValue
        case .trail(let move):
            wire.kind = "trail"
            wire.account = move.account.rawValue
            wire.side = move.side.rawValue
            wire.reference = move.reference.description
        case .status(let holder, let state, let market, let lastTick):
            wire.kind = "status"
            wire.holder = holder
            wire.state = WireState(state)
            wire.market = WireMarket(market)
            wire.tick = lastTick?.jsonText
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: (try? encoder.encode(wire)) ?? Data(), as: UTF8.self)
    }

    /// Reads a message's text; throws `DeskMessageError` for anything the desk would not send.
    static func parse(_ text: String) throws(DeskMessageError) -> DeskMessage {
        let wire: Wire
        do { wire = try JSONDecoder().decode(Wire.self, from: Data(text.utf8)) } catch {
            throw DeskMessageError("not a desk message")
        }
        func tick(_ text: String?) throws(DeskMessageError) -> FeedTick {
            guard let text else { throw DeskMessageError("no tick") }
            do { return try FeedTick.parse(text) } catch { throw DeskMessageError("a tick: \(error.description)") }
        }
        func state() throws(DeskMessageError) -> FeedState {
            guard let state = wire.state?.state else { throw DeskMessageError("no feed state") }
            return state
        }
        func market() throws(DeskMessageError) -> MarketStatus {
            guard let market = wire.market?.status else { throw DeskMessageError("no market status") }
            return market
        }
        switch wire.kind {
        case "tick":
            var left: [AccountID: FeedTick] = [:]
            for (account, text) in wire.left ?? [:] {
                guard let id = Int64(account) else { throw DeskMessageError("an account \(account)") }
                left[AccountID(id)] = try tick(text)
            }
            return .tick(try tick(wire.tick), left: left)
        case "state": return .state(try state())
        case "market": return .market(try market())
        case "order":
            guard let id = wire.id, let account = wire.account else { throw DeskMessageError("an order without its id") }
            return .order(id: id, account: AccountID(account))
        case "trail":
            guard let account = wire.account, let side = wire.side.flatMap(Side.init(rawValue:)),
                let reference = wire.reference.flatMap({ try? Price(parsing: $0) })
            else { throw DeskMessageError("a trailing stops' move without its account, side or reference") }
            return .trail(TrailMove(account: AccountID(account), side: side, reference: reference))
        case "status":
            guard let holder = wire.holder else { throw DeskMessageError("a status without its holder") }
            return .status(
                holder: holder, state: try state(), market: try market(), lastTick: try wire.tick.map(tick))
        default:
            throw DeskMessageError("unknown kind \(wire.kind)")
        }
    }
}

/// A desk message that could not be read.
struct DeskMessageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The messages' JSON: one object, its members by kind.
private struct Wire: Codable {
    var kind: String
    var tick: String?
    var left: [String: String]?
    var state: WireState?
    var market: WireMarket?
    var id: String?
    var account: Int64?
    var side: String?
    var reference: String?
    var holder: String?
}

private struct WireState: Codable {
    var label: String
    var attempt: Int?
    var retryMilliseconds: Int64?
    var reason: String?
    var fix: String?

    init(_ state: FeedState) {
        label = state.label
        switch state {
        case .connecting, .live, .stale: break
        case .reconnecting(let attempt, let retryIn):
            self.attempt = attempt
            retryMilliseconds = retryIn.components.seconds * 1_000 + retryIn.components.attoseconds / 1_000_000_000_000_000
        case .refused(let refusal):
            reason = refusal.reason
            fix = refusal.fix
        }
    }

    var state: FeedState? {
        switch label {
        case "connecting": .connecting
        case "live": .live
        case "stale": .stale
        case "reconnecting": .reconnecting(attempt: attempt ?? 1, retryIn: .milliseconds(retryMilliseconds ?? 0))
        case "refused": .refused(FeedRefusal(reason: reason ?? "", fix: fix ?? ""))
        default: nil
        }
    }
}

private struct WireMarket: Codable {
    var open: Bool
    var nextOpen: Double?

    init(_ status: MarketStatus) {
        open = status.isOpen
        nextOpen = status.nextOpen?.timeIntervalSince1970
    }

    var status: MarketStatus {
        open ? .open : .closed(nextOpen: nextOpen.map(Date.init(timeIntervalSince1970:)))
    }
}
