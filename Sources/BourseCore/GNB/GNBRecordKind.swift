/// A kind of GNB record (a rate or a transaction): its document shape, its three fields, and how
/// a record is made on each of the readers' two paths.
protocol GNBRecordKind {
    associatedtype Record

    static var shape: GNBParser.Shape { get }
    /// The three fields, in the order their errors are listed.
    static var fields: GNBFieldNames { get }

    /// The record from its fields' bytes (the fast path), or nil when any field is missing or not
    /// plain; nothing is reported, since the general path then reads the record and says why.
    static func record(
        _ fields: GNBFieldSlices, in bytes: UnsafeBufferPointer<UInt8>, values: inout GNBValueCache
    ) -> Record?

    /// The record from a general reader's fields, or nil with every problem in `fields.errors`.
    static func record(checking fields: inout GNBFieldReader) -> Record?
}

/// A transaction: `sku`, `amount`, `currency`.
enum GNBTransactionRecord: GNBRecordKind {
    static let shape = GNBParser.Shape.transactions
    static let fields = GNBFieldNames("sku", "amount", "currency")

    @inline(__always)
    static func record(
        _ fields: GNBFieldSlices, in bytes: UnsafeBufferPointer<UInt8>, values: inout GNBValueCache
    ) -> Transaction? {
        guard let sku = values.sku(fields.first, in: bytes),
            let amount = GNBValueCache.decimal(fields.second, in: bytes),
            let currency = values.currency(fields.third, in: bytes)
        else { return nil }
        return Transaction(sku: sku, amount: amount, currency: currency)
    }

    static func record(checking fields: inout GNBFieldReader) -> Transaction? {
        let sku = fields.sku("sku")
        let amount = fields.amount("amount")
        let currency = fields.currency("currency")
        guard let sku, let amount, let currency, fields.errors.isEmpty else { return nil }
        return Transaction(sku: sku, amount: amount, currency: currency)
    }
}

/// A rate: `from`, `to`, `rate`.
enum GNBRateRecord: GNBRecordKind {
    static let shape = GNBParser.Shape.rates
    static let fields = GNBFieldNames("from", "to", "rate")

    @inline(__always)
    static func record(
        _ fields: GNBFieldSlices, in bytes: UnsafeBufferPointer<UInt8>, values: inout GNBValueCache
    ) -> Rate? {
        guard let from = values.currency(fields.first, in: bytes),
            let to = values.currency(fields.second, in: bytes),
            let rate = GNBValueCache.decimal(fields.third, in: bytes), rate.signum > 0
        else { return nil }
        return Rate(from: from, to: to, rate: rate)
    }

    static func record(checking fields: inout GNBFieldReader) -> Rate? {
        let from = fields.currency("from")
        let to = fields.currency("to")
        let rate = fields.rate("rate")
        guard let from, let to, let rate, fields.errors.isEmpty else { return nil }
        return Rate(from: from, to: to, rate: rate)
    }
}
