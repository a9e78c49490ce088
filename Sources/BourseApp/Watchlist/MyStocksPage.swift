/// The home screen once the user follows a stock: their stocks in their order, each with its
/// price, day change and a sparkline of the month; "Edit" shows the buttons to reorder and
/// remove; each stock says how many alerts it has, and every alert is listed under the stocks,
/// armed or fired, with Re-arm and Remove. `watchlist.js` fills it from `/api/v1/watchlist` and
/// `/api/v1/alerts`.
struct MyStocksPage {
    var sourceLabel: String?

    func render() -> HTML {
        let content: HTML = """
            <div id="page" data-page="my-stocks">
            <div class="title-row">
            <h1>My stocks</h1>
            <button type="button" class="button secondary" id="edit-list" aria-pressed="false">Edit</button>
            </div>
            <ol class="watch-rows" id="watch-rows" aria-label="My stocks"></ol>
            \(PageLayout.loadingState("Loading your stocks…"))
            <p class="note" id="watch-empty" hidden>You follow no stock now.</p>
            <p class="add-more"><a class="button secondary" href="/markets">Add stocks</a> \
            <span class="note">From Markets or the search box: ☆ Follow on a stock's page.</span></p>
            <p class="downloads"><a class="button secondary" id="download-csv" href="/api/v1/watchlist.csv" download>\
            Download CSV</a></p>
            <section class="alerts" id="alerts" aria-labelledby="alerts-heading">
            <h2 id="alerts-heading">Alerts</h2>
            <p class="error" id="alerts-error" role="alert" hidden></p>
            <ul class="alert-rows" id="alert-rows" aria-label="Alerts"></ul>
            <p class="note" id="alerts-empty" hidden>No alert is set. Set one with “Alert me” on a stock's page.</p>
            </section>
            </div>
            """
        return PageLayout(
            title: "My stocks", section: .myStocks, sourceLabel: sourceLabel, content: content,
            scripts: ["watchlist.js"], stylesheets: ["watchlist.css"]
        ).render()
    }
}
