/// The chosen path from every reachable currency to one target, and conversion along it.
///
/// Money rule: each hop converts exactly (amount × rate, or amount ÷ rate) and rounds the result
/// to 2 places half-even (banker's rounding) before the next hop, so a two-hop path rounds twice.
/// The division is computed straight to 2 places from the exact amount (1/rate is never rounded
/// on its own). The target to itself is the amount rounded half-even to 2 places.
public struct ConversionTable: Sendable {
    /// The currency every amount is converted into.
    public let target: CurrencyCode
    let paths: [CurrencyCode: ConversionPath]

    init(target: CurrencyCode, paths: [CurrencyCode: ConversionPath]) {
        self.target = target
        self.paths = paths
    }

    /// The path from `from` to the target; nil when none exists.
    public func path(from: CurrencyCode) -> ConversionPath? {
        if from == target { return paths[from] ?? ConversionPath(currencies: [target], hops: []) }
        return paths[from]
    }

    /// Every currency with a path to the target (the target included), sorted.
    public var reachable: [CurrencyCode] {
        Array(Set(paths.keys).union([target])).sorted()
    }

    /// `amount` in the target currency, rounded after each hop; `.noPath` or `.overflow` otherwise.
    public func convert(_ amount: ExactDecimal, from: CurrencyCode) -> Result<ConvertedAmount, ConversionError> {
        guard let path = path(from: from) else { return .failure(.noPath(from: from, to: target)) }
        guard let converted = Self.convert(amount, along: path) else { return .failure(.overflow) }
        return .success(ConvertedAmount(amount: converted, path: path))
    }

    /// `amount` carried along `path`, rounded half-even to 2 places after each hop (with 2 places
    /// even when exact); nil when a step overflows. The one definition of a conversion.
    static func convert(_ amount: ExactDecimal, along path: ConversionPath) -> ExactDecimal? {
        do {
            var value = path.hops.isEmpty ? amount.rounded(toPlaces: 2, .halfEven) : amount
            for hop in path.hops {
                value =
                    hop.inverted
                    ? try value.divided(by: hop.rate, places: 2, .halfEven)
                    : try value.multiplied(by: hop.rate).rounded(toPlaces: 2, .halfEven)
            }
            return try value.padded(toPlaces: 2)
        } catch {
            return nil
        }
    }
}
