/// Running per-SKU counts and sums of converted cents.
///
/// Per transaction: the SKU's dense id (`SKUIndex`), the currency's prepared conversion
/// (`CurrencyConversions`), and 64-bit integer steps; nothing is allocated per transaction.
struct LedgerTotals {
    private var skus = SKUIndex()
    private var running: [Running] = []
    private var conversions: CurrencyConversions

    /// One product's sums so far.
    private struct Running {
        var count = 0
        var cents: Int128 = 0
        var unconvertible = 0
        var overflowed = false
    }

    init(table: ConversionTable) {
        conversions = CurrencyConversions(table: table)
    }

    @inline(__always)
    mutating func add(_ transaction: UnsafePointer<Transaction>) {
        // The usual SKU and currency are found by their bits, and the strings are read again
        // only when new: a borrowed transaction would be copied, its strings retained and
        // released, because the loop mutates other memory while it lives.
        let skuBits = StringBits(transaction.pointee.sku)
        let currencyBits = StringBits(transaction.pointee.currency.rawValue)
        let amount = transaction.pointee.amount
        let id = skuBits.flatMap(skus.id(ofBits:)) ?? skus.id(of: transaction.pointee.sku)
        let route = conversions.route(ofBits: currencyBits) ?? conversions.route(of: transaction.pointee.currency)
        if id == running.count { running.append(Running()) }
        running[id].count += 1
        // No path, or a step beyond 38 digits (as `convert` reports it: `.overflow`).
        guard let cents = conversions.cents(amount, route: route) else {
            running[id].unconvertible += 1
            return
        }
        // A sum beyond what the decimal holds has no total either, rather than a wrong one.
        let (sum, overflow) = running[id].cents.addingReportingOverflow(cents)
        if overflow { running[id].overflowed = true }
        running[id].cents = sum
    }

    /// Each product's count and total, in order of first appearance.
    func summaries() -> [ProductSummary] {
        zip(skus.skus, running).map { sku, product in
            let total =
                product.unconvertible > 0 || product.overflowed
                ? nil : ExactDecimal(significand: product.cents, scale: 2)
            return ProductSummary(sku: sku, count: product.count, total: total, unconvertible: product.unconvertible)
        }
    }
}
