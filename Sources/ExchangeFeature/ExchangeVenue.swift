import BourseCore
import Exchange

/// The exchange as the web app sees it: the desk (an interface; the bootstrap hands it the live
/// one), where its feed comes from, and the symbol it expects before the first tick names it.
public struct ExchangeVenue: Sendable {
    public let desk: any ExchangeDesk
    /// `.simulated` for the embedded simulator, `.feed` for a configured `BOURSE_FEED_URL`,
    /// `.alpaca` or `.massive` for a provider's stream.
    public let source: SourceKind
    public let symbol: String?
    /// Where a real feed's quotes come from, shown in the page's header ("Alpaca · IEX",
    /// "Massive · 15 min delayed"); nil for the simulated feed (labelled "Simulated") and a
    /// feed speaking Bourse's protocol.
    public let sourceLabel: String?
    /// The order value above which the ticket asks to confirm before sending
    /// (`BOURSE_CONFIRM_ORDERS_ABOVE`); nil never asks.
    public let confirmOrdersAbove: ExactDecimal?

    public init(
        desk: any ExchangeDesk, source: SourceKind, symbol: String?, sourceLabel: String? = nil,
        confirmOrdersAbove: ExactDecimal? = ExactDecimal(10_000)
    ) {
        self.desk = desk
        self.source = source
        self.symbol = symbol
        self.sourceLabel = sourceLabel
        self.confirmOrdersAbove = confirmOrdersAbove
    }
}
