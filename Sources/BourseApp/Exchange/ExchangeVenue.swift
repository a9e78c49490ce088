import BourseCore
import Exchange

/// The exchange as the web app sees it: the desk (an interface; the bootstrap hands it the live
/// one), where its feed comes from, and the symbol it expects before the first tick names it.
public struct ExchangeVenue: Sendable {
    public let desk: any ExchangeDesk
    /// `.simulated` for the embedded simulator, `.feed` for a configured `BOURSE_FEED_URL`.
    public let source: SourceKind
    public let symbol: String?

    public init(desk: any ExchangeDesk, source: SourceKind, symbol: String?) {
        self.desk = desk
        self.source = source
        self.symbol = symbol
    }
}
