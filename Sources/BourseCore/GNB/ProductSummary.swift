/// A product in the list: its SKU, how many transactions it has, and their total.
public struct ProductSummary: Sendable, Equatable {
    public let sku: String
    /// Transactions with this SKU, convertible or not.
    public let count: Int
    /// The exact sum of the converted amounts; nil when any transaction cannot be converted
    /// (an unconvertible amount is never counted as zero or as if it were in the target currency).
    public let total: ExactDecimal?
    /// Transactions whose currency has no path to the target (or whose conversion overflowed).
    public let unconvertible: Int

    public init(sku: String, count: Int, total: ExactDecimal?, unconvertible: Int) {
        self.sku = sku
        self.count = count
        self.total = total
        self.unconvertible = unconvertible
    }
}

/// One transaction of a product with its conversion, or why it could not be converted.
public struct ProductLine: Sendable, Equatable {
    public let transaction: Transaction
    public let result: Result<ConvertedAmount, ConversionError>

    public init(transaction: Transaction, result: Result<ConvertedAmount, ConversionError>) {
        self.transaction = transaction
        self.result = result
    }
}

/// A product's screen: every transaction, in document order, and the total.
public struct ProductDetail: Sendable, Equatable {
    public let sku: String
    public let lines: [ProductLine]
    /// The exact sum of the lines' rounded amounts; nil when any line failed.
    public let total: ExactDecimal?
    public let unconvertible: Int

    public init(sku: String, lines: [ProductLine], total: ExactDecimal?, unconvertible: Int) {
        self.sku = sku
        self.lines = lines
        self.total = total
        self.unconvertible = unconvertible
    }

    /// The list entry for this product.
    public var summary: ProductSummary {
        ProductSummary(sku: sku, count: lines.count, total: total, unconvertible: unconvertible)
    }
}
