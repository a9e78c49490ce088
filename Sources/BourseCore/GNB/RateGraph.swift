/// The currencies linked by given rates, from which conversion tables are derived.
///
/// Edges: each given rate `A -> B` (multiply by the rate), and for each given `A -> B` whose
/// reverse `B -> A` is not given, an inverted edge `B -> A` that divides by the rate. Rates that
/// are not greater than zero, and rates from a currency to itself, are ignored; when a pair is
/// given more than once, the first rate wins.
public struct RateGraph: Sendable {
    /// The usable hops out of each currency, given and inverted.
    let outgoing: [CurrencyCode: [ConversionHop]]

    /// Builds the graph from rates as given.
    public init(rates: [Rate]) {
        var given: [Pair: ExactDecimal] = [:]
        var order: [Pair] = []
        for rate in rates where rate.from != rate.to && rate.rate.signum > 0 {
            let pair = Pair(from: rate.from, to: rate.to)
            if given[pair] == nil {
                given[pair] = rate.rate
                order.append(pair)
            }
        }
        var outgoing: [CurrencyCode: [ConversionHop]] = [:]
        for pair in order {
            let rate = given[pair]!
            outgoing[pair.from, default: []].append(ConversionHop(from: pair.from, to: pair.to, rate: rate, inverted: false))
            if given[Pair(from: pair.to, to: pair.from)] == nil {
                outgoing[pair.to, default: []].append(ConversionHop(from: pair.to, to: pair.from, rate: rate, inverted: true))
            }
        }
        self.outgoing = outgoing
    }

    /// Every currency that appears in a usable rate.
    public var currencies: Set<CurrencyCode> { Set(outgoing.keys) }

    /// The best path from every currency to `target`, computed once.
    ///
    /// The rules, in order:
    /// 1. A given rate `X -> target` is always the path from X, whatever other rates say.
    /// 2. Otherwise the fewest conversions, over given and inverted edges.
    /// 3. Among those, the fewest inverted (dividing) hops.
    /// 4. Among those, the lexicographically smallest sequence of currency codes from X to target.
    ///
    /// One breadth-first search from the target over reversed edges: each layer's paths extend the
    /// previous layer's best, which is optimal because all three keys are compared hop by hop.
    /// Rule 1 follows from rule 2: a given `X -> target` is the only one-hop edge from X, since an
    /// inverted `X -> target` exists only when `X -> target` is not given.
    public func table(to target: CurrencyCode) -> ConversionTable {
        var incoming: [CurrencyCode: [ConversionHop]] = [:]
        for hops in outgoing.values {
            for hop in hops { incoming[hop.to, default: []].append(hop) }
        }
        var best: [CurrencyCode: Candidate] = [target: Candidate(currencies: [target], hops: [], inverted: 0)]
        var frontier = [target]
        while !frontier.isEmpty {
            var layer: [CurrencyCode: Candidate] = [:]
            for next in frontier {
                let tail = best[next]!
                for hop in incoming[next] ?? [] where best[hop.from] == nil {
                    let candidate = Candidate(
                        currencies: [hop.from] + tail.currencies, hops: [hop] + tail.hops,
                        inverted: tail.inverted + (hop.inverted ? 1 : 0))
                    if let current = layer[hop.from], !candidate.isBetter(than: current) { continue }
                    layer[hop.from] = candidate
                }
            }
            for (currency, candidate) in layer { best[currency] = candidate }
            frontier = Array(layer.keys)
        }
        var paths: [CurrencyCode: ConversionPath] = [:]
        for (currency, candidate) in best {
            paths[currency] = ConversionPath(currencies: candidate.currencies, hops: candidate.hops)
        }
        return ConversionTable(target: target, paths: paths)
    }

    struct Pair: Hashable {
        let from: CurrencyCode
        let to: CurrencyCode
    }

    /// A path under construction, with its inverted-hop count kept for comparisons.
    struct Candidate {
        let currencies: [CurrencyCode]
        let hops: [ConversionHop]
        let inverted: Int

        /// Rules 3 and 4, for two paths of the same length.
        func isBetter(than other: Candidate) -> Bool {
            if inverted != other.inverted { return inverted < other.inverted }
            return currencies.lexicographicallyPrecedes(other.currencies)
        }
    }
}
