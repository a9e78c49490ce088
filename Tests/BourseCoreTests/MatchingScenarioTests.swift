import Foundation
import Testing

@testable import BourseCore

/// One rule of matching, as steps and what must come of them.
struct MatchingScenario: Sendable, CustomTestStringConvertible {
    let name: String
    let steps: [String]
    /// Every fill, in order: `o1@3 101.02x100`.
    let fills: [String]
    /// Each order's last state: `o1: FILLED 100/100`, `o2: CANCELLED 40/100`.
    let states: [String]
    /// Reasons that must be given, by order id.
    var reasons: [String: String] = [:]
    /// The last price that triggered each stop named.
    var triggers: [String: String] = [:]
    /// The current stop price of each waiting stop named.
    var stops: [String: String] = [:]

    var testDescription: String { name }

    static let all: [MatchingScenario] = [
        MatchingScenario(
            name: "a market buy sweeps the asks, lowest first, level by level",
            steps: ["tick 1 bids 101.00x100 asks 101.02x100 101.03x200 101.05x300", "o1 buy market 250"],
            fills: ["o1@1 101.02x100", "o1@1 101.03x150"],
            states: ["o1: FILLED 250/250"]),
        MatchingScenario(
            name: "a market sell sweeps the bids, highest first",
            steps: ["tick 1 bids 101.00x100 100.98x100 100.95x500 asks 101.02x100", "o1 sell market 150"],
            fills: ["o1@1 101.00x100", "o1@1 100.98x50"],
            states: ["o1: FILLED 150/150"]),
        MatchingScenario(
            name: "what the visible book cannot fill of a market order is cancelled",
            steps: ["tick 1 bids 101.00x100 asks 101.02x100 101.03x200", "o1 buy market 350"],
            fills: ["o1@1 101.02x100", "o1@1 101.03x200"],
            states: ["o1: CANCELLED 300/350"],
            reasons: ["o1": "50 could not be filled: no more asks in the book"]),
        MatchingScenario(
            name: "a market sell beyond the bids is cancelled for the rest",
            steps: ["tick 1 bids 101.00x40 asks 101.02x100", "o1 sell market 100"],
            fills: ["o1@1 101.00x40"],
            states: ["o1: CANCELLED 40/100"],
            reasons: ["o1": "60 could not be filled: no more bids in the book"]),
        MatchingScenario(
            name: "a market buy with no asks is rejected",
            steps: ["tick 1 bids 101.00x100", "o1 buy market 10"],
            fills: [],
            states: ["o1: REJECTED 0/10"],
            reasons: ["o1": "no asks in the book"]),
        MatchingScenario(
            name: "a market sell with no bids is rejected",
            steps: ["tick 1 asks 101.02x100", "o1 sell market 10"],
            fills: [],
            states: ["o1: REJECTED 0/10"],
            reasons: ["o1": "no bids in the book"]),
        MatchingScenario(
            name: "a market order before any tick is rejected",
            steps: ["o1 buy market 10", "o2 sell market 10"],
            fills: [],
            states: ["o1: REJECTED 0/10", "o2: REJECTED 0/10"],
            reasons: ["o1": "no market data yet", "o2": "no market data yet"]),
        MatchingScenario(
            name: "after clearBook there is no liquidity until the next tick",
            steps: [
                "tick 1 bids 101.00x100 asks 101.02x100", "clear", "o1 buy market 10", "o2 buy limit 10 101.02",
                "tick 2 bids 101.00x100 asks 101.02x100",
            ],
            fills: ["o2@2 101.02x10"],
            states: ["o1: REJECTED 0/10", "o2: FILLED 10/10"],
            reasons: ["o1": "no market data yet"]),
        MatchingScenario(
            name: "a buy limit above the asks fills at the asks' prices, every qualifying level",
            steps: ["tick 1 bids 101.00x100 asks 101.02x100 101.05x100 101.20x100", "o1 buy limit 150 101.10"],
            fills: ["o1@1 101.02x100", "o1@1 101.05x50"],
            states: ["o1: FILLED 150/150"]),
        MatchingScenario(
            name: "a sell limit below the bids fills at the bids' prices",
            steps: ["tick 1 bids 101.00x100 100.99x100 100.90x100 asks 101.02x100", "o1 sell limit 250 100.95"],
            fills: ["o1@1 101.00x100", "o1@1 100.99x100"],
            states: ["o1: PARTIALLY_FILLED 200/250"]),
        MatchingScenario(
            name: "a limit that does not reach the book rests PENDING",
            steps: ["tick 1 bids 101.00x100 asks 101.02x100", "o1 buy limit 100 101.01", "o2 sell limit 100 101.01"],
            fills: [],
            states: ["o1: PENDING 0/100", "o2: PENDING 0/100"]),
        MatchingScenario(
            name: "a limit order fills in part, rests, and fills on later ticks that reach it",
            steps: [
                "tick 1 bids 101.00x100 asks 101.02x100 101.03x200 101.05x100", "o1 buy limit 500 101.03",
                "tick 2 bids 101.00x100 asks 101.01x100", "tick 3 bids 101.00x100 asks 101.04x1000",
                "tick 4 bids 101.00x100 asks 101.03x1000",
            ],
            fills: ["o1@1 101.02x100", "o1@1 101.03x200", "o1@2 101.01x100", "o1@4 101.03x100"],
            states: ["o1: FILLED 500/500"]),
        MatchingScenario(
            name: "a resting sell fills on a later tick, at the bids' better prices",
            steps: [
                "tick 1 bids 101.00x100 asks 101.02x100", "o1 sell limit 100 101.50",
                "tick 2 bids 101.60x50 101.55x100 asks 101.70x100",
            ],
            fills: ["o1@2 101.60x50", "o1@2 101.55x50"],
            states: ["o1: FILLED 100/100"]),
        MatchingScenario(
            name: "resting buys: the better limit first, then the earlier at the same limit",
            steps: [
                "o1 buy limit 100 101.00", "o2 buy limit 100 101.05", "o3 buy limit 100 101.00", "o4 buy limit 100 100.99",
                "tick 1 bids 100.50x100 asks 100.98x60 101.00x190",
            ],
            fills: ["o2@1 100.98x60", "o2@1 101.00x40", "o1@1 101.00x100", "o3@1 101.00x50"],
            states: ["o1: FILLED 100/100", "o2: FILLED 100/100", "o3: PARTIALLY_FILLED 50/100", "o4: PENDING 0/100"]),
        MatchingScenario(
            name: "resting sells: the lower limit first, then the earlier at the same limit",
            steps: [
                "o1 sell limit 100 101.00", "o2 sell limit 100 100.95", "o3 sell limit 100 101.00", "o4 sell limit 100 101.01",
                "tick 1 bids 101.00x250 asks 101.50x100",
            ],
            fills: ["o2@1 101.00x100", "o1@1 101.00x100", "o3@1 101.00x50"],
            states: ["o1: FILLED 100/100", "o2: FILLED 100/100", "o3: PARTIALLY_FILLED 50/100", "o4: PENDING 0/100"]),
        MatchingScenario(
            name: "time priority is submission order, across ticks",
            steps: [
                "tick 1 bids 100.00x100 asks 101.00x100", "o1 buy limit 100 100.50", "tick 2 bids 100.00x100 asks 101.00x100",
                "o2 buy limit 100 100.50", "tick 3 bids 100.00x100 asks 100.50x150",
            ],
            fills: ["o1@3 100.50x100", "o2@3 100.50x50"],
            states: ["o1: FILLED 100/100", "o2: PARTIALLY_FILLED 50/100"]),
        MatchingScenario(
            name: "two new orders do not take the same liquidity from one tick",
            steps: [
                "tick 1 bids 101.00x100 asks 101.02x100", "o1 buy market 60", "o2 buy market 60", "o3 buy market 10",
                "o4 buy limit 10 101.02", "tick 2 bids 101.00x100 asks 101.02x100",
            ],
            fills: ["o1@1 101.02x60", "o2@1 101.02x40", "o4@2 101.02x10"],
            states: ["o1: FILLED 60/60", "o2: CANCELLED 40/60", "o3: REJECTED 0/10", "o4: FILLED 10/10"],
            reasons: ["o2": "20 could not be filled: no more asks in the book", "o3": "no asks in the book"]),
        MatchingScenario(
            name: "a new order does not take what a resting order took from the same tick",
            steps: ["o1 buy limit 100 101.05", "tick 1 bids 101.00x100 asks 101.02x150", "o2 buy limit 100 101.05"],
            fills: ["o1@1 101.02x100", "o2@1 101.02x50"],
            states: ["o1: FILLED 100/100", "o2: PARTIALLY_FILLED 50/100"]),
        MatchingScenario(
            name: "a partly filled order cancelled keeps its fills and trades no more",
            steps: [
                "tick 1 bids 101.00x100 asks 101.02x100", "o1 buy limit 300 101.02", "cancel o1",
                "tick 2 bids 101.00x100 asks 101.00x1000",
            ],
            fills: ["o1@1 101.02x100"],
            states: ["o1: CANCELLED 100/300"],
            reasons: ["o1": "cancelled by the user"]),
        MatchingScenario(
            name: "the user's own buys and sells never trade with each other",
            steps: ["o1 buy limit 100 101.10", "o2 sell limit 100 101.00", "tick 1 bids 100.00x100 asks 102.00x100"],
            fills: [],
            states: ["o1: PENDING 0/100", "o2: PENDING 0/100"]),
        MatchingScenario(
            name: "buys and sells rest and fill on both sides of one tick",
            steps: ["o1 buy limit 100 101.10", "o2 sell limit 100 101.00", "tick 1 bids 101.05x30 asks 101.08x40"],
            fills: ["o1@1 101.08x40", "o2@1 101.05x30"],
            states: ["o1: PARTIALLY_FILLED 40/100", "o2: PARTIALLY_FILLED 30/100"]),
    ]
}

extension MatchingScenario {
    /// What the scenario says must have come of running it: the fills, each order's state and
    /// reason, each stop's trigger or current stop price, and only open orders kept.
    func check(_ outcome: MatchingScript.Outcome) {
        #expect(outcome.fills == fills)
        let states = states.map { line in
            let id = String(line.prefix { $0 != ":" })
            return "\(id): \(outcome.state(id))"
        }
        #expect(states == self.states)
        for (id, reason) in reasons {
            #expect(outcome.orders[id]?.reason == reason, "reason of \(id)")
        }
        for (id, price) in triggers {
            #expect(outcome.orders[id]?.triggered == true, "\(id) triggered")
            #expect(outcome.orders[id]?.triggerPrice?.description == price, "trigger price of \(id)")
        }
        for (id, price) in stops {
            #expect(outcome.orders[id]?.triggered == false, "\(id) waits")
            #expect(outcome.engine.openOrder(id: id)?.stopPrice?.description == price, "stop price of \(id)")
        }
        let open = self.states.filter { $0.contains("PENDING") || $0.contains("PARTIALLY_FILLED") }.map {
            String($0.prefix { $0 != ":" })
        }
        #expect(outcome.engine.openOrders.map(\.id).sorted() == open.sorted(), "only open orders are kept")
    }
}

@Suite("Matching: the rules, scenario by scenario")
struct MatchingScenarioTests {
    @Test(arguments: MatchingScenario.all, RestingOrderIndexKind.allCases)
    func scenario(_ scenario: MatchingScenario, index: RestingOrderIndexKind) {
        scenario.check(MatchingScript.run(scenario.steps, index: index))
    }
}
