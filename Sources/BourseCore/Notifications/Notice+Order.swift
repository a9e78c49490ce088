extension Notice {
    /// The notice of what one event did to an order, when it is worth telling: new fills
    /// (kind `fill`), or the order cancelled or expired (kind `order`). Nil for the rest (an
    /// order placed, pending, refused at once: the user is looking at the answer).
    ///
    /// - Parameter symbol: the exchange's stock, named in the title when known.
    public static func order(_ order: Order, newFills: [Fill], symbol: String?) -> Notice? {
        let on = symbol.map { " (\($0))" } ?? ""
        let kind: NoticeKind
        let title: String
        if !newFills.isEmpty {
            kind = .fill
            let quantity = newFills.reduce(0) { $0 + $1.quantity }
            let verb = order.side == .buy ? "Bought" : "Sold"
            title = "\(verb) \(quantity)\(on), order \(order.id)"
        } else if order.status == .cancelled || order.status == .expired {
            kind = .order
            title = "Order \(order.id)\(on) \(order.status == .cancelled ? "cancelled" : "expired")"
        } else {
            return nil
        }
        return Notice(
            kind: kind, title: title, body: OrderNotice.text(for: order, newFills: newFills), url: "/exchange",
            tag: "order-\(order.id)", createdAt: newFills.last?.time ?? order.updatedAt)
    }
}
