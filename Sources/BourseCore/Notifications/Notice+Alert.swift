extension Notice {
    /// Where the price that fired an alert came from: the market's prices (a close, what the
    /// stock's page shows) or a trade on the exchange's live feed.
    public enum PriceOrigin: Sendable, Equatable {
        case market
        case exchange
    }

    /// The notice of a fired alert: "AAPL at or above 150.00", "AAPL traded at 150.12 (+1.52 % on
    /// the day)"; from the exchange's feed, "AAPL traded at 150.12 on the exchange (+0.01 % since
    /// the last close)", so that it never reads as the stock page's price and change when it is not.
    public static func fired(_ alert: Alert, from origin: PriceOrigin = .market) -> Notice {
        let place = origin == .exchange ? " on the exchange" : ""
        let since = origin == .exchange ? "since the last close" : "on the day"
        let price = alert.firedPrice.map { " traded at \($0)\(place)" } ?? " met the alert"
        let change = alert.firedChangePercent.map { " (\($0.isNegative ? "" : "+")\($0) % \(since))" } ?? ""
        return Notice(
            kind: .alert, title: "\(alert.symbol) \(alert.condition.text)", body: "\(alert.symbol)\(price)\(change)",
            url: "/stocks/\(alert.symbol)", tag: "alert-\(alert.id)", createdAt: alert.firedAt ?? alert.createdAt)
    }
}
