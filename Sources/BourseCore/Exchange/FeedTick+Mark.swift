extension FeedTick {
    /// The price a position is valued at: the last trade, else the book's mid, else nil.
    public var markPrice: Price? {
        if let last = last?.price { return last }
        if let bid = bestBid?.price, let ask = bestAsk?.price { return Price(ticks: (bid.ticks + ask.ticks) / 2) }
        return nil
    }
}
