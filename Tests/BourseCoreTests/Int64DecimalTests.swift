import Testing

@testable import BourseCore

@Suite("64-bit decimal steps agree with the 128-bit ExactDecimal path")
struct Int64DecimalTests {
    /// The 128-bit reference: `numerator / divisor` to 0 places by `ExactDecimal.divided`, which
    /// divides Int128s.
    static func reference(_ numerator: Int64, _ divisor: Int64) throws -> Int64 {
        let quotient = try ExactDecimal(significand: Int128(numerator), scale: 0)
            .divided(by: ExactDecimal(significand: Int128(divisor), scale: 0), places: 0, .halfEven)
        return try #require(Int64(exactly: quotient.significand))
    }

    static let edges: [Int64] = [
        0, 1, -1, 5, -5, 15, -15, 25, -25, 35, 45, 55, -55, 149, 150, 151, 250, -250, 9_999, 10_005, -10_005,
        Int64.max, Int64.max - 1, Int64.max - 5, Int64.min, Int64.min + 1, Int64.min + 5,
        Int64.max / 10 * 10 + 5, -(Int64.max / 10 * 10 + 5), 4_611_686_018_427_387_904, -4_611_686_018_427_387_904,
        922_337_203_685_477_580, 5_000_000_000_000_000_000, -5_000_000_000_000_000_000,
        1_500_000_000_000_000_000, 2_500_000_000_000_000_000, -2_500_000_000_000_000_000,
    ]

    @Test("half-even quotients by every power of ten, at the edges of 64 bits and at ties", arguments: 0...18)
    func quotientByPowerOfTen(exponent: Int) throws {
        let divisor = Int64Decimal.powersOfTen[exponent]
        // Each edge, and the exact ties and their neighbours around it for this divisor.
        var values = Self.edges
        for tie in [Int64(1), 3, 5, -1, -3, -5] where divisor > 1 {
            let (half, o) = (divisor / 2).multipliedReportingOverflow(by: tie)
            guard !o else { continue }
            values += [half, half &+ 1, half &- 1]
        }

        for value in values {
            let expected = try Self.reference(value, divisor)
            #expect(Int64Decimal.quotientHalfEven(value, dividingBy: divisor) == expected, "\(value)")
        }
    }

    @Test("half-even quotients by other divisors", arguments: [Int64(2), 3, 7, 8, 95, 149, 1_359, Int64.max, Int64.max - 1])
    func quotientByOtherDivisors(divisor: Int64) throws {
        for value in Self.edges + [divisor / 2, -(divisor / 2), divisor / 2 + 1, divisor, -divisor, divisor / 2 &* 3] {
            let expected = try Self.reference(value, divisor)
            #expect(Int64Decimal.quotientHalfEven(value, dividingBy: divisor) == expected, "\(value)")
        }
    }

    @Test(
        "rounding a significand to places is ExactDecimal.rounded, padded",
        arguments: [
            // (significand, scale, places)
            (Int64(125), 3, 2), (135, 3, 2), (-125, 3, 2), (-135, 3, 2), (5, 1, 0), (15, 1, 0), (-25, 1, 0),
            (Int64.max, 0, 2), (Int64.max, 20, 2), (Int64.max, 19, 0), (Int64.min, 18, 2), (Int64.min, 3, 2),
            (7, 0, 2), (-7, 1, 2), (922_337_203_685_477_580, 1, 2), (92_233_720_368_547_758, 0, 2),
        ])
    func roundedToPlaces(significand: Int64, scale: Int, places: Int) throws {
        let exact = ExactDecimal(significand: Int128(significand), scale: scale)
        let expected = try exact.divided(by: ExactDecimal(1), places: places, .halfEven)

        let fast = Int64Decimal.rounded(significand, scale: scale, toPlaces: places)

        if let fitting = Int64(exactly: expected.significand), scale - places <= 18 {
            #expect(fast == fitting)
        } else {
            #expect(fast == nil)
        }
    }
}
