import BourseCore
import Foundation

/// One stock's simulated snapshot, built from the same bars grouped daily serves: `day` is the
/// current trading day's bar so far, `prevDay` the trading day's before, `min` that day's last
/// minute so far, and the last trade and quote sit at that minute's end (the close, once closed).
struct StockSnapshot: Sendable {
    let listing: Listing
    let day: AggregateBar
    let previousDay: AggregateBar
    let minute: AggregateBar?
    let accumulatedVolume: ExactDecimal
    /// The end of `day`'s last minute so far (its session close once closed): the last trade is
    /// stamped just before it.
    let asOf: Date

    var symbol: String { listing.symbol }
    /// `day.c - prevDay.c`.
    var change: ExactDecimal { day.bar.close - previousDay.bar.close }
    /// The change in percent of the previous close, to 3 places as Massive writes it.
    var changePercent: ExactDecimal {
        (try? (change * 100).divided(by: previousDay.bar.close, places: 3)) ?? .zero
    }

    init(listing: Listing, day: Bar, previousDay: Bar, minutes: Bar?, asOf: Date) {
        self.listing = listing
        self.day = BarBucketing.combine([day], start: day.start)
        self.previousDay = BarBucketing.combine([previousDay], start: previousDay.start)
        self.minute = minutes.map { BarBucketing.combine([$0], start: $0.start) }
        self.accumulatedVolume = day.volume
        self.asOf = asOf
    }

    /// Stable per-symbol numbers for the trade and quote (sizes, ids, nanoseconds).
    private var seed: UInt64 { StableHash.mix(StableHash.fnv1a(symbol) ^ UInt64(bitPattern: Int64(asOf.timeIntervalSince1970))) }

    /// The last trade's SIP time in Unix nanoseconds: within the last second before `asOf`.
    var tradeNanoseconds: Int {
        (Int(asOf.timeIntervalSince1970) - 1) * 1_000_000_000 + Int(seed % 900_000_000)
    }

    /// The last quote's time: a few milliseconds after the trade.
    var quoteNanoseconds: Int { tradeNanoseconds + 1_000_000 + Int(seed % 50_000_000) }

    var tradeSize: Int { 100 * (1 + Int(seed % 9)) }
    var tradeID: String { String(10_000 + (seed >> 8) % 90_000_000) }
    var sequenceNumber: Int { Int((seed >> 16) % 900_000_000) + 1_000_000 }

    /// Massive's numeric id of the listing exchange (1 NYSE American, 10 NYSE, 11 NYSE Arca, 12 Nasdaq).
    var exchangeID: Int {
        switch listing.exchange {
        case .nasdaq: 12
        case .nyse: 10
        case .nyseAmerican: 1
        case .nyseArca: 11
        }
    }

    /// The SIP tape: 1 (A, NYSE), 2 (B, NYSE American, NYSE Arca and others), 3 (C, Nasdaq).
    var tape: Int {
        switch listing.exchange {
        case .nyse: 1
        case .nyseAmerican, .nyseArca: 2
        case .nasdaq: 3
        }
    }

    static let tick = ExactDecimal(significand: 1, scale: 2)

    /// The best bid and ask around the close: one cent either side (the bid never below a cent).
    var bid: ExactDecimal { day.bar.close > Self.tick ? day.bar.close - Self.tick : day.bar.close }
    var ask: ExactDecimal { day.bar.close + Self.tick }
    var bidSize: Int { 1 + Int((seed >> 24) % 20) }
    var askSize: Int { 1 + Int((seed >> 32) % 20) }

    /// The snapshot as Massive writes it in `tickers` (or `ticker`).
    var json: PolygonJSON {
        var members: [(String, PolygonJSON)] = [
            ("day", Self.dayJSON(day)),
            (
                "lastQuote",
                .object([
                    ("P", .decimal(ask)), ("S", .int(askSize)), ("p", .decimal(bid)), ("s", .int(bidSize)),
                    ("t", .int(quoteNanoseconds)),
                ])
            ),
            (
                "lastTrade",
                .object([
                    ("i", .string(tradeID)), ("p", .decimal(day.bar.close)), ("s", .int(tradeSize)),
                    ("t", .int(tradeNanoseconds)), ("x", .int(exchangeID)),
                ])
            ),
        ]
        if let minute {
            members.append(
                (
                    "min",
                    .object([
                        ("av", .decimal(accumulatedVolume)), ("t", .int(PolygonStandIn.milliseconds(minute.bar.start))),
                        ("n", .int(minute.transactions)), ("o", .decimal(minute.bar.open)),
                        ("h", .decimal(minute.bar.high)), ("l", .decimal(minute.bar.low)),
                        ("c", .decimal(minute.bar.close)), ("v", .decimal(minute.bar.volume)),
                        ("vw", .decimal(minute.vwap)),
                    ])
                ))
        }
        members += [
            ("prevDay", Self.dayJSON(previousDay)),
            ("ticker", .string(symbol)),
            ("todaysChange", .decimal(change)),
            ("todaysChangePerc", .decimal(changePercent)),
            ("updated", .int(tradeNanoseconds)),
        ]
        return .object(members)
    }

    /// `day` and `prevDay`: `o`, `h`, `l`, `c`, `v`, `vw`, as Massive writes them (no `t`, no `n`).
    static func dayJSON(_ aggregate: AggregateBar) -> PolygonJSON {
        let bar = aggregate.bar
        return .object([
            ("o", .decimal(bar.open)), ("h", .decimal(bar.high)), ("l", .decimal(bar.low)), ("c", .decimal(bar.close)),
            ("v", .decimal(bar.volume)), ("vw", .decimal(aggregate.vwap)),
        ])
    }
}
