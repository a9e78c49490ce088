import Testing

@testable import BourseApp

/// The header's bell (`PageLayout+Bell.swift`) and the stock page's "Alert me": the markup the
/// scripts (`bell.js`, `notify.js`, `stock-alerts.js`) fill in.
@Suite("The bell and Alert me")
struct BellMarkupTests {
    @Test func everyPageWithTheNavigationHasTheBellClosedAndItsScript() {
        for page in [MarketsListPage(sourceLabel: nil).render(), MyStocksPage().render(), ExchangePage().render()] {
            let html = page.markup
            #expect(
                html.contains(
                    #"<button type="button" class="bell-button" id="bell-button" aria-expanded="false" aria-controls="bell-panel">"#
                ))
            #expect(
                html.contains(#"<div class="bell-panel" id="bell-panel" role="region" aria-labelledby="bell-heading" hidden>"#))
            #expect(html.contains(#"<button type="button" class="button" id="push-on" hidden>Notify me</button>"#))
            #expect(html.contains(#"<script type="module" src="\#(Assets.url(for: "bell.js"))"></script>"#))
            #expect(html.contains(#"<link rel="modulepreload" href="\#(Assets.url(for: "notify.js"))">"#))
        }
    }

    @Test func theSignInPageHasNoBell() {
        let html = SignInPage.render(next: "/", name: "", problem: nil).markup

        #expect(!html.contains("bell"))
        #expect(!html.contains("notify.js"))
    }

    @Test func aStockPageHasAlertMeHiddenUntilItsScriptRuns() {
        let html = StockPage(symbol: "BRK.B").render().markup

        #expect(html.contains(#"<section class="alerts" id="alerts" aria-labelledby="alerts-heading" hidden>"#))
        #expect(html.contains(#"<ul class="alert-rows" id="alert-rows" aria-label="Alerts on BRK.B"></ul>"#))
        #expect(html.contains(#"<script type="module" src="\#(Assets.url(for: "stock-alerts.js"))"></script>"#))
        #expect(html.contains(#"<link rel="modulepreload" href="\#(Assets.url(for: "alert-list.js"))">"#))
    }
}
