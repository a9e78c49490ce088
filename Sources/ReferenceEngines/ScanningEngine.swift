import BourseCore
import Foundation

/// A second, deliberately simple implementation of SPEC.md §10: every open order in one list,
/// scanned on every tick and every submission. O(n) a tick; kept as the benchmark's baseline and
/// as the reference the fast `MatchingEngine` is checked against (same fills, statuses and ids).
///
/// It shares only the value types (`Order`, `MatchReport`, `Trail`'s arithmetic) with the fast
/// engine; every rule is written here again, plainly, in the order the specification gives.
public struct ScanningEngine: Sendable {
    struct Item: Sendable {
        var order: Order
        /// Time priority: placement, a stop-limit's trigger, an exit's last growth.
        var rank: Int
        /// Placement order, for expiring day orders.
        var placed: Int
        /// A bracket exit made or grown on this tick.
        var held = false
    }

    public private(set) var book: FeedTick?
    var items: [Item] = []
    /// The ids in `items`, so that a submission need not scan for a duplicate.
    var ids: Set<String> = []
    var counter = 0
    var placements = 0
    /// Entries whose exits were made and not yet ended.
    var bracketsWithExits: Set<String> = []

    public init() {}

    public var openOrders: [Order] { items.sorted { $0.rank < $1.rank }.map(\.order) }

    public mutating func clearBook() { book = nil }

    /// One tick, in SPEC.md §10's order. Trailing stops that moved are told as the fast engine
    /// tells them: one `TrailMove` per side (buys first), and with `.listed` each moved order.
    public mutating func apply(_ tick: FeedTick, movedStops: MovedStops = .summarized) -> MatchReport {
        book = tick
        var report = MatchReport()
        for i in items.indices { items[i].held = false }
        // 1. Expire.
        let session = NewYorkTime.sessionDate(of: tick.time)
        let expiring = items.filter {
            $0.order.timeInForce == .day && NewYorkTime.sessionDate(of: $0.order.createdAt) != session
        }.sorted { $0.placed < $1.placed }
        for item in expiring { end(item.order.id, .expired, "expired at the close", tick.time, &report) }
        // 2. Trail.
        if let last = tick.last?.price {
            let trailing = items.indices.filter {
                if case .trailingStop = items[$0].order.kind { return !items[$0].order.triggered }
                return false
            }
            var moved: [Side: AccountID] = [:]
            for i in trailing.sorted(by: { items[$0].rank < items[$1].rank }) {
                let old = items[i].order.trailReference
                let new = old.map { items[i].order.side == .buy ? min($0, last) : max($0, last) } ?? last
                if new != old {
                    items[i].order.trailReference = new
                    moved[items[i].order.side] = items[i].order.account
                    if movedStops == .listed { report.note(items[i].order) }
                }
            }
            for side in Side.allCases {
                if let account = moved[side] {
                    report.trailMoves.append(TrailMove(account: account, side: side, reference: last))
                }
            }
        }
        // 3. Resting limits, buys then sells.
        for side in Side.allCases {
            while let i = bestResting(side), let best = level(against: side), reaches(items[i].order, best.price) {
                var order = items[i].order
                let fills = take(&order, limit: order.limitPrice, tick.seq, tick.time)
                order.status = order.remainingQuantity == 0 ? .filled : .partiallyFilled
                items[i].order = order
                report.fills += fills
                report.note(order)
                if order.status == .filled { remove(at: i) }
                afterFills(order, fills, tick.time, &report)
                if order.status == .filled { afterFinal(order, tick.time, &report) } else { break }
            }
        }
        // 4. Triggers, in placement order.
        if let last = tick.last?.price {
            let triggered = items.filter { !$0.held && !$0.order.triggered && holds($0.order, last) }
                .sorted { $0.rank < $1.rank }.map(\.order.id)
            for id in triggered {
                guard let i = items.firstIndex(where: { $0.order.id == id }) else { continue }
                let item = remove(at: i)
                fire(item.order, placed: item.placed, last, tick.time, &report)
            }
        }
        return report
    }

    public mutating func submit(_ request: OrderRequest, id: String, at time: Date) -> MatchReport {
        var order = Order(id: id, request: request, createdAt: time)
        var report = MatchReport()
        if ids.contains(id) {
            order.status = .rejected
            order.reason = "an open order already has the id \(id)"
            report.note(order)
            return report
        }
        if id.hasSuffix(".tp") || id.hasSuffix(".sl") {
            order.status = .rejected
            order.reason = "the id \(id) is kept for a bracket's exit"
            report.note(order)
            return report
        }
        placements += 1
        switch request.kind {
        case .market: asMarket(order, time, &report)
        case .limit: asLimit(order, placed: placements, time, &report)
        case .stop, .stopLimit, .trailingStop:
            let last = book?.last?.price
            if case .trailingStop = order.kind { order.trailReference = last }
            if let last, holds(order, last) {
                fire(order, placed: placements, last, time, &report)
            } else {
                counter += 1
                add(Item(order: order, rank: counter, placed: placements))
                report.note(order)
            }
        }
        return report
    }

    public mutating func cancel(id: String, at time: Date) throws(OrderError) -> MatchReport {
        guard let item = items.first(where: { $0.order.id == id }) else { throw .notFound(id) }
        var report = MatchReport()
        if let parent = item.order.parentID {
            end(parent + ".tp", .cancelled, "cancelled by the user", time, &report)
            end(parent + ".sl", .cancelled, "cancelled by the user", time, &report)
        } else {
            end(id, .cancelled, "cancelled by the user", time, &report)
        }
        return report
    }

    // MARK: - The rules, plainly

    mutating func add(_ item: Item) {
        items.append(item)
        ids.insert(item.order.id)
    }

    @discardableResult
    mutating func remove(at i: Int) -> Item {
        ids.remove(items[i].order.id)
        return items.remove(at: i)
    }

    func level(against side: Side) -> BookLevel? { side == .buy ? book?.asks.first : book?.bids.first }

    func reaches(_ order: Order, _ price: Price) -> Bool {
        guard let limit = order.limitPrice else { return true }
        return order.side == .buy ? price <= limit : price >= limit
    }

    /// Whether `last` triggers the untriggered stop `order`.
    func holds(_ order: Order, _ last: Price) -> Bool {
        guard let level = order.stopPrice else { return false }
        return order.side == .buy ? last >= level : last <= level
    }

    /// The resting order of `side` that trades first: best limit, then lowest rank.
    func bestResting(_ side: Side) -> Int? {
        var best: Int?
        for i in items.indices where items[i].order.side == side && items[i].order.triggered && !items[i].held {
            guard let limit = items[i].order.limitPrice else { continue }
            if let b = best, let bestLimit = items[b].order.limitPrice {
                let better = side == .buy ? limit > bestLimit : limit < bestLimit
                if !better && !(limit == bestLimit && items[i].rank < items[b].rank) { continue }
            }
            best = i
        }
        return best
    }

    mutating func take(_ order: inout Order, limit: Price?, _ seq: Int64, _ time: Date) -> [Fill] {
        var fills: [Fill] = []
        while order.remainingQuantity > 0, let best = level(against: order.side) {
            if let limit, order.side == .buy ? best.price > limit : best.price < limit { break }
            let quantity = min(order.remainingQuantity, best.quantity)
            fills.append(Fill(orderID: order.id, seq: seq, time: time, side: order.side, price: best.price, quantity: quantity))
            order.filledQuantity += quantity
            order.filledTicks += best.price.ticks * Int64(quantity)
            order.updatedAt = time
            if order.side == .buy {
                book?.asks[0].quantity -= quantity
                if book?.asks[0].quantity == 0 { book?.asks.removeFirst() }
            } else {
                book?.bids[0].quantity -= quantity
                if book?.bids[0].quantity == 0 { book?.bids.removeFirst() }
            }
        }
        return fills
    }

    func offered(against side: Side, limit: Price?) -> Int {
        var total = 0
        for level in (side == .buy ? book?.asks : book?.bids) ?? [] {
            if let limit, side == .buy ? level.price > limit : level.price < limit { break }
            total += level.quantity
        }
        return total
    }

    /// A triggered stop trades now.
    mutating func fire(_ stop: Order, placed: Int, _ last: Price, _ time: Date, _ report: inout MatchReport) {
        var order = stop
        order.triggered = true
        order.triggerPrice = last
        order.updatedAt = time
        if case .stopLimit = order.kind {
            asLimit(order, placed: placed, time, &report)
        } else {
            asMarket(order, time, &report)
        }
    }

    mutating func asMarket(_ new: Order, _ time: Date, _ report: inout MatchReport) {
        var order = new
        let levels = order.side == .buy ? "asks" : "bids"
        order.updatedAt = time
        if book == nil {
            order.status = .rejected
            order.reason = "no market data yet"
        } else if level(against: order.side) == nil {
            order.status = .rejected
            order.reason = "no \(levels) in the book"
        } else if order.timeInForce == .fok && offered(against: order.side, limit: nil) < order.quantity {
            order.status = .cancelled
            order.reason = "fill or kill"
        } else {
            let fills = take(&order, limit: nil, book?.seq ?? 0, time)
            if order.remainingQuantity == 0 {
                order.status = .filled
            } else {
                order.status = .cancelled
                order.reason = "\(order.remainingQuantity) could not be filled: no more \(levels) in the book"
            }
            report.fills += fills
            report.note(order)
            afterFills(order, fills, time, &report)
            afterFinal(order, time, &report)
            return
        }
        report.note(order)
        afterFinal(order, time, &report)
    }

    mutating func asLimit(_ new: Order, placed: Int, _ time: Date, _ report: inout MatchReport) {
        var order = new
        counter += 1
        let rank = counter
        let limit = order.limitPrice
        if order.timeInForce == .fok && (book == nil || offered(against: order.side, limit: limit) < order.remainingQuantity) {
            order.status = .cancelled
            order.reason = "fill or kill"
            order.updatedAt = time
            report.note(order)
            afterFinal(order, time, &report)
            return
        }
        let fills = book == nil ? [] : take(&order, limit: limit, book?.seq ?? 0, time)
        report.fills += fills
        if order.remainingQuantity == 0 {
            order.status = .filled
        } else if order.timeInForce == .ioc {
            order.status = .cancelled
            order.reason = "\(order.remainingQuantity) could not be filled at once (immediate or cancel)"
        } else {
            order.status = order.filledQuantity > 0 ? .partiallyFilled : .pending
            add(Item(order: order, rank: rank, placed: placed))
        }
        report.note(order)
        afterFills(order, fills, time, &report)
        if !order.status.isOpen { afterFinal(order, time, &report) }
    }

    /// Ends an open order.
    mutating func end(_ id: String, _ status: OrderStatus, _ reason: String, _ time: Date, _ report: inout MatchReport) {
        guard let i = items.firstIndex(where: { $0.order.id == id }) else { return }
        var order = remove(at: i).order
        order.status = status
        order.reason = reason
        order.updatedAt = time
        report.note(order)
        afterFinal(order, time, &report)
    }

    // MARK: - Brackets

    mutating func afterFills(_ order: Order, _ fills: [Fill], _ time: Date, _ report: inout MatchReport) {
        let quantity = fills.reduce(0) { $0 + $1.quantity }
        guard quantity > 0 else { return }
        if let bracket = order.bracket {
            let side: Side = order.side == .buy ? .sell : .buy
            let first = !bracketsWithExits.contains(order.id)
            bracketsWithExits.insert(order.id)
            for (suffix, price) in [("tp", bracket.takeProfit), ("sl", bracket.stopLoss)] {
                guard let price else { continue }
                let id = "\(order.id).\(suffix)"
                if first {
                    counter += 1
                    let exit = Order(
                        id: id, side: side, kind: suffix == "tp" ? .limit(price) : .stop(price), quantity: quantity,
                        timeInForce: .gtc, bracket: nil, parentID: order.id, createdAt: time, status: .pending)
                    add(Item(order: exit, rank: counter, placed: 0, held: true))
                    report.note(exit)
                } else if let i = items.firstIndex(where: { $0.order.id == id }) {
                    counter += 1
                    items[i].order.quantity += quantity
                    items[i].order.updatedAt = time
                    items[i].rank = counter
                    items[i].held = true
                    report.note(items[i].order)
                }
            }
        } else if let parent = order.parentID {
            let other = order.id.hasSuffix(".tp") ? parent + ".sl" : parent + ".tp"
            guard let i = items.firstIndex(where: { $0.order.id == other }) else { return }
            items[i].order.quantity -= min(quantity, items[i].order.remainingQuantity)
            items[i].order.updatedAt = time
            if items[i].order.remainingQuantity == 0 {
                end(other, .cancelled, "the other exit filled", time, &report)
            } else {
                report.note(items[i].order)
            }
        }
    }

    mutating func afterFinal(_ order: Order, _ time: Date, _ report: inout MatchReport) {
        let entry = order.parentID ?? (order.bracket != nil ? order.id : nil)
        guard let entry, bracketsWithExits.contains(entry) else { return }
        let open = items.contains { $0.order.parentID == entry }
        guard !open else { return }
        bracketsWithExits.remove(entry)
        end(entry, .cancelled, "its bracket's exits ended", time, &report)
    }
}
