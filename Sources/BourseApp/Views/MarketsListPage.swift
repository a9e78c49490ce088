/// The shell of `/`: heading, the table's header with its sort buttons, and skeleton rows that
/// `markets.js` replaces with the rows of `/api/v1/tickers`, page after page as the user scrolls.
struct MarketsListPage {
    var sourceLabel: String?

    /// How many placeholder rows the shell shows until the first page arrives.
    static let skeletonRows = 8

    /// The sortable columns: the key `markets.js` sorts by, the header's text, and whether it
    /// holds numbers (right-aligned, sorted largest first on the first click).
    static let columns: [(key: String, title: String, numeric: Bool)] = [
        ("symbol", "Symbol", false),
        ("name", "Company", false),
        ("price", "Last", true),
        ("change", "Change", true),
        ("changePercent", "% change", true),
    ]

    func render() -> String {
        let headers = Self.columns.map { (column: (key: String, title: String, numeric: Bool)) -> String in
            let title = HTML.escape(column.title)
            let numeric = column.numeric ? #" class="num""# : ""
            guard column.key != "change" else {
                return #"<th scope="col"\#(numeric)>\#(title)</th>"#
            }
            let key = HTML.escape(column.key)
            return #"<th scope="col"\#(numeric) data-sort="\#(key)"><button type="button" class="sort">\#(title)</button></th>"#
        }.joined()
        let skeleton = String(
            repeating: #"<tr class="skeleton" aria-hidden="true"><th scope="row"><span class="bone"></span></th>"#
                + #"<td class="name"><span class="bone wide"></span></td><td class="num"><span class="bone"></span></td>"#
                + #"<td class="num"><span class="bone"></span></td><td class="num"><span class="bone"></span></td></tr>"#,
            count: Self.skeletonRows)
        let content = """
            <div id="page" data-page="markets">
            <h1>Markets</h1>
            <p class="lead">US stocks with their last close and the change from the day before.</p>
            <table class="quotes" id="quotes">
            <caption id="quote-count">Stocks</caption>
            <thead><tr>\(headers)</tr></thead>
            <tbody id="quote-rows">\(skeleton)</tbody>
            </table>
            \(PageLayout.loadingState("Loading prices…"))
            <p class="more"><button type="button" class="button" id="load-more" hidden>Show more stocks</button></p>
            <div id="list-end" class="sentinel"></div>
            </div>
            """
        return PageLayout(
            title: "Markets", section: .markets, sourceLabel: sourceLabel, content: content, scripts: ["markets.js"]
        ).render()
    }
}
