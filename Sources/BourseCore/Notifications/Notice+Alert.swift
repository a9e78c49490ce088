extension Notice {
    /// The notice of a fired alert: "AAPL at or above 150.00", "AAPL traded at 150.12 (+1.52 % on the day)".
    public static func fired(_ alert: Alert) -> Notice {
        let price = alert.firedPrice.map { " traded at \($0)" } ?? " met the alert"
        let change = alert.firedChangePercent.map { " (\($0.isNegative ? "" : "+")\($0) % on the day)" } ?? ""
        return Notice(
            kind: .alert, title: "\(alert.symbol) \(alert.condition.text)", body: "\(alert.symbol)\(price)\(change)",
            url: "/stocks/\(alert.symbol)", tag: "alert-\(alert.id)", createdAt: alert.firedAt ?? alert.createdAt)
    }
}
