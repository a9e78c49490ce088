import Foundation
import Testing

@testable import BourseCore

/// SPEC.md §10's rules, one worked example each (the same examples docs/exchange.md walks
/// through). Times: the script's ticks are `seq` seconds after 06:06:40 New York time, so
/// `tick 40000` is 17:13 the same day, in the next session.
extension MatchingScenario {
    static let orderTypes: [MatchingScenario] = [
        MatchingScenario(
            name: "a sell stop waits, then triggers on a last at or below its stop and sells as a market order",
            steps: [
                "tick 1 last 100.00 bids 99.99x100 asks 100.01x100", "s1 sell stop 50 99.50",
                "tick 2 last 99.60 bids 99.59x100 asks 99.61x100",
                "tick 3 last 99.50 bids 99.48x30 99.47x100 asks 99.52x100",
            ],
            fills: ["s1@3 99.48x30", "s1@3 99.47x20"],
            states: ["s1: FILLED 50/50"],
            triggers: ["s1": "99.50"]),
        MatchingScenario(
            name: "a stop whose condition already holds when placed triggers at once",
            steps: ["tick 1 last 101.30 bids 101.29x100 asks 101.31x100", "s1 buy stop 10 101.20"],
            fills: ["s1@1 101.31x10"],
            states: ["s1: FILLED 10/10"],
            triggers: ["s1": "101.30"]),
        MatchingScenario(
            name: "a triggered stop with nothing on its side is rejected",
            steps: ["s1 sell stop 10 99.00", "tick 1 last 98.00 asks 98.10x100"],
            fills: [],
            states: ["s1: REJECTED 0/10"],
            reasons: ["s1": "no bids in the book"]),
        MatchingScenario(
            name: "a stop-limit triggers into a limit order whose rest rests",
            steps: [
                "tick 1 last 100.90 bids 100.89x100 asks 100.91x100", "s1 buy stop_limit 100 101.00 101.05",
                "tick 2 last 101.00 bids 100.99x100 asks 101.04x40 101.06x100",
                "tick 3 last 101.02 bids 101.00x100 asks 101.05x100",
            ],
            fills: ["s1@2 101.04x40", "s1@3 101.05x60"],
            states: ["s1: FILLED 100/100"],
            triggers: ["s1": "101.00"]),
        MatchingScenario(
            name: "resting limits match before stops trigger, and stops trigger in placement order",
            steps: [
                "tick 1 last 100.00 bids 99.85x100 asks 100.01x100", "l1 sell limit 50 99.90", "s1 sell stop 50 99.90",
                "s2 sell stop 50 99.95", "tick 2 last 99.90 bids 99.90x120 asks 99.92x100",
            ],
            fills: ["l1@2 99.90x50", "s1@2 99.90x50", "s2@2 99.90x20"],
            states: ["l1: FILLED 50/50", "s1: FILLED 50/50", "s2: CANCELLED 20/50"],
            reasons: ["s2": "30 could not be filled: no more bids in the book"]),
        MatchingScenario(
            name: "a trailing sell stop follows the highest last by its amount",
            steps: [
                "tick 1 last 100.00 bids 99.99x100 asks 100.01x100", "t1 sell trailing_stop 100 1.00",
                "tick 2 last 101.50 bids 101.49x100 asks 101.51x100",
                "tick 3 last 100.80 bids 100.79x100 asks 100.81x100",
            ],
            fills: [],
            states: ["t1: PENDING 0/100"],
            stops: ["t1": "100.50"]),
        MatchingScenario(
            name: "a trailing sell stop triggers when the last falls to its level",
            steps: [
                "tick 1 last 100.00 bids 99.99x100 asks 100.01x100", "t1 sell trailing_stop 100 1.00",
                "tick 2 last 101.50 bids 101.49x100 asks 101.51x100",
                "tick 3 last 100.50 bids 100.49x100 asks 100.51x100",
            ],
            fills: ["t1@3 100.49x100"],
            states: ["t1: FILLED 100/100"],
            triggers: ["t1": "100.50"]),
        MatchingScenario(
            name: "a trailing buy stop in percent rounds its level up to the tick",
            steps: [
                "tick 1 last 50.00 bids 49.99x100 asks 50.01x100", "t1 buy trailing_stop 10 2%",
                "tick 2 last 49.01 bids 49.00x100 asks 49.02x100",
            ],
            fills: [],
            states: ["t1: PENDING 0/10"],
            stops: ["t1": "50.00"]),
        MatchingScenario(
            name: "a day order expires at the first tick of the next session; its fills stand",
            steps: [
                "tick 1 last 100.00 bids 99.99x100 asks 100.01x30", "d1 buy limit 100 100.01 tif=day",
                "g1 buy limit 100 99.00", "tick 40000 last 100.00 bids 99.99x100 asks 100.01x100",
            ],
            fills: ["d1@1 100.01x30"],
            states: ["d1: EXPIRED 30/100", "g1: PENDING 0/100"],
            reasons: ["d1": "expired at the close"]),
        MatchingScenario(
            name: "immediate or cancel fills what it can now and cancels the rest",
            steps: ["tick 1 last 100.00 bids 99.99x100 asks 100.01x30 100.05x100", "i1 buy limit 100 100.02 tif=ioc"],
            fills: ["i1@1 100.01x30"],
            states: ["i1: CANCELLED 30/100"],
            reasons: ["i1": "70 could not be filled at once (immediate or cancel)"]),
        MatchingScenario(
            name: "fill or kill fills the whole quantity or nothing",
            steps: [
                "tick 1 last 100.00 bids 99.99x100 asks 100.01x30 100.05x100", "f1 buy limit 100 100.02 tif=fok",
                "f2 buy limit 100 100.05 tif=fok", "f3 sell market 101 tif=fok",
            ],
            fills: ["f2@1 100.01x30", "f2@1 100.05x70"],
            states: ["f1: CANCELLED 0/100", "f2: FILLED 100/100", "f3: CANCELLED 0/101"],
            reasons: ["f1": "fill or kill", "f3": "fill or kill"]),
        MatchingScenario(
            name: "a bracket's exits follow the entry's fills, join on the next tick and cancel each other by quantity",
            steps: [
                "tick 1 last 100.00 bids 99.99x100 asks 100.00x60", "e1 buy limit 100 100.00 tp=101.00 sl=99.00",
                // The exits exist for 60 but sit out this tick.
                "tick 2 last 100.50 bids 101.00x40 asks 100.60x100",
                // The take-profit sells 40: the stop-loss shrinks to 20.
                "tick 3 last 98.90 bids 98.90x100 asks 100.00x100",
                // The entry fills its last 40: the exits grow to 60 left each and sit out again.
                "tick 4 last 98.80 bids 98.80x100 asks 100.10x100",
            ],
            // The stop-loss triggers and sells 60; the take-profit shrinks by 60 to the 40 it sold.
            fills: ["e1@1 100.00x60", "e1.tp@2 101.00x40", "e1@3 100.00x40", "e1.sl@4 98.80x60"],
            states: ["e1: FILLED 100/100", "e1.tp: CANCELLED 40/40", "e1.sl: FILLED 60/60"],
            reasons: ["e1.tp": "the other exit filled"],
            triggers: ["e1.sl": "98.80"]),
        MatchingScenario(
            name: "cancelling an exit cancels both exits and what the entry has not filled",
            steps: [
                "tick 1 last 100.00 bids 99.99x100 asks 100.00x60", "e1 buy limit 100 100.00 tp=101.00 sl=99.00",
                "cancel e1.sl", "tick 2 last 100.00 bids 99.99x100 asks 100.00x100",
            ],
            fills: ["e1@1 100.00x60"],
            states: ["e1: CANCELLED 60/100", "e1.tp: CANCELLED 0/60", "e1.sl: CANCELLED 0/60"],
            reasons: ["e1": "its bracket's exits ended", "e1.tp": "cancelled by the user"]),
        MatchingScenario(
            name: "cancelling the entry keeps the exits for what it filled",
            steps: [
                "tick 1 last 100.00 bids 99.99x100 asks 100.00x60", "e1 buy limit 100 100.00 tp=101.00",
                "cancel e1", "tick 2 last 101.00 bids 101.00x100 asks 101.01x100",
            ],
            fills: ["e1@1 100.00x60", "e1.tp@2 101.00x60"],
            states: ["e1: CANCELLED 60/100", "e1.tp: FILLED 60/60"]),
        MatchingScenario(
            name: "an id of an exit's form cannot be placed by the user",
            steps: ["x.tp buy market 10"],
            fills: [],
            states: ["x.tp: REJECTED 0/10"],
            reasons: ["x.tp": "the id x.tp is kept for a bracket's exit"]),
    ]
}

@Suite("Matching §10: stops, time in force and brackets, scenario by scenario")
struct OrderTypesScenarioTests {
    @Test(arguments: MatchingScenario.orderTypes, RestingOrderIndexKind.allCases)
    func scenario(_ scenario: MatchingScenario, index: RestingOrderIndexKind) {
        scenario.check(MatchingScript.run(scenario.steps, index: index))
    }
}
