import Testing

@testable import BourseCore

@Suite("Replay: a recorded feed and a script of orders, run deterministically")
struct ReplayTests {
    static let feed = """
        {"type":"tick","seq":1,"time":"2026-11-20T14:30:00.000Z","symbol":"BRSE","last":null,"bids":[["101.00",100]],"asks":[["101.02",100],["101.03",200]]}
        {"type":"tick","seq":2,"time":"2026-11-20T14:30:00.250Z","symbol":"BRSE","last":{"price":"101.02","size":100},"bids":[["101.01",300]],"asks":[["101.02",50]]}

        {"type":"tick","seq":4,"time":"2026-11-20T14:30:00.750Z","symbol":"BRSE","last":null,"bids":[["100.90",100]],"asks":[["100.95",500]]}

        """

    static let orders = """
        {"id":"m0","atSeq":0,"side":"buy","type":"market","quantity":10}
        {"id":"o1","atSeq":1,"side":"buy","type":"market","quantity":250}

        {"id":"o2","atSeq":1,"side":"buy","type":"limit","quantity":100,"price":"101.02"}
        {"id":"o3","atSeq":2,"side":"sell","type":"limit","quantity":400,"price":101.00}
        {"cancel":"o3","atSeq":3}
        {"id":"o4","atSeq":9,"side":"sell","type":"market","quantity":150,"price":null}
        {"cancel":"o1","atSeq":9}
        {"id":"o5","atSeq":1,"side":"buy","type":"limit","quantity":10,"price":"101.03"}
        """

    /// m0 comes before any tick; o1, o2 and o5 run after tick 1 in file order (o5 is written
    /// last but its atSeq puts it there, so it takes the 101.03s o1 left); o2 rests and fills on
    /// ticks 2 and 4; o3 fills in part after tick 2 and is cancelled before tick 4 (there is no
    /// seq 3); o4 runs after the last tick; the cancel of o1 comes after it filled.
    static let expectedJSON = """
        {"orders":[
        {"id":"m0","side":"buy","type":"market","quantity":10,"price":null,"stopPrice":null,"trailAmount":null,"trailPercent":null,"timeInForce":"ioc","takeProfit":null,"stopLoss":null,"parentId":null,"status":"REJECTED","triggered":true,"triggerPrice":null,"filledQuantity":0,"averagePrice":null,"reason":"no market data yet","notes":[],"fills":[]},
        {"id":"o1","side":"buy","type":"market","quantity":250,"price":null,"stopPrice":null,"trailAmount":null,"trailPercent":null,"timeInForce":"ioc","takeProfit":null,"stopLoss":null,"parentId":null,"status":"FILLED","triggered":true,"triggerPrice":null,"filledQuantity":250,"averagePrice":"101.0260","reason":null,"notes":["cancel at seq 9 (orders line 8) changed nothing: the order was already FILLED"],"fills":[{"seq":1,"price":"101.02","quantity":100},{"seq":1,"price":"101.03","quantity":150}]},
        {"id":"o2","side":"buy","type":"limit","quantity":100,"price":"101.02","stopPrice":null,"trailAmount":null,"trailPercent":null,"timeInForce":"gtc","takeProfit":null,"stopLoss":null,"parentId":null,"status":"FILLED","triggered":true,"triggerPrice":null,"filledQuantity":100,"averagePrice":"100.9850","reason":null,"notes":[],"fills":[{"seq":2,"price":"101.02","quantity":50},{"seq":4,"price":"100.95","quantity":50}]},
        {"id":"o3","side":"sell","type":"limit","quantity":400,"price":"101.00","stopPrice":null,"trailAmount":null,"trailPercent":null,"timeInForce":"gtc","takeProfit":null,"stopLoss":null,"parentId":null,"status":"CANCELLED","triggered":true,"triggerPrice":null,"filledQuantity":300,"averagePrice":"101.0100","reason":"cancelled by the user","notes":[],"fills":[{"seq":2,"price":"101.01","quantity":300}]},
        {"id":"o4","side":"sell","type":"market","quantity":150,"price":null,"stopPrice":null,"trailAmount":null,"trailPercent":null,"timeInForce":"ioc","takeProfit":null,"stopLoss":null,"parentId":null,"status":"CANCELLED","triggered":true,"triggerPrice":null,"filledQuantity":100,"averagePrice":"100.9000","reason":"50 could not be filled: no more bids in the book","notes":[],"fills":[{"seq":4,"price":"100.90","quantity":100}]},
        {"id":"o5","side":"buy","type":"limit","quantity":10,"price":"101.03","stopPrice":null,"trailAmount":null,"trailPercent":null,"timeInForce":"gtc","takeProfit":null,"stopLoss":null,"parentId":null,"status":"FILLED","triggered":true,"triggerPrice":null,"filledQuantity":10,"averagePrice":"101.0300","reason":null,"notes":[],"fills":[{"seq":1,"price":"101.03","quantity":10}]}
        ]}
        """

    @Test(arguments: RestingOrderIndexKind.allCases)
    func aScriptedRunGivesExactlyTheExpectedOutput(index: RestingOrderIndexKind) throws {
        let replay = try Replay.parse(feed: Self.feed, orders: Self.orders)

        let result = replay.run(index: index)

        #expect(replay.ticks.map(\.seq) == [1, 2, 4])
        #expect(replay.entries.map(\.line) == [1, 2, 4, 5, 6, 7, 8, 9])
        #expect(result.jsonText == Self.expectedJSON)
        #expect(result.orders.map(\.id) == ["m0", "o1", "o2", "o3", "o4", "o5"])
        #expect((try? JSONReader.parse(result.jsonText)) != nil, "the output is JSON")
    }

    @Test func theTextTableHasARowPerOrderAndItsFillsAndNotes() throws {
        let result = try Replay.parse(feed: Self.feed, orders: Self.orders).run()

        let lines = result.text.split(separator: "\n").map(String.init)

        #expect(lines.first == "ID  SIDE  TYPE    QTY  PRICE   STOP  TIF  STATUS     FILLED  AVG PRICE  REASON")
        #expect(
            lines.contains(
                "o4  sell  market  150  -       -     ioc  CANCELLED  100     100.9000   50 could not be filled: no more bids in the book"
            ))
        #expect(lines.contains("m0  buy   market  10   -       -     ioc  REJECTED   0       -          no market data yet"))
        #expect(lines.contains("      fill seq 2: 300 at 101.01"))
        #expect(lines.contains("      note: cancel at seq 9 (orders line 8) changed nothing: the order was already FILLED"))
        let rows = 1 + 6 + 7 + 1  // the header, the orders, their fills and the note
        #expect(lines.count == rows)
    }

    @Test func anEmptyScriptGivesNoOrders() throws {
        let result = try Replay.parse(feed: Self.feed, orders: "\n\n").run()

        #expect(result.jsonText == #"{"orders":[]}"#)
        #expect(result.text == "ID  SIDE  TYPE  QTY  PRICE  STOP  TIF  STATUS  FILLED  AVG PRICE  REASON\n(no orders)\n")
    }

    @Test func everyBadLineOfBothFilesIsReportedWithItsNumber() {
        let feed = """
            {"type":"tick","seq":5,"time":"2026-11-20T14:30:00.000Z","symbol":"BRSE","last":null,"bids":[],"asks":[]}
            garbage
            {"type":"tick","seq":5,"time":"2026-11-20T14:30:01.000Z","symbol":"BRSE","last":null,"bids":[],"asks":[]}
            {"type":"tick","seq":6,"time":"2026-11-20T14:30:02.000Z","symbol":"BRSE","last":null,"bids":[],"asks":[["101.255",10]]}
            """
        let orders = """
            {"id":"a","atSeq":1,"side":"buy","type":"market","quantity":0}
            {"id":"a","atSeq":1,"side":"buy","type":"market","quantity":5}
            {"cancel":"zz","atSeq":3}
            {"id":"b","side":"buy","type":"market","quantity":5}
            {"id":"c","atSeq":-1,"side":"buy","type":"market","quantity":5}
            {"id":"d","atSeq":2,"side":"sell","type":"limit","quantity":5,"price":"101.255"}
            {"id":"e","atSeq":2,"side":"hold","type":"limit","quantity":5,"price":"101.25"}
            {"id":"f","atSeq":8,"side":"buy","type":"limit","quantity":5,"price":"101.25"}
            {"cancel":"f","atSeq":4}
            {"cancel":"c","atSeq":4}
            {"cancel":"f","atSeq":9}
            [1]
            {"id":"g","atSeq":1.5,"side":"buy","type":"market","quantity":5}
            {"cancel":"f.tp","atSeq":9}
            {"id":"h.sl","atSeq":1,"side":"buy","type":"market","quantity":5}
            """

        #expect(
            throws: ReplayInputError(lines: [
                ReplayLineError(file: .feed, line: 2, reason: "not JSON (invalid JSON at byte 0: unexpected character 'g')"),
                ReplayLineError(file: .feed, line: 3, reason: "seq 5 is not after the previous tick's 5: ticks go in seq order"),
                ReplayLineError(
                    file: .feed, line: 4, reason: "asks[0]: 101.255 is off the tick size: prices move in steps of 0.01"),
                ReplayLineError(file: .orders, line: 1, reason: "quantity 0 must be at least 1 share"),
                ReplayLineError(file: .orders, line: 2, reason: "id \"a\" is already used on line 1"),
                ReplayLineError(
                    file: .orders, line: 3, reason: "cancel of \"zz\", which no earlier line places (nor a bracket of one)"),
                ReplayLineError(
                    file: .orders, line: 4, reason: "\"atSeq\" is missing: give the feed seq after which the line applies"),
                ReplayLineError(
                    file: .orders, line: 5,
                    reason: "\"atSeq\" must be a whole number, 0 or above (the feed seq after which the line applies)"),
                ReplayLineError(
                    file: .orders, line: 6, reason: "price 101.255 is off the tick size: prices move in steps of 0.01"),
                ReplayLineError(file: .orders, line: 7, reason: "unknown side \"hold\": say \"buy\" or \"sell\""),
                ReplayLineError(file: .orders, line: 9, reason: "cancel at seq 4 comes before \"f\" is placed at seq 8 (line 8)"),
                ReplayLineError(file: .orders, line: 12, reason: "not a JSON object: a line places an order or cancels one"),
                ReplayLineError(
                    file: .orders, line: 13,
                    reason: "\"atSeq\" must be a whole number, 0 or above (the feed seq after which the line applies)"),
                ReplayLineError(
                    file: .orders, line: 14, reason: "cancel of \"f.tp\", which no earlier line places (nor a bracket of one)"),
                ReplayLineError(
                    file: .orders, line: 15,
                    reason: "id \"h.sl\" ends in .tp or .sl, which name a bracket's exits: choose another"),
            ])
        ) {
            try Replay.parse(feed: feed, orders: orders)
        }
    }

    @Test func theErrorPrintsOneLinePerBadLine() {
        let error = ReplayInputError(lines: [
            ReplayLineError(file: .orders, line: 3, reason: "quantity 0 must be at least 1 share"),
            ReplayLineError(file: .feed, line: 1, reason: "no \"symbol\""),
        ])

        #expect(error.description == "orders line 3: quantity 0 must be at least 1 share\nfeed line 1: no \"symbol\"")
    }
}
