/// One price level of a book side: a price and the whole shares offered there.
public struct BookLevel: Hashable, Sendable {
    public var price: Price
    public var quantity: Int

    public init(price: Price, quantity: Int) {
        self.price = price
        self.quantity = quantity
    }
}

/// A trade printed by the feed: its price and size in whole shares.
public struct LastTrade: Hashable, Sendable {
    public var price: Price
    public var size: Int

    public init(price: Price, size: Int) {
        self.price = price
        self.size = size
    }
}
