/// The shell of `/`: heading, the table's header with its sort buttons, and skeleton rows that
/// `markets.js` replaces with the rows of `/api/v1/tickers`, page after page as the user scrolls.
struct MarketsListPage {
    var sourceLabel: String?
    /// `/markets`, or the home screen (`/`) of a user who follows no stock yet: it then says how.
    var section: PageLayout.Section = .markets

    /// How many placeholder rows the shell shows until the first page arrives.
    static let skeletonRows = 8

    /// A column: the key `markets.js` sorts by (nil: not sortable), the header's text, the
    /// shorter text a phone shows instead, and whether it holds numbers (right-aligned, sorted
    /// largest first on the first press).
    struct Column {
        let key: String?
        let title: String
        let short: String
        let numeric: Bool
    }

    static let columns = [
        Column(key: "symbol", title: "Symbol", short: "Symbol", numeric: false),
        Column(key: "name", title: "Company", short: "Name", numeric: false),
        Column(key: "price", title: "Last", short: "Last", numeric: true),
        Column(key: nil, title: "Change", short: "Chg", numeric: true),
        Column(key: "changePercent", title: "% change", short: "%", numeric: true),
    ]

    /// What the home screen says until the user follows a stock.
    static let followHint: HTML = """
        <p class="notice" id="follow-hint">Follow the stocks you care about: open one and tap \
        <strong>☆ Follow</strong>. Your stocks then open first, here.</p>
        """

    func render() -> HTML {
        let headers = Self.columns.map { (column: Column) -> HTML in
            // The full title is the header's accessible name; a narrow screen shows the short one.
            let title: HTML =
                column.title == column.short
                ? "\(column.title)"
                : #"<span class="long">\#(column.title)</span><span class="short" aria-hidden="true">\#(column.short)</span>"#
            let numeric: HTML = column.numeric ? #" class="num""# : ""
            guard let key = column.key else {
                return #"<th scope="col"\#(numeric)>\#(title)</th>"#
            }
            return #"<th scope="col"\#(numeric) data-sort="\#(key)"><button type="button" class="sort">\#(title)</button></th>"#
        }.joined()
        let skeletonRow: HTML = #"""
            <tr class="skeleton" aria-hidden="true"><th scope="row"><span class="bone"></span></th>\#
            <td class="name"><span class="bone wide"></span></td><td class="num"><span class="bone"></span></td>\#
            <td class="num"><span class="bone"></span></td><td class="num"><span class="bone"></span></td></tr>
            """#
        let skeleton = Array(repeating: skeletonRow, count: Self.skeletonRows).joined()
        let content: HTML = """
            <div id="page" data-page="markets">
            <h1>Markets</h1>
            <p class="lead">US stocks with their last close and the change from the day before.</p>\
            \(section == .myStocks ? Self.followHint : "")
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
            title: "Markets", section: section, sourceLabel: sourceLabel, content: content,
            scripts: ["markets.js"], stylesheets: ["markets.css"]
        ).render()
    }
}
