import Testing

@testable import BourseCore

@Suite("Order requests: reading the JSON body")
struct OrderRequestParsingTests {
    static func parse(_ text: String) throws(OrderError) -> OrderRequest {
        try OrderRequest.parse(try! JSONReader.parse(text))
    }

    static let good: [(String, OrderRequest)] = [
        (
            #"{"side":"buy","type":"limit","quantity":100,"price":"101.20"}"#,
            try! .limit(.buy, quantity: 100, price: Price(ticks: 10120))
        ),
        (
            #"{"side":"sell","type":"limit","quantity":"25","price":101.2}"#,
            try! .limit(.sell, quantity: 25, price: Price(ticks: 10120))
        ),
        (
            #"{"side":"buy","type":"limit","quantity":1e2,"price":"0.01"}"#,
            try! .limit(.buy, quantity: 100, price: Price(ticks: 1))
        ),
        (
            #"{"side":"sell","type":"limit","quantity":100.0,"price":"101.250"}"#,
            try! .limit(.sell, quantity: 100, price: Price(ticks: 10125))
        ),
        (
            #"{"side":"buy","type":"limit","quantity":1,"price":"92233720368547758.07"}"#,
            try! .limit(.buy, quantity: 1, price: .max)
        ),
        (#"{"side":"buy","type":"market","quantity":7}"#, try! .market(.buy, quantity: 7)),
        (#"{"side":"sell","type":"market","quantity":7,"price":null}"#, try! .market(.sell, quantity: 7)),
        (
            #"{"id":"o1","atSeq":3,"side":"buy","type":"market","quantity":1000000000}"#,
            try! .market(.buy, quantity: 1_000_000_000)
        ),
    ]

    @Test(arguments: good)
    func readsAValidRequest(_ json: String, expected: OrderRequest) throws {
        #expect(try Self.parse(json) == expected)
    }

    static let bad: [(String, OrderError)] = [
        // quantity
        (#"{"side":"buy","type":"market","quantity":0}"#, .quantityNotPositive("0")),
        (#"{"side":"buy","type":"market","quantity":-5}"#, .quantityNotPositive("-5")),
        (#"{"side":"buy","type":"market","quantity":"-5"}"#, .quantityNotPositive("-5")),
        (#"{"side":"buy","type":"market","quantity":1.5}"#, .quantityNotWhole("1.5")),
        (#"{"side":"buy","type":"market","quantity":"1.5"}"#, .quantityNotWhole("1.5")),
        (#"{"side":"buy","type":"market","quantity":"abc"}"#, .quantityNotANumber(#""abc""#)),
        (#"{"side":"buy","type":"market","quantity":""}"#, .quantityNotANumber(#""""#)),
        (#"{"side":"buy","type":"market","quantity":true}"#, .quantityNotANumber("true")),
        (#"{"side":"buy","type":"market","quantity":[1]}"#, .quantityNotANumber("[…]")),
        (#"{"side":"buy","type":"market"}"#, .quantityMissing),
        (#"{"side":"buy","type":"market","quantity":null}"#, .quantityMissing),
        (#"{"side":"buy","type":"market","quantity":1000000001}"#, .quantityTooLarge("1000000001")),
        (#"{"side":"buy","type":"market","quantity":1e60}"#, .quantityTooLarge("1e60")),
        // price
        (#"{"side":"buy","type":"limit","quantity":10}"#, .missing(.price, for: .limit)),
        (#"{"side":"buy","type":"limit","quantity":10,"price":null}"#, .missing(.price, for: .limit)),
        (#"{"side":"buy","type":"limit","quantity":10,"price":"0"}"#, .priceNotPositive(.price, "0")),
        (#"{"side":"buy","type":"limit","quantity":10,"price":0}"#, .priceNotPositive(.price, "0")),
        (#"{"side":"buy","type":"limit","quantity":10,"price":"-1"}"#, .priceNotPositive(.price, "-1")),
        (#"{"side":"buy","type":"limit","quantity":10,"price":-1}"#, .priceNotPositive(.price, "-1")),
        (#"{"side":"buy","type":"limit","quantity":10,"price":"101.255"}"#, .priceOffTickSize(.price, "101.255")),
        (#"{"side":"buy","type":"limit","quantity":10,"price":101.255}"#, .priceOffTickSize(.price, "101.255")),
        (#"{"side":"buy","type":"limit","quantity":10,"price":"abc"}"#, .priceMalformed(.price, #""abc""#)),
        (#"{"side":"buy","type":"limit","quantity":10,"price":"1e2"}"#, .priceMalformed(.price, #""1e2""#)),
        (#"{"side":"buy","type":"limit","quantity":10,"price":{}}"#, .priceMalformed(.price, "{…}")),
        // beyond Int64 ticks; 38 digits once trapped (multiplying by 100 overflowed Int128)
        (
            #"{"side":"buy","type":"limit","quantity":10,"price":"92233720368547758.08"}"#,
            .priceTooLarge(.price, "92233720368547758.08")
        ),
        (
            #"{"side":"buy","type":"limit","quantity":10,"price":"99999999999999999999999999999999999999"}"#,
            .priceTooLarge(.price, "99999999999999999999999999999999999999")
        ),
        (
            #"{"side":"sell","type":"limit","quantity":10,"price":99999999999999999999999999999999999999}"#,
            .priceTooLarge(.price, "99999999999999999999999999999999999999")
        ),
        (#"{"side":"buy","type":"limit","quantity":10,"price":"1e30"}"#, .priceMalformed(.price, #""1e30""#)),
        (#"{"side":"buy","type":"limit","quantity":10,"price":1e30}"#, .priceTooLarge(.price, "1e30")),
        (#"{"side":"buy","type":"market","quantity":10,"price":"101.20"}"#, .notTaken(.price, by: .market, given: "101.20")),
        (#"{"side":"buy","type":"market","quantity":10,"price":"abc"}"#, .notTaken(.price, by: .market, given: #""abc""#)),
        // side and type
        (#"{"side":"hold","type":"market","quantity":10}"#, .unknownSide("hold")),
        (#"{"side":"BUY","type":"market","quantity":10}"#, .unknownSide("BUY")),
        (#"{"side":1,"type":"market","quantity":10}"#, .unknownSide("1")),
        (#"{"type":"market","quantity":10}"#, .sideMissing),
        (#"{"side":"buy","type":"iceberg","quantity":10}"#, .unknownType("iceberg")),
        (#"{"side":"buy","quantity":10}"#, .typeMissing),
        // the checks go side, type, quantity, price
        (#"{"side":"hold","type":"stop","quantity":0}"#, .unknownSide("hold")),
        (#"{"side":"buy","type":"limit","quantity":0,"price":"abc"}"#, .quantityNotPositive("0")),
        // not an object
        (#"[1,2]"#, .notAnObject),
        (#""buy""#, .notAnObject),
    ]

    @Test(arguments: bad)
    func refusesABadRequest(_ json: String, expected: OrderError) {
        #expect(throws: expected) { try Self.parse(json) }
    }

    @Test(arguments: [
        "92233720368547758.08", "99999999999999999999999999999999999999", "-99999999999999999999999999999999999999",
    ])
    func aPriceBeyondInt64TicksIsOutOfRange(_ text: String) {
        #expect(throws: PriceError.outOfRange(text)) { try Price(parsing: text) }
    }

    @Test func errorsSayWhatToDo() {
        #expect(OrderError.quantityNotPositive("0").description == "quantity 0 must be at least 1 share")
        #expect(
            OrderError.priceOffTickSize(.price, "101.255").description
                == "price 101.255 is off the tick size: prices move in steps of 0.01")
        #expect(
            OrderError.quantityNotANumber(#""abc""#).description
                == #"quantity "abc" is not a number: give a whole number of shares"#)
    }
}
