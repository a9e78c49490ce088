import Foundation
import Testing

@testable import BourseCore

/// A small language for matching scenarios, one step a string:
/// - `tick 3 bids 101.00x300 100.99x200 asks 101.02x100` (either side may be left out)
/// - `o1 buy limit 100 101.20`, `o2 sell market 50`
/// - `cancel o1`, `clear`
enum MatchingScript {
    static let start = Date(timeIntervalSince1970: 1_795_000_000)

    static func price(_ text: String) -> Price { try! Price(parsing: text) }

    /// The tick time for `seq`: one second apart.
    static func time(_ seq: Int64) -> Date { start.addingTimeInterval(Double(seq)) }

    static func tick(_ seq: Int64, bids: [(String, Int)] = [], asks: [(String, Int)] = []) -> FeedTick {
        FeedTick(
            seq: seq, time: time(seq), symbol: "BRSE", last: nil,
            bids: bids.map { BookLevel(price: price($0.0), quantity: $0.1) },
            asks: asks.map { BookLevel(price: price($0.0), quantity: $0.1) })
    }

    static func tick(_ line: String) -> FeedTick {
        let words = line.split(separator: " ").map(String.init)
        var bids: [(String, Int)] = []
        var asks: [(String, Int)] = []
        var side = ""
        for word in words.dropFirst(2) {
            if word == "bids" || word == "asks" {
                side = word
                continue
            }
            let parts = word.split(separator: "x").map(String.init)
            if side == "bids" { bids.append((parts[0], Int(parts[1])!)) } else { asks.append((parts[0], Int(parts[1])!)) }
        }
        return tick(Int64(words[1])!, bids: bids, asks: asks)
    }

    static func request(_ words: [String]) -> OrderRequest {
        let side = Side(rawValue: words[1])!
        let quantity = Int(words[3])!
        return words[2] == "market"
            ? try! .market(side, quantity: quantity) : try! .limit(side, quantity: quantity, price: price(words[4]))
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
                if let order = try? outcome.engine.cancel(id: words[1], at: now) { absorb(MatchReport(orders: [order])) }
            default:
                absorb(outcome.engine.submit(request(words), id: words[0], at: now))
            }
        }
        return outcome
    }
}
