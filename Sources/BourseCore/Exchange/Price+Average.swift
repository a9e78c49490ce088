extension Price {
    /// The average price of `quantity` shares that cost `ticks` in all (the sum of price ×
    /// quantity, in ticks), exact to four places, half-even; nil for no shares.
    public static func average(ticks: Int128, quantity: Int) -> ExactDecimal? {
        guard quantity != 0 else { return nil }
        return try? ExactDecimal(significand: ticks, scale: places)
            .divided(by: ExactDecimal(quantity), places: 4, .halfEven)
    }
}
