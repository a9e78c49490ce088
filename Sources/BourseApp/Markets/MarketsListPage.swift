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

    /// The day at a glance (`movers.js` fills it): the index funds, then the day's top gainers,
    /// top losers and most active stocks, each list busy until its answer comes.
    static let day: HTML = {
        let bones: HTML = #"<span class="bone wide"></span><span class="bone"></span>"#
        let fund: HTML = #"<li class="fund skeleton" aria-hidden="true">\#(bones)</li>"#
        let mover: HTML = #"<li class="mover skeleton" aria-hidden="true">\#(bones)</li>"#
        let lists: [(id: String, title: String)] = [
            ("movers-gainers", "Top gainers"), ("movers-losers", "Top losers"), ("movers-active", "Most active"),
        ]
        let skeletons = Array(repeating: mover, count: 3).joined()
        let columns = lists.map { list -> HTML in
            #"""
            <section class="movers-list" aria-labelledby="\#(list.id)-heading"><h3 id="\#(list.id)-heading">\#(list.title)</h3>\#
            <ol class="mover-cards" id="\#(list.id)" aria-busy="true">\#(skeletons)</ol></section>
            """#
        }.joined()
        return """
            <section class="day" id="day" aria-labelledby="day-heading">
            <h2 id="day-heading">The day <span class="day-as-of note" id="day-as-of"></span></h2>
            <h3 class="visually-hidden">Index funds</h3>
            <ul class="funds" id="funds" aria-busy="true">\(Array(repeating: fund, count: 4).joined())</ul>
            <p class="note" id="funds-status" role="status" hidden></p>
            <div class="movers">\(columns)</div>
            <p class="note" id="movers-status" role="status" hidden></p>
            </section>
            """
    }()

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
            \(Self.day)
            <h2 class="all-heading">All stocks</h2>
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
            scripts: ["movers.js", "markets.js"], stylesheets: ["markets.css"]
        ).render()
    }
}
