import Testing

@testable import BourseCore

/// A seeded deterministic generator (SplitMix64), so every run checks the same cases.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Random GNB data: a few currencies, rates between them, and transactions.
struct GNBRandomCase {
    let rates: [Rate]
    let transactions: [Transaction]

    static let pool = ["EUR", "USD", "CAD", "AUD", "GBP", "JPY", "CHF"].map(GNBFixture.code)

    init(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let currencies = Array(Self.pool.shuffled(using: &random).prefix(Int.random(in: 2...Self.pool.count, using: &random)))
        var seen = Set<String>()
        var rates: [Rate] = []
        for _ in 0..<Int.random(in: 0...12, using: &random) {
            let from = currencies.randomElement(using: &random)!
            let to = currencies.randomElement(using: &random)!
            guard from != to, seen.insert("\(from)\(to)").inserted else { continue }
            let value = ExactDecimal(
                significand: Int128(Int.random(in: 1...99_999, using: &random)), scale: Int.random(in: 0...4, using: &random))
            rates.append(Rate(from: from, to: to, rate: value))
        }
        var transactions: [Transaction] = []
        for _ in 0..<Int.random(in: 0...40, using: &random) {
            let sku = ["A1", "B2", "C3", "D4"].randomElement(using: &random)!
            let amount = ExactDecimal(
                significand: Int128(Int.random(in: -5_000...50_000, using: &random)), scale: Int.random(in: 0...3, using: &random)
            )
            // Now and then a currency no rate mentions.
            let currency =
                Int.random(in: 0..<10, using: &random) == 0 ? GNBFixture.code("XXX") : currencies.randomElement(using: &random)!
            transactions.append(Transaction(sku: sku, amount: amount, currency: currency))
        }
        self.rates = rates
        self.transactions = transactions
    }

    /// The best path by brute force over every simple path, by the documented rules; nil if none.
    func oraclePath(from start: CurrencyCode, to target: CurrencyCode) -> [ConversionHop]? {
        if start == target { return [] }
        var edges: [CurrencyCode: [ConversionHop]] = [:]
        let given = Set(rates.map { "\($0.from)\($0.to)" })
        for rate in rates {
            edges[rate.from, default: []].append(ConversionHop(from: rate.from, to: rate.to, rate: rate.rate, inverted: false))
            if !given.contains("\(rate.to)\(rate.from)") {
                edges[rate.to, default: []].append(ConversionHop(from: rate.to, to: rate.from, rate: rate.rate, inverted: true))
            }
        }
        if let direct = rates.first(where: { $0.from == start && $0.to == target }) {
            return [ConversionHop(from: start, to: target, rate: direct.rate, inverted: false)]
        }
        var best: (hops: [ConversionHop], key: (Int, Int, [String]))?
        func visit(_ node: CurrencyCode, _ hops: [ConversionHop], _ visited: Set<CurrencyCode>) {
            if node == target {
                let key = (hops.count, hops.filter(\.inverted).count, [start.rawValue] + hops.map(\.to.rawValue))
                if let current = best?.key {
                    let better =
                        key.0 != current.0
                        ? key.0 < current.0
                        : key.1 != current.1 ? key.1 < current.1 : key.2.lexicographicallyPrecedes(current.2)
                    if !better { return }
                }
                best = (hops, key)
                return
            }
            for hop in edges[node] ?? [] where !visited.contains(hop.to) {
                visit(hop.to, hops + [hop], visited.union([hop.to]))
            }
        }
        visit(start, [], [start])
        return best?.hops
    }

    /// The conversion by the money rule, step by step, from the oracle's path.
    func oracleConvert(_ amount: ExactDecimal, hops: [ConversionHop]) throws -> ExactDecimal {
        guard !hops.isEmpty else { return amount.rounded(toPlaces: 2, .halfEven) }
        var value = amount
        for hop in hops {
            value =
                hop.inverted
                ? try value.divided(by: hop.rate, places: 2, .halfEven)
                : try value.multiplied(by: hop.rate).rounded(toPlaces: 2, .halfEven)
        }
        return value
    }
}

@Suite("GNB properties over seeded random data")
struct GNBPropertyTests {
    static let seeds: [UInt64] = Array(1...60)

    @Test("a product total is the sum of its lines' rounded conversions", arguments: seeds)
    func totalsAreSumsOfLines(seed: UInt64) throws {
        let data = GNBRandomCase(seed: seed)

        let ledger = Ledger(transactions: data.transactions, rates: data.rates)

        #expect(ledger.products.map(\.sku) == ledger.products.map(\.sku).sorted())
        #expect(ledger.products.reduce(0) { $0 + $1.count } == data.transactions.count)
        for summary in ledger.products {
            let detail = try #require(ledger.product(summary.sku))
            #expect(detail.summary == summary)
            #expect(detail.lines.map(\.transaction) == data.transactions.filter { $0.sku == summary.sku })
            let amounts = detail.lines.compactMap { try? $0.result.get().amount }
            #expect(detail.unconvertible == detail.lines.count - amounts.count)
            if detail.unconvertible == 0 {
                #expect(detail.total == amounts.reduce(.zero, +))
            } else {
                #expect(detail.total == nil)
            }
        }
    }

    @Test("every conversion follows the best path and rounds at each hop", arguments: seeds)
    func conversionsMatchTheOracle(seed: UInt64) throws {
        let data = GNBRandomCase(seed: seed)
        let table = RateGraph(rates: data.rates).table(to: .eur)

        for currency in GNBRandomCase.pool + [GNBFixture.code("XXX")] {
            let expected = data.oraclePath(from: currency, to: .eur)
            #expect(table.path(from: currency)?.hops == expected, "path from \(currency), seed \(seed)")
        }
        for transaction in data.transactions {
            let result = table.convert(transaction.amount, from: transaction.currency)
            guard let hops = data.oraclePath(from: transaction.currency, to: .eur) else {
                #expect(result == .failure(.noPath(from: transaction.currency, to: .eur)))
                continue
            }
            let converted = try result.get()
            #expect(converted.amount == (try data.oracleConvert(transaction.amount, hops: hops)))
            #expect(converted.amount.scale == 2)
            #expect(converted.path.currencies.first == transaction.currency)
            #expect(converted.path.currencies.last == .eur)
        }
    }

    @Test("a given direct rate is always the path used", arguments: seeds)
    func directRateWins(seed: UInt64) throws {
        let data = GNBRandomCase(seed: seed)
        let targets = Set(data.rates.map(\.to))

        for target in targets {
            let table = RateGraph(rates: data.rates).table(to: target)
            for rate in data.rates where rate.to == target {
                let path = try #require(table.path(from: rate.from))
                #expect(path.hops == [ConversionHop(from: rate.from, to: target, rate: rate.rate, inverted: false)])
            }
        }
    }

    @Test("EUR to EUR changes nothing", arguments: seeds)
    func eurToEur(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let table = RateGraph(rates: GNBRandomCase(seed: seed).rates).table(to: .eur)

        for _ in 0..<50 {
            let amount = ExactDecimal(
                significand: Int128(Int64.random(in: -1_000_000_000...1_000_000_000, using: &random)), scale: 2)
            let converted = try table.convert(amount, from: .eur).get()
            #expect(converted.amount == amount)
            #expect(converted.amount.description == amount.description)
            #expect(converted.path == ConversionPath(currencies: [.eur], hops: []))
        }
    }
}
