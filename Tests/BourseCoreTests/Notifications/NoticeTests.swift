import BourseCore
import Foundation
import Testing

/// The words of each notice, and what a tap opens (SPEC.md §11).
@Suite("Notices")
struct NoticeTests {
    static let t0 = Date(timeIntervalSince1970: 1_763_820_000)

    @Test func aFiredAlertNamesItsStockConditionAndPrice() throws {
        let alert = Alert(id: "7", symbol: "AAPL", condition: .above(try Price(parsing: "150.00")), createdAt: Self.t0)
            .fired(at: Self.t0 + 60, price: ExactDecimal("150.12"), changePercent: ExactDecimal("1.52"))
        let notice = Notice.fired(alert)
        #expect(notice.kind == .alert)
        #expect(notice.title == "AAPL at or above 150.00")
        #expect(notice.body == "AAPL traded at 150.12 (+1.52 % on the day)")
        #expect(notice.url == "/stocks/AAPL")
        #expect(notice.tag == "alert-7")
        #expect(notice.createdAt == Self.t0 + 60)
    }

    @Test func aFallIsWrittenWithItsSign() throws {
        let alert = Alert(id: "8", symbol: "KO", condition: .movePercent(ExactDecimal("5")), createdAt: Self.t0)
            .fired(at: Self.t0, price: ExactDecimal("58.10"), changePercent: ExactDecimal("-5.20"))
        #expect(Notice.fired(alert).body == "KO traded at 58.10 (-5.20 % on the day)")
    }

    @Test func aPriceFromTheExchangeSaysSoAndWhatItsChangeIsFrom() throws {
        let alert = Alert(id: "9", symbol: "AAPL", condition: .above(try Price(parsing: "138.90")), createdAt: Self.t0)
            .fired(at: Self.t0, price: ExactDecimal("138.95"), changePercent: ExactDecimal("0.01"))
        #expect(
            Notice.fired(alert, from: .exchange).body == "AAPL traded at 138.95 on the exchange (+0.01 % since the last close)")
        #expect(Notice.fired(alert, from: .market).body == "AAPL traded at 138.95 (+0.01 % on the day)")
    }

    @Test func onlyAPathOfTheAppIsOpened() {
        for url in ["https://evil.example/", "//evil.example/x", "javascript:alert(1)", ""] {
            #expect(Notice(kind: .alert, title: "t", body: "b", url: url, tag: "x", createdAt: Self.t0).url == "/")
        }
        #expect(Notice(kind: .alert, title: "t", body: "b", url: "/exchange", tag: "x", createdAt: Self.t0).url == "/exchange")
    }

    @Test func theKindsUrgencyAndTimeToLive() {
        #expect(NoticeKind.alert.urgency == "high")
        #expect(NoticeKind.fill.urgency == "high")
        #expect(NoticeKind.order.urgency == "normal")
        #expect(NoticeKind.allCases.allSatisfy { $0.timeToLive == 86_400 })
    }
}
