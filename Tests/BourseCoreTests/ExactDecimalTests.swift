import Testing

@testable import BourseCore

@Suite("ExactDecimal")
struct ExactDecimalTests {
    @Test(
        "parses and prints exactly",
        arguments: [
            ("0", "0"), ("2.345", "2.345"), ("-2.345", "-2.345"), ("2.30", "2.30"), ("0.001", "0.001"),
            ("-0.5", "-0.5"), ("007.50", "7.50"),
            ("12345678901234567890.123456789012345678", "12345678901234567890.123456789012345678"),
            ("99999999999999999999999999999999999999", "99999999999999999999999999999999999999"),
        ])
    func roundTrip(text: String, printed: String) throws {
        let value = try ExactDecimal(parsing: text)
        #expect(value.description == printed)
    }

    @Test(
        "refuses malformed text with a reason",
        arguments: [
            "", "1.2.3", "1e5", "abc", "  ", "--1", "1-", "+1", " 1", "1 ", "1.", ".5", "-", "1,000", "0x10", "NaN",
            "123456789012345678901234567890123456789",  // 39 digits
        ])
    func malformed(text: String) {
        #expect(throws: DecimalError.self) { try ExactDecimal(parsing: text) }
        #expect(ExactDecimal(text) == nil)
    }

    @Test func malformedErrorNamesTheInputAndTheProblem() {
        #expect {
            try ExactDecimal(parsing: "1.2.3")
        } throws: { error in
            (error as? DecimalError)?.description == "\"1.2.3\" is not a decimal number: it has more than one decimal point"
        }
    }

    @Test(
        "rounds half-even (banker's)",
        arguments: [
            ("2.345", 2, "2.34"), ("2.355", 2, "2.36"), ("0.125", 2, "0.12"), ("0.135", 2, "0.14"),
            ("-2.345", 2, "-2.34"), ("-2.355", 2, "-2.36"), ("2.3451", 2, "2.35"), ("2.3449", 2, "2.34"),
            ("0.5", 0, "0"), ("1.5", 0, "2"), ("2.5", 0, "2"), ("-0.5", 0, "0"), ("-1.5", 0, "-2"),
            ("2.3", 2, "2.3"), ("12345678901234567890.125", 2, "12345678901234567890.12"),
            ("99999999999999999999999999999999999.995", 2, "100000000000000000000000000000000000.00"),
            ("0.005", 2, "0.00"), ("0.015", 2, "0.02"), ("0.0250", 2, "0.02"),
        ])
    func halfEven(text: String, places: Int, expected: String) throws {
        let rounded = try ExactDecimal(parsing: text).rounded(toPlaces: places, .halfEven)
        #expect(rounded.description == expected)
    }

    @Test(
        "rounds half-up (away from zero)",
        arguments: [
            ("2.345", 2, "2.35"), ("2.355", 2, "2.36"), ("0.125", 2, "0.13"), ("-2.345", 2, "-2.35"),
            ("2.344", 2, "2.34"), ("2.5", 0, "3"), ("-2.5", 0, "-3"),
        ])
    func halfUp(text: String, places: Int, expected: String) throws {
        let rounded = try ExactDecimal(parsing: text).rounded(toPlaces: places, .halfUp)
        #expect(rounded.description == expected)
    }

    @Test(
        "adds, subtracts and multiplies exactly",
        arguments: [
            ("0.1", "0.2", "0.3", "-0.1", "0.02"),
            ("1.50", "2.5", "4.00", "-1.00", "3.750"),
            ("-3", "0.001", "-2.999", "-3.001", "-0.003"),
            ("1234567.89", "0.0001", "1234567.8901", "1234567.8899", "123.456789"),
            ("99999999999999999.99", "1", "100000000000000000.99", "99999999999999998.99", "99999999999999999.99"),
        ])
    func arithmetic(a: String, b: String, sum: String, difference: String, product: String) throws {
        let x = try ExactDecimal(parsing: a), y = try ExactDecimal(parsing: b)
        #expect((x + y).description == sum)
        #expect((x - y).description == difference)
        #expect((x * y).description == product)
    }

    @Test func overflowIsAnErrorNotACrash() throws {
        let big = try ExactDecimal(parsing: "99999999999999999999999999999999999999")
        #expect(throws: DecimalError.overflow) { try big.adding(big) }
        #expect(throws: DecimalError.overflow) { try big.multiplied(by: big) }
    }

    @Test(
        "compares by value, ignoring trailing zeros",
        arguments: [
            ("2.30", "2.3", 0), ("2.31", "2.3", 1), ("-2.31", "-2.3", -1), ("0", "-0.00", 0),
            ("99999999999999999999999999999999999999", "0.00000000000000000000000000000000000001", 1),
            ("-99999999999999999999999999999999999999", "0.1", -1),
        ])
    func comparison(a: String, b: String, order: Int) throws {
        let x = try ExactDecimal(parsing: a), y = try ExactDecimal(parsing: b)
        #expect(ExactDecimal.compare(x, y) == order)
        #expect((x == y) == (order == 0))
        if order == 0 { #expect(x.hashValue == y.hashValue) }
    }

    @Test(
        "divides with rounding",
        arguments: [
            ("1", "3", 4, "0.3333"), ("2", "3", 2, "0.67"), ("-2", "3", 2, "-0.67"), ("10", "4", 0, "2"),
            ("1.25", "0.5", 2, "2.50"), ("0.05", "1", 1, "0.0"), ("0.15", "1", 1, "0.2"),
        ])
    func division(a: String, b: String, places: Int, expected: String) throws {
        let q = try ExactDecimal(parsing: a).divided(by: ExactDecimal(parsing: b), places: places, .halfEven)
        #expect(q.description == expected)
    }

    @Test func divisionByZeroIsAnError() {
        #expect(throws: DecimalError.divisionByZero) { try ExactDecimal(1).divided(by: .zero, places: 2) }
    }

    @Test(
        "reads JSON numbers exactly, exponents included",
        arguments: [
            ("75.0875", "75.0875"), ("1.5e3", "1500"), ("1.5E-3", "0.0015"), ("-2e0", "-2"), ("642646396.0", "642646396.0"),
            ("0.1", "0.1"), ("1e-40", nil), ("abc", nil),
        ])
    func jsonNumbers(text: String, expected: String?) {
        let value = try? ExactDecimal(jsonNumber: text)
        #expect(value?.description == expected)
    }

    @Test func formatsToFixedPlaces() throws {
        #expect(try ExactDecimal(parsing: "2.5").formatted(places: 2) == "2.50")
        #expect(try ExactDecimal(parsing: "2.345").formatted(places: 2) == "2.34")
        #expect(try ExactDecimal(parsing: "-7").formatted(places: 2) == "-7.00")
    }
}
