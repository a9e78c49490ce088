import Exchange

extension TradingDesk: ExchangeDesk {
    /// The broadcaster's updates: every tick, feed state and committed order event from now on.
    public nonisolated func updates() -> AsyncStream<TradingUpdate> {
        broadcaster.updates()
    }
}
