import BourseCore
import Exchange
import ExchangeFeature
import ExchangeLive
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Storage
import Testing

@testable import BourseApp

/// The exchange screen's shell: served at once with every region and its loading state, and no
/// exchange behind it (the router here has only the page and the assets, so a shell that needed
/// the exchange could not answer).
@Suite("Exchange page")
struct ExchangePageTests {
    static func app() async throws -> some ApplicationProtocol {
        // A desk that never hears from a feed: the shell must not wait for one.
        var quiet = Logger(label: "test")
        quiet.logLevel = .critical
        let desk = try await TradingDesk(store: DatabaseOrderStore(database: try BourseDatabase()), logger: quiet)
        let router = Router(context: AppRequestContext.self)
        router.add(middleware: ErrorMiddleware())
        ExchangeController(exchange: ExchangeVenue(desk: desk, source: .simulated, symbol: "AAPL")).addRoutes(to: router)
        AssetsController().addRoutes(to: router)
        return Application(router: router)
    }

    static func get(_ path: String) async throws -> (status: HTTPResponse.Status, headers: HTTPFields, body: String) {
        try await app().test(.router) { client in
            try await client.execute(uri: path, method: .get) { response in
                (response.status, response.headers, String(buffer: response.body))
            }
        }
    }

    @Test func theShellHasEveryRegionWithItsLoadingState() async throws {
        let (status, headers, html) = try await Self.get("/exchange")

        #expect(status == .ok)
        #expect(headers[.contentType] == "text/html; charset=utf-8")
        #expect(headers[.contentSecurityPolicy]?.contains("default-src 'self'") == true)
        #expect(html.hasPrefix("<!doctype html>"))
        #expect(html.contains("<title>Exchange · Bourse</title>"))
        #expect(html.contains(#"data-page="exchange""#))
        for id in [
            "ex-bar", "ex-symbol", "last-price", "feed-badge", "sim-label", "feed-note", "status", "error",
            "chart-section", "ex-chart", "ex-chart-status", "ticket", "quantity", "limit-price", "price-field", "ticket-error",
            "stop-price", "stop-price-error", "trail", "trail-unit", "time-in-force", "tif-hint", "bracket-toggle",
            "take-profit", "stop-loss", "submit", "book", "book-rows", "best-bid", "best-ask", "spread", "position",
            "pos-quantity", "pos-unrealized",
            "pos-realized", "open-orders", "open-empty", "history", "history-rows", "history-empty", "orders-error", "toasts",
        ] {
            #expect(html.contains(#"id="\#(id)""#), "no #\(id)")
        }
        #expect(
            html.contains(#"<span class="feed-badge" id="feed-badge" data-state="connecting" role="status">Connecting…</span>"#))
        #expect(html.contains("Connecting to the exchange…"))
        #expect(html.contains("Loading your orders…"))
        #expect(html.contains("Loading your position…"))
        #expect(html.contains(#"<button type="submit" class="button submit buy" id="submit">Buy 1 at market</button>"#))
        #expect(html.contains(#"<p class="field" id="price-field" hidden>"#), "the limit price shows only for a limit order")
        #expect(html.contains(#"<div class="toasts" id="toasts" role="status" aria-live="polite""#))
        #expect(html.contains(#"<p class="ticket-error" id="ticket-error" aria-live="assertive"></p>"#))
    }

    /// The ticket starts at 1 share, offers live prices as taps (never in a field) and has the
    /// value above which it asks to confirm (SPEC.md §12).
    @Test func theTicketOffersPricesAsTapsAndCarriesTheConfirmThreshold() async throws {
        let (_, _, html) = try await Self.get("/exchange")
        #expect(html.contains(#"id="quantity" name="quantity" value="1""#))
        #expect(
            html.contains(#"<button type="button" class="use-price" id="use-limit-price" aria-controls="limit-price" hidden>"#))
        #expect(html.contains(#"<button type="button" class="use-price" id="use-stop-price" aria-controls="stop-price" hidden>"#))
        #expect(html.contains(#"<form class="ticket" id="ticket" novalidate data-confirm-above="10000">"#))
        #expect(html.contains(#"id="ticket-confirm""#) && html.contains(#"id="confirm-place""#))

        let off = ExchangePage(confirmOrdersAbove: nil).render().description
        #expect(off.contains(#"data-confirm-above="off""#))
        let set = ExchangePage(confirmOrdersAbove: try ExactDecimal(parsing: "2500.50")).render().description
        #expect(set.contains(#"data-confirm-above="2500.5""#))
    }

    @Test func theBookHasTenEmptyLevels() async throws {
        let (_, _, html) = try await Self.get("/exchange")

        let body = try #require(html.components(separatedBy: #"<tbody id="book-rows">"#).dropFirst().first)
        let rows = try #require(body.components(separatedBy: "</tbody>").first)
        #expect(rows.components(separatedBy: "<tr>").count - 1 == ExchangePage.bookLevels)
        #expect(ExchangePage.bookLevels == 10)
        #expect(!rows.contains("<td class=\"num bid\">1"), "no data in the shell")
    }

    @Test func theNavigationMarksExchangeAndTheScriptsAreLinked() async throws {
        let (_, _, html) = try await Self.get("/exchange")

        #expect(html.contains(#"<a href="/exchange" aria-current="page">Exchange</a>"#))
        #expect(html.contains(#"<a href="/markets">Markets</a>"#))
        #expect(html.contains(#"<a href="/">My stocks</a>"#))
        #expect(html.contains(#"<a href="/gnb">GNB</a>"#))
        for name in ["bourse.js", "search-box.js", "exchange.js"] {
            #expect(html.contains(#"<script type="module" src="\#(Assets.url(for: name))"></script>"#), "\(name)")
        }
        let imported = Assets.all.keys.filter { $0.hasPrefix("exchange-") && $0.hasSuffix(".js") }
        #expect(imported.count == 9)
        for name in imported + ["market-format.js"] {
            #expect(html.contains(#"<link rel="modulepreload" href="\#(Assets.url(for: name))">"#), "\(name)")
        }
        for name in ["layout.css", "exchange.css"] {
            #expect(html.contains(#"<link rel="stylesheet" href="\#(Assets.url(for: name))">"#), "\(name)")
        }
    }

    @Test func everyPageNavigatesToTheExchange() {
        let html = PageLayout(title: "x", section: .gnb, content: "").render().markup

        #expect(html.contains(#"<a href="/exchange">Exchange</a>"#))
        #expect(!html.contains("exchange.css"), "other pages don't carry the exchange's styles")
    }

    @Test func theScriptsAndStylesAreServed() async throws {
        var script = ""
        for name in Assets.all.keys.sorted() where name.hasPrefix("exchange") && name.hasSuffix(".js") {
            let part = try await Self.get(Assets.url(for: name))
            #expect(part.status == .ok, "\(name)")
            #expect(part.headers[.contentType] == "text/javascript; charset=utf-8", "\(name)")
            script += part.body
        }
        let styles = try await Self.get(Assets.url(for: "exchange.css"))

        #expect(script.contains(#"performance.mark("bourse-tick""#), "the benchmark's latency record")
        #expect(script.contains("dataset.lastSeq"))
        #expect(script.contains("/exchange/ws"))
        #expect(!script.contains("innerHTML"), "data enters the page only as text")
        #expect(styles.status == .ok)
        #expect(styles.headers[.contentType] == "text/css; charset=utf-8")
        #expect(styles.body.contains(".ex-bar"))
    }

    @Test func theShellLoadsNothingFromElsewhere() async throws {
        let (_, _, html) = try await Self.get("/exchange")

        for pattern in [#"src=""#, #"href=""#] {
            for part in html.components(separatedBy: pattern).dropFirst() {
                let target = part.prefix { $0 != "\"" }
                #expect(target.hasPrefix("/") || target.hasPrefix("#") || target.hasPrefix("data:"), "\(target)")
            }
        }
    }

    /// SPEC.md §14: a viewer, who may change nothing, watches the market without a ticket, a note
    /// in its place; a member gets the ticket as the owner does. The book, the chart, the position
    /// and the orders are on both.
    @Test func aViewersPageHasNoTicketAndAMembersHasOne() async throws {
        let fixture = try await SignInRoutesTests.fixture()
        try await fixture.app.test(.router) { client in
            let owner = try await PeopleRoutesTests.owner(client)
            let member = try await PeopleRoutesTests.accept(
                client, try await PeopleRoutesTests.invite(client, "ann", role: "member", cookie: owner))
            let viewer = try await PeopleRoutesTests.accept(
                client, try await PeopleRoutesTests.invite(client, "vic", role: "viewer", cookie: owner))
            func page(_ cookie: String) async throws -> String {
                let response = try await client.execute(uri: "/exchange", method: .get, headers: [.cookie: cookie])
                #expect(response.status == .ok)
                return String(buffer: response.body)
            }

            let members = try await page(member)
            let viewers = try await page(viewer)

            for html in [members, try await page(owner)] {
                #expect(html.contains(#"<form class="ticket" id="ticket""#))
                #expect(html.contains(#"id="submit""#) && !html.contains(#"id="viewer-note""#))
            }
            #expect(!viewers.contains(#"id="ticket""#) && !viewers.contains(#"class="ticket""#), "no ticket to fill in")
            #expect(!viewers.contains(#"id="submit""#) && !viewers.contains(#"id="ticket-market""#))
            #expect(viewers.contains(#"<p class="viewer-note" id="viewer-note">You’re a viewer"#))
            #expect(viewers.contains("ask the owner to make you a member"))
            for id in ["ex-chart", "book", "position", "open-orders", "history", "toasts", "order-kinds"] {
                #expect(viewers.contains(#"id="\#(id)""#), "no #\(id) for a viewer")
            }
            #expect(!viewers.contains(#"id="cash-section""#), "no cash without BOURSE_STARTING_CASH")
        }
    }

    /// With cash (`BOURSE_STARTING_CASH`) the side column starts with the account's summary, for
    /// the script to fill from the position; without it the page is as for one person alone.
    @Test func withCashTheAccountSummaryIsDrawnAndWithoutItNot() async throws {
        var quiet = Logger(label: "test")
        quiet.logLevel = .critical
        let desk = try await TradingDesk(
            store: DatabaseOrderStore(database: try BourseDatabase()), startingCash: StartingCash("100000"), logger: quiet)
        let router = Router(context: AppRequestContext.self)
        ExchangeController(exchange: ExchangeVenue(desk: desk, source: .simulated, symbol: "AAPL")).addRoutes(to: router)
        let html = try await Application(router: router).test(.router) { client in
            try await client.execute(uri: "/exchange", method: .get) { String(buffer: $0.body) }
        }

        #expect(html.contains(#"<section class="panel ex-account-panel" id="cash-section" aria-labelledby="cash-heading">"#))
        for (id, label) in [
            ("cash-cash", "Cash"), ("cash-buying-power", "Buying power"), ("cash-position-value", "Position value"),
            ("cash-equity", "Equity"),
        ] {
            #expect(html.contains(#"<dt>\#(label)</dt><dd class="num" id="\#(id)">"#), "\(id)")
        }
        let side = try #require(html.components(separatedBy: #"<div class="ex-side">"#).dropFirst().first)
        #expect(side.range(of: "cash-section")!.lowerBound < side.range(of: "position-section")!.lowerBound)
        #expect(html.contains(#"<form class="ticket" id="ticket""#), "sign-in is off: the owner's page")
        let (_, _, without) = try await Self.get("/exchange")
        #expect(!without.contains("cash-"), "infinite capital: nothing new")
    }

    @Test func aProvidersFeedIsNamedInTheHeaderEscaped() {
        let page = String(describing: ExchangePage(sourceLabel: "Alpaca · <IEX>").render())
        #expect(page.contains(#"<span class="source-full">Alpaca · &lt;IEX&gt;</span>"#))
        #expect(page.contains(#"<span class="source-short">Alpaca</span>"#))
        #expect(page.contains(#"title="Alpaca · &lt;IEX&gt;""#))
        #expect(String(describing: ExchangePage().render()).contains(#"<p class="source-label" id="source-label" hidden>"#))
    }
}
