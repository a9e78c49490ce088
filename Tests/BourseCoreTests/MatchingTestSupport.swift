import Foundation
import Testing

@testable import BourseCore

/// A small language for matching scenarios, one step a string:
/// - `tick 3 bids 101.00x300 100.99x200 asks 101.02x100` (either side may be left out), with
///   `last 101.01` before the sides for the last trade
/// - `o1 buy limit 100 101.20`, `o2 sell market 50`, `o3 sell stop 100 99.00`,
///   `o4 buy stop_limit 100 101.20 101.50` (stop, limit), `o5 sell trailing_stop 100 0.50` (or `2.5%`),
///   each with options after it: `tif=day`, `tp=105.00`, `sl=95.00`
/// - `cancel o1`, `clear`
enum MatchingScript {
    static let start = Date(timeIntervalSince1970: 1_795_000_000)

    static func price(_ text: String) -> Price { try! Price(parsing: text) }

    /// The tick time for `seq`: one second apart.
    static func time(_ seq: Int64) -> Date { start.addingTimeInterval(Double(seq)) }

    static func tick(_ seq: Int64, last: String? = nil, bids: [(String, Int)] = [], asks: [(String, Int)] = []) -> FeedTick {
        FeedTick(
            seq: seq, time: time(seq), symbol: "BRSE", last: last.map { LastTrade(price: price($0), size: 100) },
            bids: bids.map { BookLevel(price: price($0.0), quantity: $0.1) },
            asks: asks.map { BookLevel(price: price($0.0), quantity: $0.1) })
    }

    static func tick(_ line: String) -> FeedTick {
        let words = line.split(separator: " ").map(String.init)
        var bids: [(String, Int)] = []
        var asks: [(String, Int)] = []
        var side = ""
        var last: String?
        for word in words.dropFirst(2) {
            if side == "last" {
                last = word
                side = ""
                continue
            }
            if word == "bids" || word == "asks" || word == "last" {
                side = word
                continue
            }
            let parts = word.split(separator: "x").map(String.init)
            if side == "bids" { bids.append((parts[0], Int(parts[1])!)) } else { asks.append((parts[0], Int(parts[1])!)) }
        }
        return tick(Int64(words[1])!, last: last, bids: bids, asks: asks)
    }

    static func request(_ words: [String]) -> OrderRequest {
        let side = Side(rawValue: words[1])!
        let quantity = Int(words[3])!
        var options: [String: String] = [:]
        var arguments: [String] = []
        for word in words.dropFirst(4) {
            let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { options[parts[0]] = parts[1] } else { arguments.append(word) }
        }
        let kind: OrderKind
        switch words[2] {
        case "market": kind = .market
        case "limit": kind = .limit(price(arguments[0]))
        case "stop": kind = .stop(price(arguments[0]))
        case "stop_limit": kind = .stopLimit(stop: price(arguments[0]), limit: price(arguments[1]))
        case "trailing_stop":
            let text = arguments[0]
            kind = .trailingStop(
                text.hasSuffix("%")
                    ? .percent(TrailPercent(ExactDecimal(String(text.dropLast()))!)!) : .amount(price(text)))
        default: preconditionFailure("unknown order type in \(words)")
        }
        let bracket = Bracket(takeProfit: options["tp"].map(price), stopLoss: options["sl"].map(price))
        return try! OrderRequest(
            side: side, kind: kind, quantity: quantity, timeInForce: options["tif"].flatMap(TimeInForce.init(rawValue:)),
            bracket: bracket)
    }

    /// What running a script did: every fill as `o1@3 101.02x100` (order, tick seq, price x
    /// shares) in order, and each order's last state.
    struct Outcome {
        var fills: [String] = []
        var orders: [String: Order] = [:]
        var engine: MatchingEngine

        /// `FILLED 100/100`.
        func state(_ id: String) -> String {
            guard let order = orders[id] else { return "unknown" }
            return "\(order.status.rawValue) \(order.filledQuantity)/\(order.quantity)"
        }
    }

    static func run(_ steps: [String], index: RestingOrderIndexKind) -> Outcome {
        var outcome = Outcome(engine: MatchingEngine(index: index))
        var now = start
        func absorb(_ report: MatchReport) {
            outcome.fills += report.fills.map { "\($0.orderID)@\($0.seq) \($0.price)x\($0.quantity)" }
            for order in report.orders { outcome.orders[order.id] = order }
            // Trailing stops that only moved come as one move per side: the copies follow it.
            for move in report.trailMoves {
                for (id, order) in outcome.orders { outcome.orders[id] = move.applied(to: order) }
            }
        }
        for step in steps {
            let words = step.split(separator: " ").map(String.init)
            switch words[0] {
            case "tick":
                let tick = tick(step)
                now = tick.time
                absorb(outcome.engine.apply(tick))
            case "clear":
                outcome.engine.clearBook()
            case "cancel":
                if let report = try? outcome.engine.cancel(id: words[1], at: now) { absorb(report) }
            default:
                absorb(outcome.engine.submit(request(words), id: words[0], at: now))
            }
        }
        return outcome
    }
}
