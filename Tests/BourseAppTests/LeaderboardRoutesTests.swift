import BourseCore
import ExchangeLive
import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing

@testable import BourseApp

/// SPEC §14, the leaderboard, over real HTTP with four people: the owner (ada), two members she
/// invited (ann, bob) and a viewer (vic). Orders go through `POST /api/v1/orders` as each; the
/// board's figures are checked against each person's fills (`/api/v1/fills.csv`) and the last
/// trade, exactly. The owner hides it (then it is a 404 to everyone else) and shows it again;
/// no one else may.
@Suite("Leaderboard routes")
struct LeaderboardRoutesTests {
    typealias People = PeopleRoutesTests
    typealias Fixture = SignInRoutesTests.Fixture

    struct Cookies {
        let ada: String
        let ann: String
        let bob: String
        let vic: String
    }

    /// Ada signs in and invites ann and bob (members) and vic (a viewer), who take their links.
    static func people(_ client: some TestClientProtocol) async throws -> Cookies {
        let ada = try await People.owner(client)
        return Cookies(
            ada: ada,
            ann: try await People.accept(client, try await People.invite(client, "ann", role: "member", cookie: ada)),
            bob: try await People.accept(client, try await People.invite(client, "bob", role: "member", cookie: ada)),
            vic: try await People.accept(client, try await People.invite(client, "vic", role: "viewer", cookie: ada)))
    }

    /// A live book: asks 101.26 x 200, 101.27 x 300; bids 101.24 x 300, 101.23 x 500; the last
    /// trade `last`.
    static func tick(_ desk: TradingDesk, _ seq: Int64, last: String = "101.25") async throws {
        await desk.handle(.state(.live))
        await desk.handle(.tick(try ExchangeRoutesTests.tick(seq, last: last)))
    }

    /// The four people (`people`), and a live book (`tick`) that ann and bob trade on with market
    /// orders: ann buys `annBuys`; bob buys `bobBuys`, then sells `bobSells`. Each account trades
    /// against the whole book, as if alone. Then the last trade moves to `last`, the board's mark.
    static func peopleWhoTraded(
        _ client: some TestClientProtocol, _ desk: TradingDesk,
        annBuys: Int, bobBuys: Int, bobSells: Int, last: String
    ) async throws -> Cookies {
        let cookies = try await people(client)
        try await tick(desk, 1)
        try await order(client, "buy", annBuys, cookie: cookies.ann)
        try await order(client, "buy", bobBuys, cookie: cookies.bob)
        try await order(client, "sell", bobSells, cookie: cookies.bob)
        try await tick(desk, 2, last: last)
        return cookies
    }

    static func order(
        _ client: some TestClientProtocol, _ side: String, _ quantity: Int, cookie: String
    ) async throws {
        let response = try await client.execute(
            uri: "/api/v1/orders", method: .post, headers: People.jsonHeaders(cookie: cookie),
            body: ByteBuffer(string: #"{"side":"\#(side)","type":"market","quantity":\#(quantity)}"#))
        #expect(response.status == .created, "\(String(buffer: response.body))")
        let order = try #require(try json(response)["order"] as? [String: Any])
        #expect(order["status"] as? String == "FILLED")
    }

    static func send(
        _ client: some TestClientProtocol, _ method: HTTPRequest.Method, _ uri: String, _ body: String = "",
        cookie: String
    ) async throws -> TestResponse {
        try await PersonalDataRoutesTests.send(client, method, uri, body, cookie: cookie)
    }

    static func board(_ client: some TestClientProtocol, cookie: String) async throws -> [String: Any] {
        try await PersonalDataRoutesTests.get(client, "/api/v1/leaderboard", cookie: cookie)
    }

    static func rows(_ board: [String: Any]) throws -> [[String: Any]] {
        try #require(board["rows"] as? [[String: Any]])
    }

    /// What a person's fills say, exactly: the shares held, how many fills, what the buys cost and
    /// the sells brought in.
    struct FromFills {
        var quantity = 0
        var fills = 0
        var bought = ExactDecimal.zero
        var sold = ExactDecimal.zero

        /// Realised plus unrealised, at `mark`: what the sells brought in, minus what the buys
        /// cost, plus the shares still held at the mark.
        func profitAndLoss(mark: ExactDecimal) -> ExactDecimal { sold - bought + ExactDecimal(quantity) * mark }
    }

    static func fromFills(_ client: some TestClientProtocol, cookie: String) async throws -> FromFills {
        let response = try await client.execute(uri: "/api/v1/fills.csv", method: .get, headers: [.cookie: cookie])
        #expect(response.status == .ok)
        let lines = String(buffer: response.body).split(separator: "\r\n").map { $0.split(separator: ",") }
        #expect(lines.first == ["orderId", "time", "side", "price", "quantity", "value", "seq"])
        var result = FromFills()
        for line in lines.dropFirst() {
            let quantity = try #require(Int(line[4]))
            let value = try ExactDecimal(parsing: line[3]) * ExactDecimal(quantity)
            result.fills += 1
            if line[2] == "buy" {
                result.quantity += quantity
                result.bought += value
            } else {
                result.quantity -= quantity
                result.sold += value
            }
        }
        return result
    }

    static func decimal(_ value: Any?) throws -> ExactDecimal {
        try ExactDecimal(parsing: try #require(value as? String))
    }

    @Test func withoutCashEveryoneIsRankedByTheProfitTheirFillsMade() async throws {
        let fixture = try await SignInRoutesTests.fixture()
        let desk = fixture.desk
        try await fixture.app.test(.live) { client in
            let cookies = try await Self.peopleWhoTraded(
                client, desk, annBuys: 10, bobBuys: 250, bobSells: 250, last: "102.00")

            let board = try await Self.board(client, cookie: cookies.ann)
            #expect(board["hidden"] as? Bool == false)
            #expect(board["rankedBy"] as? String == "profitAndLoss")
            #expect(board["startingCash"] is NSNull)
            let rows = try Self.rows(board)
            // Vic is a viewer: viewers do not trade, and are not on the board.
            #expect(rows.map { $0["name"] as? String } == ["ann", "ada", "bob"])
            #expect(rows.map { $0["rank"] as? Int } == [1, 2, 3])
            #expect(rows.map { $0["you"] as? Bool } == [true, false, false])

            let mark = ExactDecimal("102.00")
            for (row, cookie) in zip(rows, [cookies.ann, cookies.ada, cookies.bob]) {
                let fills = try await Self.fromFills(client, cookie: cookie)
                let profit = fills.profitAndLoss(mark: mark)
                #expect(try Self.decimal(row["profitAndLoss"]) == profit, "\(row)")
                #expect(row["profitAndLoss"] as? String == profit.formatted(places: 2))
                #expect(row["equity"] is NSNull)
                #expect(row["fills"] as? Int == fills.fills && row["quantity"] as? Int == fills.quantity)
                if fills.bought.isZero {
                    #expect(row["returnPercent"] is NSNull)
                } else {
                    let percent = try (profit * ExactDecimal(100)).divided(by: fills.bought, places: 2, .halfEven)
                    #expect(row["returnPercent"] as? String == percent.formatted(places: 2), "\(row)")
                }
            }
            // Ann: 10 at 101.26, now 102.00. Bob, alone against the book: 200 at 101.26 and 50 at
            // 101.27, then 250 sold at 101.24.
            #expect(rows.map { $0["profitAndLoss"] as? String } == ["7.40", "0.00", "-5.50"])
            #expect(rows.map { $0["returnPercent"] as? String } == ["0.73", nil, "-0.02"])
            #expect(rows.map { $0["fills"] as? Int } == [1, 0, 3])

            // The viewer reads it, and is no row of it.
            let seen = try Self.rows(try await Self.board(client, cookie: cookies.vic))
            #expect(seen.map { $0["name"] as? String } == ["ann", "ada", "bob"])
            #expect(seen.allSatisfy { $0["you"] as? Bool == false })
            let adas = try Self.rows(try await Self.board(client, cookie: cookies.ada))
            #expect(adas.map { $0["you"] as? Bool } == [false, true, false])
        }
    }

    @Test func withCashEveryoneIsRankedByEquity() async throws {
        let cash = try #require(StartingCash("100000"))
        let fixture = try await SignInRoutesTests.fixture(startingCash: cash)
        let desk = fixture.desk
        try await fixture.app.test(.live) { client in
            let cookies = try await Self.peopleWhoTraded(
                client, desk, annBuys: 10, bobBuys: 20, bobSells: 5, last: "101.00")

            let board = try await Self.board(client, cookie: cookies.bob)
            #expect(board["rankedBy"] as? String == "equity")
            #expect(board["startingCash"] as? String == "100000.00")
            let rows = try Self.rows(board)
            #expect(rows.map { $0["name"] as? String } == ["ada", "ann", "bob"])
            let mark = ExactDecimal("101.00")
            for (row, cookie) in zip(rows, [cookies.ada, cookies.ann, cookies.bob]) {
                let fills = try await Self.fromFills(client, cookie: cookie)
                let equity = cash.decimal + fills.profitAndLoss(mark: mark)
                #expect(row["equity"] as? String == equity.formatted(places: 2), "\(row)")
                let percent = try ((equity - cash.decimal) * ExactDecimal(100)).divided(
                    by: cash.decimal, places: 2, .halfEven)
                #expect(row["returnPercent"] as? String == percent.formatted(places: 2))
                // The same as the person's own position says.
                let position = try await PersonalDataRoutesTests.get(client, "/api/v1/position", cookie: cookie)
                #expect((position["cash"] as? [String: Any])?["equity"] as? String == row["equity"] as? String)
            }
            // Ann: 100000 - 1012.60 + 1010.00; bob: 100000 - 2025.20 + 506.20 + 1515.00.
            #expect(rows.map { $0["equity"] as? String } == ["100000.00", "99997.40", "99996.00"])
            #expect(rows.map { $0["profitAndLoss"] as? String } == ["0.00", "-2.60", "-4.00"])
            #expect(rows.map { $0["quantity"] as? Int } == [0, 10, 15])
        }
    }

    @Test func hiddenItIsTheOwnersAloneAndNoOneElseMayChangeThat() async throws {
        let fixture = try await SignInRoutesTests.fixture()
        try await fixture.app.test(.live) { client in
            let cookies = try await Self.people(client)
            let hide = try await Self.send(client, .patch, "/api/v1/leaderboard", #"{"hidden": true}"#, cookie: cookies.ada)
            #expect(hide.status == .ok)
            #expect(try json(hide)["hidden"] as? Bool == true)
            #expect(try Self.rows(try json(hide)).count == 3)

            // To anyone else it is not there: the same 404 as a path that is no route.
            let nowhere = try await client.execute(uri: "/api/v1/nowhere", method: .get, headers: [.cookie: cookies.ann])
            for cookie in [cookies.ann, cookies.vic] {
                let refused = try await client.execute(uri: "/api/v1/leaderboard", method: .get, headers: [.cookie: cookie])
                #expect(refused.status == .notFound)
                #expect(
                    String(buffer: refused.body)
                        == String(buffer: nowhere.body).replacingOccurrences(of: "/api/v1/nowhere", with: "/api/v1/leaderboard"))
                let page = try await client.execute(
                    uri: "/leaderboard", method: .get, headers: [.cookie: cookie, .accept: "text/html"])
                #expect(page.status == .notFound)
                #expect(String(buffer: page.body).contains("Page not found"))
            }
            let owners = try await Self.board(client, cookie: cookies.ada)
            #expect(owners["hidden"] as? Bool == true)

            // Only the owner hides or shows it.
            let member = try await Self.send(client, .patch, "/api/v1/leaderboard", #"{"hidden": false}"#, cookie: cookies.ann)
            #expect(member.status == .forbidden)
            #expect(try json(member)["error"] as? String == "only the owner hides or shows the leaderboard")
            let viewer = try await Self.send(client, .patch, "/api/v1/leaderboard", #"{"hidden": false}"#, cookie: cookies.vic)
            #expect(viewer.status == .forbidden)
            #expect(try json(viewer)["error"] as? String == "refused: vic may read but not change anything (a viewer)")
            #expect(try await Self.board(client, cookie: cookies.ada)["hidden"] as? Bool == true)

            let show = try await Self.send(client, .patch, "/api/v1/leaderboard", #"{"hidden": false}"#, cookie: cookies.ada)
            #expect(show.status == .ok)
            #expect(try json(show)["hidden"] as? Bool == false)
            #expect(try await Self.board(client, cookie: cookies.ann)["hidden"] as? Bool == false)
            #expect(try await Self.board(client, cookie: cookies.vic)["hidden"] as? Bool == false)
        }
    }

    @Test(arguments: [
        (#"{"hidden": "yes"}"#, #""hidden" must be true or false; send {"hidden": true} or {"hidden": false}"#),
        (#"{}"#, #""hidden" must be true or false"#),
        (#"{"hidden": null}"#, #""hidden" must be true or false"#),
        (#"{"hidden": true, "members": false}"#, #"unknown field "members""#),
        (#"[true]"#, "the body must be a JSON object"),
        (#"{"hidden": tru"#, "the body is not JSON"),
    ])
    func aBadChangeIsAClearErrorAndChangesNothing(body: String, message: String) async throws {
        let fixture = try await SignInRoutesTests.fixture()
        try await fixture.app.test(.router) { client in
            let ada = try await People.owner(client)
            let response = try await Self.send(client, .patch, "/api/v1/leaderboard", body, cookie: ada)
            #expect(response.status == .badRequest)
            let error = try #require(try json(response)["error"] as? String)
            #expect(error.contains(message), "\(error)")
            #expect(try await Self.board(client, cookie: ada)["hidden"] as? Bool == false)
        }
    }

    @Test func thePageRanksMarksYouAndTheOwnerHidesItWithAPlainForm() async throws {
        let fixture = try await SignInRoutesTests.fixture()
        let desk = fixture.desk
        try await fixture.app.test(.live) { client in
            let cookies = try await Self.people(client)
            try await Self.tick(desk, 1)
            try await Self.order(client, "buy", 10, cookie: cookies.ann)
            try await Self.tick(desk, 2, last: "102.00")

            let page = try await client.execute(uri: "/leaderboard", method: .get, headers: [.cookie: cookies.ann])
            #expect(page.status == .ok)
            let html = String(buffer: page.body)
            #expect(html.contains(#"<tr class="you" data-name="ann" data-rank="1">"#))
            #expect(html.contains(#"<span class="you-mark">You</span>"#))
            #expect(html.contains(#"<td class="num figure up">+7.40</td>"#))
            #expect(html.contains("P&amp;L") && html.contains("No starting cash: ranked by realised plus unrealised profit"))
            // A member has no switch; the header's menu links the board.
            #expect(!html.contains("leaderboard-visibility"))
            #expect(html.contains(#"<a class="leaderboard-link" href="/leaderboard">Leaderboard</a>"#))

            let owners = String(
                buffer: try await client.execute(uri: "/leaderboard", method: .get, headers: [.cookie: cookies.ada]).body)
            #expect(owners.contains("Hide from members") && owners.contains(#"name="hidden" value="true""#))

            func form(_ cookie: String) -> HTTPFields {
                [.contentType: "application/x-www-form-urlencoded", .cookie: cookie]
            }
            let refused = try await client.execute(
                uri: "/leaderboard/visibility", method: .post, headers: form(cookies.ann),
                body: ByteBuffer(string: "hidden=true"))
            #expect(refused.status == .forbidden)
            let bad = try await client.execute(
                uri: "/leaderboard/visibility", method: .post, headers: form(cookies.ada),
                body: ByteBuffer(string: "hidden=maybe"))
            #expect(bad.status == .badRequest)
            let extra = try await client.execute(
                uri: "/leaderboard/visibility", method: .post, headers: form(cookies.ada),
                body: ByteBuffer(string: "hidden=true&members=false"))
            #expect(extra.status == .badRequest)
            #expect(try json(extra)["error"] as? String == #"unknown field "members": send hidden=true or hidden=false"#)
            let hidden = try await client.execute(
                uri: "/leaderboard/visibility", method: .post, headers: form(cookies.ada),
                body: ByteBuffer(string: "hidden=true"))
            #expect(hidden.status == .seeOther && hidden.headers[.location] == "/leaderboard")

            let again = String(
                buffer: try await client.execute(uri: "/leaderboard", method: .get, headers: [.cookie: cookies.ada]).body)
            #expect(again.contains("Hidden: only you see the leaderboard.") && again.contains("Show to members"))
            // Hidden, a member's menu no longer links it; the owner's does.
            let markets = String(
                buffer: try await client.execute(uri: "/markets", method: .get, headers: [.cookie: cookies.ann]).body)
            #expect(markets.contains(#"id="account""#) && !markets.contains("leaderboard-link"))
            let adas = String(
                buffer: try await client.execute(uri: "/markets", method: .get, headers: [.cookie: cookies.ada]).body)
            #expect(adas.contains("leaderboard-link"))
        }
    }

    @Test func withCashThePageSaysEquityAndTheStartingCash() async throws {
        let fixture = try await SignInRoutesTests.fixture(startingCash: StartingCash("100000"))
        try await fixture.app.test(.live) { client in
            let ada = try await People.owner(client)
            let html = String(
                buffer: try await client.execute(uri: "/leaderboard", method: .get, headers: [.cookie: ada]).body)
            #expect(html.contains(#"<th scope="col" class="num figure">Equity</th>"#))
            #expect(html.contains("Everyone started with <strong>100,000.00</strong>"))
            #expect(html.contains(#"<td class="num figure">100,000.00</td>"#))
            #expect(html.contains("Only you so far"))
        }
    }
}
