import Foundation

extension MatchingEngine {
    /// Matches `side`'s resting orders, best first, until the first that the book no longer
    /// reaches. Every order after it has a limit no better, so none of them could fill either:
    /// the step costs O(log n) plus O(log n) per order that trades.
    mutating func matchResting(_ side: Side, seq: Int64, time: Date, into report: inout MatchReport) {
        while let key = index.first(side), let best = bestLevel(against: side), Self.reaches(key.limit, best.price, side) {
            guard var entry = resting[key.priority] else {
                preconditionFailure("the index holds order \(key.priority), which is not open")
            }
            let fills = take(for: entry.order, limit: key.limit, seq: seq, time: time)
            record(fills, on: &entry.order, at: time)
            report.fills += fills
            if entry.order.remainingQuantity == 0 {
                entry.order.status = .filled
                forget(entry)
                report.orders.append(entry.order)
            } else {
                entry.order.status = .partiallyFilled
                resting[key.priority] = entry
                report.orders.append(entry.order)
                break
            }
        }
    }

    mutating func submitMarket(_ new: Order, at time: Date) -> MatchReport {
        var order = new
        let levels = order.side == .buy ? "asks" : "bids"
        guard let book else { return Self.rejected(order, "no market data yet", at: time) }
        guard bestLevel(against: order.side) != nil else {
            return Self.rejected(order, "no \(levels) in the book", at: time)
        }
        let fills = take(for: order, limit: nil, seq: book.seq, time: time)
        record(fills, on: &order, at: time)
        if order.remainingQuantity == 0 {
            order.status = .filled
        } else {
            order.status = .cancelled
            order.reason = "\(order.remainingQuantity) could not be filled: no more \(levels) in the book"
        }
        return MatchReport(fills: fills, orders: [order])
    }

    mutating func submitLimit(_ new: Order, at time: Date) -> MatchReport {
        var order = new
        // Validated requests always carry a limit.
        let limit = order.limitPrice!
        var fills: [Fill] = []
        if let book {
            fills = take(for: order, limit: limit, seq: book.seq, time: time)
            record(fills, on: &order, at: time)
        }
        if order.remainingQuantity == 0 {
            order.status = .filled
        } else {
            order.status = order.filledQuantity > 0 ? .partiallyFilled : .pending
            rest(order, limit: limit)
        }
        return MatchReport(fills: fills, orders: [order])
    }

    /// The best level of the book side that `side` trades against (asks for a buy).
    func bestLevel(against side: Side) -> BookLevel? {
        side == .buy ? book?.asks.first : book?.bids.first
    }

    /// Whether an order on `side` limited at `limit` may trade at `price`.
    static func reaches(_ limit: Price, _ price: Price, _ side: Side) -> Bool {
        side == .buy ? price <= limit : price >= limit
    }

    /// Takes liquidity for `order`'s remaining quantity from the book, best level first, down to
    /// `limit` (none for a market order), and removes what it took from the book.
    mutating func take(for order: Order, limit: Price?, seq: Int64, time: Date) -> [Fill] {
        var fills: [Fill] = []
        var wanted = order.remainingQuantity
        while wanted > 0, let level = bestLevel(against: order.side) {
            if let limit, !Self.reaches(limit, level.price, order.side) { break }
            let quantity = min(wanted, level.quantity)
            fills.append(
                Fill(orderID: order.id, seq: seq, time: time, side: order.side, price: level.price, quantity: quantity))
            wanted -= quantity
            consume(quantity, from: order.side)
        }
        return fills
    }

    /// Removes `quantity` from the best level `side` trades against; an emptied level goes.
    private mutating func consume(_ quantity: Int, from side: Side) {
        switch side {
        case .buy:
            book?.asks[0].quantity -= quantity
            if book?.asks[0].quantity == 0 { book?.asks.removeFirst() }
        case .sell:
            book?.bids[0].quantity -= quantity
            if book?.bids[0].quantity == 0 { book?.bids.removeFirst() }
        }
    }

    private func record(_ fills: [Fill], on order: inout Order, at time: Date) {
        guard !fills.isEmpty else { return }
        for fill in fills {
            order.filledQuantity += fill.quantity
            order.filledTicks += fill.price.ticks * Int64(fill.quantity)
        }
        order.updatedAt = time
    }

    private static func rejected(_ new: Order, _ reason: String, at time: Date) -> MatchReport {
        var order = new
        order.status = .rejected
        order.reason = reason
        order.updatedAt = time
        return MatchReport(orders: [order])
    }
}
