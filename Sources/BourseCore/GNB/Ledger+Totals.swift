extension Ledger {
    /// Per-SKU counts and totals in one pass, summing converted cents as integers.
    static func totals(of transactions: [Transaction], table: ConversionTable) -> [ProductSummary] {
        var totals = LedgerTotals(table: table)
        transactions.withUnsafeBufferPointer { buffer in
            guard let start = buffer.baseAddress else { return }
            for index in buffer.indices { totals.add(start + index) }
        }
        return totals.summaries().sorted { $0.sku < $1.sku }
    }
}
