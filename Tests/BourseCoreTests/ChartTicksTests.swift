import BourseCore
import Testing

@Suite("Chart: nice ticks")
struct ChartTicksTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let low: ExactDecimal
        let high: ExactDecimal
        let step: ExactDecimal
        let labels: [String]
        var testDescription: String { "\(low)...\(high)" }
    }

    @Test(arguments: [
        Case(low: "0.01", high: "0.05", step: "0.01", labels: ["0.00", "0.01", "0.02", "0.03", "0.04", "0.05", "0.06"]),
        Case(low: "98.7", high: "101.3", step: "1", labels: ["98", "99", "100", "101", "102"]),
        Case(low: "0", high: "1000000", step: "500000", labels: ["0", "500000", "1000000", "1500000"]),
        Case(low: "100", high: "100", step: "0.5", labels: ["99.00", "99.50", "100.00", "100.50", "101.00"]),
        Case(low: "0", high: "0", step: "0.2", labels: ["0.00", "0.20", "0.40", "0.60", "0.80", "1.00"]),
        Case(low: "180.20", high: "190.55", step: "5", labels: ["175", "180", "185", "190", "195"]),
        Case(low: "1.2345", high: "1.2391", step: "0.002", labels: ["1.234", "1.236", "1.238", "1.240"]),
        Case(low: "-3", high: "7", step: "5", labels: ["-5", "0", "5", "10"]),
    ])
    func ticks(_ c: Case) {
        let ticks = NiceTicks(covering: c.low, c.high)
        #expect(ticks.step == c.step)
        #expect(ticks.values.map(ticks.label) == c.labels)
    }

    @Test(
        "4 to 7 ticks, evenly spaced by a 1-2-5 step, enclosing the data",
        arguments: [
            ("0.0001", "0.0002"), ("1", "2"), ("1", "1.01"), ("3.14", "3.15"), ("9.99", "10.01"), ("12", "97"),
            ("250", "260"), ("0.5", "4999.5"), ("-3", "7"), ("-120.5", "-100.25"), ("42", "42"), ("999999", "1000001"),
            ("123456.78", "123499.99"), ("0.07", "0.0700001"),
        ] as [(ExactDecimal, ExactDecimal)])
    func invariants(low: ExactDecimal, high: ExactDecimal) throws {
        let ticks = NiceTicks(covering: low, high)
        #expect((4...7).contains(ticks.values.count), "\(ticks.values)")
        #expect(ticks.lower <= low && ticks.upper > high)
        for (a, b) in zip(ticks.values, ticks.values.dropFirst()) { #expect(b - a == ticks.step) }
        let text = ticks.step.normalized().description.filter { $0 != "0" && $0 != "." }
        #expect(["1", "2", "5"].contains(text), "step \(ticks.step)")
    }

    @Test func a1M_rangeOfRandomPricesAlwaysGets4To7Ticks() {
        var state: UInt64 = 42
        for _ in 0..<2000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let a = Int128(state >> 40)
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let b = a + Int128(state >> 44)
            let ticks = NiceTicks(covering: ExactDecimal(significand: a, scale: 2), ExactDecimal(significand: b, scale: 2))
            #expect((4...7).contains(ticks.values.count), "\(a) \(b)")
        }
    }
}
