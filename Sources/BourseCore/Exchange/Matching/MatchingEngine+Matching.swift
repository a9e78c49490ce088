import Foundation

extension MatchingEngine {
    /// Step 3: `side`'s resting orders, best first, until the first that the book no longer
    /// reaches. Every order after it has a limit no better, so none of them could fill either:
    /// the step costs O(log n) plus O(log n) per order that trades.
    mutating func matchResting(_ side: Side, seq: Int64, time: Date, into report: inout MatchReport) {
        while let key = index.first(side), let best = bestLevel(against: side), Self.reaches(key.limit, best.price, side) {
            guard var entry = entries[key.priority] else {
                preconditionFailure("the index holds order \(key.priority), which is not open")
            }
            let fills = take(for: entry.order, limit: key.limit, seq: seq, time: time)
            record(fills, on: &entry.order, at: time)
            report.fills += fills
            let done = entry.order.remainingQuantity == 0
            if done {
                entry.order.status = .filled
                forget(rank: key.priority)
            } else {
                entry.order.status = .partiallyFilled
                entries[key.priority] = entry
            }
            report.note(entry.order)
            filled(entry.order, fills, at: time, into: &report)
            if done { finished(entry.order, at: time, into: &report) } else { break }
        }
    }

    /// A market order, or a stop triggered into one: what the book shows, at once.
    mutating func submitMarket(_ new: Order, at time: Date, into report: inout MatchReport) {
        var order = new
        let levels = order.side == .buy ? "asks" : "bids"
        guard let book else { return reject(order, "no market data yet", at: time, into: &report) }
        guard bestLevel(against: order.side) != nil else {
            return reject(order, "no \(levels) in the book", at: time, into: &report)
        }
        if order.timeInForce == .fok, available(against: order.side, limit: nil) < order.remainingQuantity {
            return end(order, .cancelled, "fill or kill", at: time, into: &report)
        }
        let fills = take(for: order, limit: nil, seq: book.seq, time: time)
        record(fills, on: &order, at: time)
        if order.remainingQuantity == 0 {
            order.status = .filled
        } else {
            order.status = .cancelled
            order.reason = "\(order.remainingQuantity) could not be filled: no more \(levels) in the book"
        }
        report.fills += fills
        report.note(order)
        filled(order, fills, at: time, into: &report)
        finished(order, at: time, into: &report)
    }

    /// A limit order, or a stop-limit triggered into one, at `rank`: what qualifies fills now,
    /// the rest rests (`ioc`: is cancelled; `fok`: all now or nothing).
    mutating func submitLimit(_ new: Order, limit: Price, rank: Int64, at time: Date, into report: inout MatchReport) {
        var order = new
        if order.timeInForce == .fok, book == nil || available(against: order.side, limit: limit) < order.remainingQuantity {
            return end(order, .cancelled, "fill or kill", at: time, into: &report)
        }
        var fills: [Fill] = []
        if let book {
            fills = take(for: order, limit: limit, seq: book.seq, time: time)
            record(fills, on: &order, at: time)
        }
        let resting = order.remainingQuantity > 0 && order.timeInForce != .ioc
        if order.remainingQuantity == 0 {
            order.status = .filled
        } else if !resting {
            order.status = .cancelled
            order.reason = "\(order.remainingQuantity) could not be filled at once (immediate or cancel)"
        } else {
            order.status = order.filledQuantity > 0 ? .partiallyFilled : .pending
            rest(order, limit: limit, rank: rank)
        }
        report.fills += fills
        report.note(order)
        filled(order, fills, at: time, into: &report)
        if !resting { finished(order, at: time, into: &report) }
    }

    /// Shares the book offers against `side` at `limit` or better (all of them for no limit).
    func available(against side: Side, limit: Price?) -> Int {
        let levels = (side == .buy ? book?.asks : book?.bids) ?? []
        var total = 0
        for level in levels {
            if let limit, !Self.reaches(limit, level.price, side) { break }
            total += level.quantity
        }
        return total
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
                Fill(
                    orderID: order.id, account: order.account, seq: seq, time: time, side: order.side, price: level.price,
                    quantity: quantity))
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

    func record(_ fills: [Fill], on order: inout Order, at time: Date) {
        guard !fills.isEmpty else { return }
        for fill in fills {
            order.filledQuantity += fill.quantity
            order.filledTicks += fill.price.ticks * Int64(fill.quantity)
        }
        order.updatedAt = time
    }

    /// An order that was never open ends with `status` and `reason`.
    mutating func end(
        _ new: Order, _ status: OrderStatus, _ reason: String, at time: Date, into report: inout MatchReport
    ) {
        var order = new
        order.status = status
        order.reason = reason
        order.updatedAt = time
        report.note(order)
        finished(order, at: time, into: &report)
    }

    mutating func reject(_ new: Order, _ reason: String, at time: Date, into report: inout MatchReport) {
        end(new, .rejected, reason, at: time, into: &report)
    }
}
