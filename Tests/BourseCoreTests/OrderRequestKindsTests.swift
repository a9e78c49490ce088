import Testing

@testable import BourseCore

/// SPEC.md §10's fields: each type takes exactly its prices, the time in force it allows, and a
/// bracket only on a market or limit entry with its prices in order; anything else is refused.
@Suite("Order requests: stop, stop-limit, trailing stop, time in force and brackets")
struct OrderRequestKindsTests {
    static func parse(_ text: String) throws(OrderError) -> OrderRequest {
        try OrderRequest.parse(try! JSONReader.parse(text))
    }

    static func p(_ text: String) -> Price { try! Price(parsing: text) }

    static let good: [(String, OrderRequest)] = [
        (
            #"{"side":"sell","type":"stop","quantity":100,"stopPrice":"99.00"}"#,
            try! OrderRequest(side: .sell, kind: .stop(p("99.00")), quantity: 100, timeInForce: .gtc)
        ),
        (
            #"{"side":"buy","type":"stop_limit","quantity":5,"stopPrice":"101.20","price":101.5,"timeInForce":"day"}"#,
            try! OrderRequest(side: .buy, kind: .stopLimit(stop: p("101.20"), limit: p("101.50")), quantity: 5, timeInForce: .day)
        ),
        (
            #"{"side":"sell","type":"trailing_stop","quantity":1,"trailAmount":"0.50"}"#,
            try! OrderRequest(side: .sell, kind: .trailingStop(.amount(p("0.50"))), quantity: 1)
        ),
        (
            #"{"side":"sell","type":"trailing_stop","quantity":1,"trailPercent":"2.50","trailAmount":null}"#,
            try! OrderRequest(side: .sell, kind: .trailingStop(.percent(TrailPercent("2.5" as ExactDecimal)!)), quantity: 1)
        ),
        (
            #"{"side":"buy","type":"market","quantity":10,"timeInForce":"fok","takeProfit":"105.00","stopLoss":"95.00"}"#,
            try! .market(.buy, quantity: 10, timeInForce: .fok, bracket: Bracket(takeProfit: p("105.00"), stopLoss: p("95.00")))
        ),
        (
            #"{"side":"sell","type":"limit","quantity":10,"price":"100.00","takeProfit":"96.00","timeInForce":"ioc"}"#,
            try! .limit(
                .sell, quantity: 10, price: p("100.00"), timeInForce: .ioc,
                bracket: Bracket(takeProfit: p("96.00"), stopLoss: nil))
        ),
    ]

    @Test(arguments: good)
    func readsAValidRequest(_ json: String, expected: OrderRequest) throws {
        #expect(try Self.parse(json) == expected)
    }

    /// The rules the exchange page's ticket is drawn from (`OrderKindsTable`): SPEC.md §10's fields
    /// and times in force per type, the default first.
    static let rules: [(OrderType, Set<OrderField>, [TimeInForce], Bool)] = [
        (.market, [.takeProfit, .stopLoss], [.ioc, .fok], true),
        (.limit, [.price, .takeProfit, .stopLoss], [.gtc, .day, .ioc, .fok], true),
        (.stop, [.stopPrice], [.gtc, .day], false),
        (.stopLimit, [.price, .stopPrice], [.gtc, .day], false),
        (.trailingStop, [.trailAmount, .trailPercent], [.gtc, .day], false),
    ]

    @Test(arguments: rules)
    func eachTypeTakesItsFieldsAndTimesInForce(
        _ type: OrderType, _ fields: Set<OrderField>, _ timesInForce: [TimeInForce], _ bracket: Bool
    ) throws {
        #expect(type.takes == fields)
        #expect(TimeInForce.allowed(for: type) == timesInForce)
        #expect(TimeInForce.default(for: type) == timesInForce[0])
        #expect(type.takesBracket == bracket)
        let entry: OrderKind =
            switch type {
            case .market: .market
            case .limit: .limit(Self.p("100.00"))
            case .stop: .stop(Self.p("100.00"))
            case .stopLimit: .stopLimit(stop: Self.p("100.00"), limit: Self.p("100.00"))
            case .trailingStop: .trailingStop(.amount(Self.p("1.00")))
            }
        let exits = Bracket(takeProfit: Self.p("200.00"), stopLoss: nil)
        if bracket {
            #expect(try OrderRequest(side: .buy, kind: entry, quantity: 1, bracket: exits).bracket == exits)
        } else {
            #expect(throws: OrderError.notTaken(.takeProfit, by: type, given: "a bracket")) {
                try OrderRequest(side: .buy, kind: entry, quantity: 1, bracket: exits)
            }
        }
    }

    @Test func eachTypeGetsItsDefaultTimeInForce() throws {
        #expect(try Self.parse(#"{"side":"buy","type":"market","quantity":1}"#).timeInForce == .ioc)
        #expect(try Self.parse(#"{"side":"buy","type":"limit","quantity":1,"price":"1.00"}"#).timeInForce == .gtc)
        #expect(try Self.parse(#"{"side":"buy","type":"stop","quantity":1,"stopPrice":"1.00"}"#).timeInForce == .gtc)
    }

    static let bad: [(String, OrderError)] = [
        // the prices each type needs
        (#"{"side":"buy","type":"stop","quantity":1}"#, .missing(.stopPrice, for: .stop)),
        (#"{"side":"buy","type":"stop_limit","quantity":1,"price":"1.00"}"#, .missing(.stopPrice, for: .stopLimit)),
        (#"{"side":"buy","type":"stop_limit","quantity":1,"stopPrice":"1.00"}"#, .missing(.price, for: .stopLimit)),
        (#"{"side":"buy","type":"stop","quantity":1,"stopPrice":"0"}"#, .priceNotPositive(.stopPrice, "0")),
        (#"{"side":"buy","type":"stop","quantity":1,"stopPrice":"1.001"}"#, .priceOffTickSize(.stopPrice, "1.001")),
        (#"{"side":"buy","type":"stop","quantity":1,"stopPrice":"x"}"#, .priceMalformed(.stopPrice, #""x""#)),
        // the prices each type refuses
        (
            #"{"side":"buy","type":"stop","quantity":1,"stopPrice":"1.00","price":"2.00"}"#,
            .notTaken(.price, by: .stop, given: "2.00")
        ),
        (
            #"{"side":"buy","type":"limit","quantity":1,"price":"1.00","stopPrice":"2.00"}"#,
            .notTaken(.stopPrice, by: .limit, given: "2.00")
        ),
        (
            #"{"side":"buy","type":"market","quantity":1,"trailAmount":"2.00"}"#,
            .notTaken(.trailAmount, by: .market, given: "2.00")
        ),
        (
            #"{"side":"buy","type":"trailing_stop","quantity":1,"trailAmount":"1.00","stopPrice":"2.00"}"#,
            .notTaken(.stopPrice, by: .trailingStop, given: "2.00")
        ),
        // trails
        (#"{"side":"buy","type":"trailing_stop","quantity":1}"#, .trailMissing),
        (#"{"side":"buy","type":"trailing_stop","quantity":1,"trailAmount":"1.00","trailPercent":"2"}"#, .trailAmbiguous),
        (#"{"side":"buy","type":"trailing_stop","quantity":1,"trailPercent":"0"}"#, .trailPercentOutOfRange("0")),
        (#"{"side":"buy","type":"trailing_stop","quantity":1,"trailPercent":"50.01"}"#, .trailPercentOutOfRange("50.01")),
        (#"{"side":"buy","type":"trailing_stop","quantity":1,"trailPercent":"-1"}"#, .trailPercentOutOfRange("-1")),
        (#"{"side":"buy","type":"trailing_stop","quantity":1,"trailPercent":"1.00001"}"#, .trailPercentOutOfRange("1.00001")),
        (#"{"side":"buy","type":"trailing_stop","quantity":1,"trailPercent":"abc"}"#, .trailPercentOutOfRange(#""abc""#)),
        (#"{"side":"buy","type":"trailing_stop","quantity":1,"trailAmount":"0"}"#, .priceNotPositive(.trailAmount, "0")),
        // time in force
        (#"{"side":"buy","type":"market","quantity":1,"timeInForce":"gtc"}"#, .timeInForceNotAllowed(.gtc, for: .market)),
        (#"{"side":"buy","type":"market","quantity":1,"timeInForce":"day"}"#, .timeInForceNotAllowed(.day, for: .market)),
        (
            #"{"side":"buy","type":"stop","quantity":1,"stopPrice":"1.00","timeInForce":"ioc"}"#,
            .timeInForceNotAllowed(.ioc, for: .stop)
        ),
        (
            #"{"side":"buy","type":"trailing_stop","quantity":1,"trailAmount":"1.00","timeInForce":"fok"}"#,
            .timeInForceNotAllowed(.fok, for: .trailingStop)
        ),
        (#"{"side":"buy","type":"limit","quantity":1,"price":"1.00","timeInForce":"GTC"}"#, .unknownTimeInForce("GTC")),
        (#"{"side":"buy","type":"limit","quantity":1,"price":"1.00","timeInForce":1}"#, .unknownTimeInForce("1")),
        // brackets
        (
            #"{"side":"buy","type":"stop","quantity":1,"stopPrice":"1.00","takeProfit":"2.00"}"#,
            .notTaken(.takeProfit, by: .stop, given: "2.00")
        ),
        (
            #"{"side":"buy","type":"trailing_stop","quantity":1,"trailAmount":"1.00","stopLoss":"2.00"}"#,
            .notTaken(.stopLoss, by: .trailingStop, given: "2.00")
        ),
        (
            #"{"side":"buy","type":"market","quantity":1,"takeProfit":"95.00","stopLoss":"105.00"}"#,
            .bracketOutOfOrder("takeProfit 95.00 must be above stopLoss 105.00 for a buy")
        ),
        (
            #"{"side":"sell","type":"market","quantity":1,"takeProfit":"105.00","stopLoss":"95.00"}"#,
            .bracketOutOfOrder("takeProfit 105.00 must be below stopLoss 95.00 for a sell")
        ),
        (
            #"{"side":"buy","type":"limit","quantity":1,"price":"100.00","takeProfit":"100.00"}"#,
            .bracketOutOfOrder("takeProfit 100.00 must be above the limit 100.00 for a buy")
        ),
        (
            #"{"side":"buy","type":"limit","quantity":1,"price":"100.00","stopLoss":"100.01"}"#,
            .bracketOutOfOrder("stopLoss 100.01 must be below the limit 100.00 for a buy")
        ),
        (
            #"{"side":"sell","type":"limit","quantity":1,"price":"100.00","stopLoss":"99.99"}"#,
            .bracketOutOfOrder("stopLoss 99.99 must be above the limit 100.00 for a sell")
        ),
        (#"{"side":"buy","type":"market","quantity":1,"takeProfit":"-1"}"#, .priceNotPositive(.takeProfit, "-1")),
        (#"{"side":"buy","type":"market","quantity":1,"stopLoss":"1.005"}"#, .priceOffTickSize(.stopLoss, "1.005")),
    ]

    @Test(arguments: bad)
    func refusesABadRequest(_ json: String, expected: OrderError) {
        #expect(throws: expected) { try Self.parse(json) }
    }

    @Test func errorsSayWhatToDo() {
        #expect(OrderError.missing(.stopPrice, for: .stop).description == #"a stop order needs a "stopPrice""#)
        #expect(
            OrderError.timeInForceNotAllowed(.gtc, for: .market).description
                == #"a market order cannot be "gtc": it takes "ioc" or "fok""#)
        #expect(
            OrderError.notTaken(.stopPrice, by: .limit, given: "2.00").description
                == #"a limit order takes no "stopPrice" (got 2.00); only stop and stop_limit orders have a stop price"#)
    }

    @Test(arguments: [
        // reference, trail, side, level
        ("100.00", "2.5", Side.buy, "102.50"), ("100.00", "2.5", .sell, "97.50"),
        ("100.01", "1", .buy, "101.02"),  // 101.0101 rounds up
        ("100.01", "1", .sell, "99.00"),  // 99.0099 rounds down
        ("0.01", "50", .sell, "0.00"), ("0.01", "50", .buy, "0.02"),
    ])
    func aPercentTrailRoundsAwayFromTheMarket(_ reference: String, _ percent: String, _ side: Side, _ level: String) {
        let trail = Trail.percent(TrailPercent(ExactDecimal(percent)!)!)
        #expect(trail.stopLevel(reference: Self.p(reference), side: side) == Self.p(level))
    }
}
