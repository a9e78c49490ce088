import BourseCore
import Foundation
import Testing

/// SPEC §14, cash when asked for: buying power, no short selling, and where an account stands,
/// all exact.
@Suite("Cash rule")
struct CashRuleTests {
    static let time = Date(timeIntervalSince1970: 1_763_820_000)
    static let cash = StartingCash(ticks: 1_000_000)  // 10,000.00

    static func fill(_ side: Side, _ quantity: Int, at ticks: Int64) -> Fill {
        Fill(orderID: "f", seq: 1, time: time, side: side, price: Price(ticks: ticks), quantity: quantity)
    }

    static func open(_ request: OrderRequest, id: String = "o", parent: String? = nil) -> Order {
        Order(
            id: id, side: request.side, kind: request.kind, quantity: request.quantity,
            timeInForce: request.timeInForce, bracket: nil, parentID: parent, createdAt: time, status: .pending)
    }

    static let book = FeedTick(
        seq: 1, time: time, symbol: "AAPL", last: LastTrade(price: Price(ticks: 10_050), size: 1),
        bids: [BookLevel(price: Price(ticks: 10_000), quantity: 100)],
        asks: [BookLevel(price: Price(ticks: 10_100), quantity: 50), BookLevel(price: Price(ticks: 10_300), quantity: 50)])

    @Test func aMarketBuyCostsTheLevelsItWouldTake() throws {
        // 50 × 101.00 + 49 × 103.00 = 10,097.00 > 10,000.00; 48 more cost 9,994.00.
        let over = try OrderRequest.market(.buy, quantity: 99)
        let within = try OrderRequest.market(.buy, quantity: 98)
        #expect(
            CashRule.refusal(of: over, cash: Self.cash, ledger: AccountLedger(), open: [], book: Self.book)
                == "insufficient buying power")
        #expect(CashRule.refusal(of: within, cash: Self.cash, ledger: AccountLedger(), open: [], book: Self.book) == nil)
    }

    @Test func openBuysReserveTheirLimitOrStopAndExitsReserveNothing() throws {
        let limit = Self.open(try .limit(.buy, quantity: 50, price: Price(ticks: 10_000)))
        let stop = Self.open(try OrderRequest(side: .buy, kind: .stop(Price(ticks: 12_000)), quantity: 10), id: "s")
        let exit = Self.open(try .limit(.buy, quantity: 1_000, price: Price(ticks: 10_000)), id: "e.tp", parent: "e")
        let power = CashRule.buyingPower(cash: Self.cash, ledger: AccountLedger(), open: [limit, stop, exit])
        #expect(power == 1_000_000 - 500_000 - 120_000)
        let buy = try OrderRequest.limit(.buy, quantity: 38, price: Price(ticks: 10_000))
        #expect(CashRule.refusal(of: buy, cash: Self.cash, ledger: AccountLedger(), open: [limit, stop], book: nil) == nil)
        let more = try OrderRequest.limit(.buy, quantity: 39, price: Price(ticks: 10_000))
        #expect(CashRule.refusal(of: more, cash: Self.cash, ledger: AccountLedger(), open: [limit, stop], book: nil) != nil)
    }

    @Test func aSellOfMoreThanIsHeldLessOpenSellsIsAShortSale() throws {
        var ledger = AccountLedger()
        ledger.apply(Self.fill(.buy, 30, at: 10_000))
        let resting = Self.open(try .limit(.sell, quantity: 20, price: Price(ticks: 11_000)))
        let ten = try OrderRequest.market(.sell, quantity: 10)
        let eleven = try OrderRequest.market(.sell, quantity: 11)
        #expect(CashRule.refusal(of: ten, cash: Self.cash, ledger: ledger, open: [resting], book: Self.book) == nil)
        #expect(
            CashRule.refusal(of: eleven, cash: Self.cash, ledger: ledger, open: [resting], book: Self.book) == "no short selling")
    }

    @Test func theStandingIsExact() {
        var ledger = AccountLedger()
        ledger.apply(Self.fill(.buy, 3, at: 3_333))  // 99.99
        ledger.apply(Self.fill(.sell, 1, at: 3_334))  // 33.34
        let standing = AccountStanding(ledger: ledger, mark: Price(ticks: 3_400), cash: Self.cash)
        #expect(standing.cash == ExactDecimal(significand: 1_000_000 - 9_999 + 3_334, scale: 2))
        #expect(standing.positionValue == ExactDecimal(significand: 6_800, scale: 2))
        #expect(standing.equity == ExactDecimal(significand: 1_000_135, scale: 2))
        #expect(standing.returnPercent == ExactDecimal(significand: 1, scale: 2))  // 1.35 / 10,000 = 0.0135 % → 0.01
        #expect(standing.fills == 2 && standing.quantity == 2)

        let alone = AccountStanding(ledger: ledger, mark: Price(ticks: 3_400), cash: nil)
        #expect(alone.cash == nil && alone.equity == nil)
        // Realised 0.01 + unrealised 2 × 0.67 = 1.35, over 99.99 bought: 1.35 %.
        #expect(alone.profitAndLoss == ExactDecimal(significand: 135, scale: 2))
        #expect(alone.returnPercent == ExactDecimal(significand: 135, scale: 2))
    }
}
