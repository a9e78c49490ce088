import BourseCore

/// The shell of `/stocks/{symbol}`: the symbol at once, then what `stock.js` fills in from
/// `/api/v1/stocks/{symbol}` (name, price, day change, description) and the chart from
/// `/stocks/{symbol}/chart.svg`, with its range buttons and Line / Candles toggle, its key
/// statistics (`stock-stats.js`), and "Alert me" (`stock-alerts.js`: set an alert on the stock,
/// see, re-arm and remove its alerts).
struct StockPage {
    /// The symbol, already normalized (`Symbol.normalized`): upper case, letters, digits, `.`, `-`.
    let symbol: String
    var sourceLabel: String?

    /// The chart ranges, in the order of their buttons: the chart's own (`ChartRange`), which
    /// `stock.js` reads from the buttons; `defaultRange` is selected first.
    static let ranges = ChartRange.allCases.map(\.rawValue)
    static let defaultRange = ChartRange.oneMonth.rawValue

    func render() -> HTML {
        let rangeButtons = Self.ranges.map { (range: String) -> HTML in
            let pressed = range == Self.defaultRange ? "true" : "false"
            return #"<button type="button" class="toggle" data-range="\#(range)" aria-pressed="\#(pressed)">\#(range)</button>"#
        }.joined()
        let content: HTML = """
            <div id="page" data-page="stock" data-symbol="\(symbol)">
            <a class="back" href="/markets">← Markets</a>
            <div class="title-row">
            <h1><span id="stock-symbol">\(symbol)</span> <span class="stock-name" id="stock-name"></span></h1>
            <button type="button" class="button secondary follow" id="follow" aria-pressed="false" hidden>☆ Follow</button>
            </div>
            <div class="quote" id="quote">
            <p class="price"><span class="price-value" id="price"><span class="bone wide"></span></span> \
            <span class="price-change" id="change"></span> <span class="price-change" id="change-percent"></span></p>
            <p class="note" id="quote-note"></p>
            </div>
            \(PageLayout.loadingState("Loading \(symbol)…"))
            <section class="chart-section" id="chart-section" aria-labelledby="chart-heading">
            <h2 id="chart-heading" class="visually-hidden">Price chart</h2>
            <div class="chart-controls">
            <div class="toggles" role="group" aria-label="Range">\(rangeButtons)</div>
            <p class="range-change" id="range-change" aria-live="polite"></p>
            <div class="toggles" role="group" aria-label="Chart style">\
            <button type="button" class="toggle" data-style="line" aria-pressed="true">Line</button>\
            <button type="button" class="toggle" data-style="candles" aria-pressed="false">Candles</button></div>
            </div>
            <div class="chart" id="chart"><div class="chart-placeholder" id="chart-placeholder"></div></div>
            <p class="chart-readout" id="chart-readout" aria-live="polite"></p>
            <p class="chart-status" id="chart-status" role="status" aria-live="polite">Loading the chart…</p>
            <div class="error" id="chart-error" role="alert" hidden><p id="chart-error-text"></p>\
            <button type="button" class="button" id="chart-retry">Try again</button></div>
            </section>
            \(Self.keyStatistics)
            \(alertForm)
            <section class="about" id="about" aria-labelledby="about-heading" hidden>
            <h2 id="about-heading">About</h2>
            <p id="description"></p>
            <p class="note" id="exchange"></p>
            </section>
            </div>
            """
        return PageLayout(
            title: symbol, section: .markets, sourceLabel: sourceLabel, content: content,
            scripts: ["stock.js", "follow.js", "stock-alerts.js"], stylesheets: ["markets.css", "chart.css", "watchlist.css"]
        ).render()
    }

    /// The key statistics (SPEC §13), in the order shown: the API's name of each and its label.
    static let statistics: [(key: String, label: String)] = [
        ("previousClose", "Previous close"), ("open", "Open"), ("dayHigh", "Day’s high"), ("dayLow", "Day’s low"),
        ("volume", "Volume"), ("averageVolume", "Average volume (30 days)"), ("week52High", "52-week high"),
        ("week52Low", "52-week low"), ("marketCap", "Market cap"),
    ]

    /// "Key statistics": a term and a loading value each (a list of its own, so that the grid
    /// lays out whole items), which `stock-stats.js` fills in from the stock's `stats`.
    private static var keyStatistics: HTML {
        let items = statistics.map { (item: (key: String, label: String)) -> HTML in
            #"<dl class="stat"><dt>\#(item.label)</dt><dd data-stat="\#(item.key)"><span class="bone"></span></dd></dl>"#
        }.joined()
        return """
            <section class="stats" id="stats" aria-labelledby="stats-heading">
            <h2 id="stats-heading">Key statistics</h2>
            <div class="stats-grid" id="stats-grid" aria-busy="true">\(items)</div>
            <p class="note" id="stats-note" role="status" aria-live="polite"></p>
            </section>
            """
    }

    /// "Alert me": the form that sets an alert on the stock and the list of its alerts, hidden
    /// until `stock-alerts.js` runs (the API takes JSON only, so the form needs the script).
    private var alertForm: HTML {
        """
        <section class="alerts" id="alerts" aria-labelledby="alerts-heading" hidden>
        <h2 id="alerts-heading">Alert me</h2>
        <form class="alert-form" id="alert-form" novalidate>
        <div class="alert-field"><label for="alert-kind">When</label>
        <select id="alert-kind">\
        <option value="above">the price is at or above</option>\
        <option value="below">the price is at or below</option>\
        <option value="movePercent">the day's move is at least (%)</option></select></div>
        <div class="alert-field"><label for="alert-value" id="alert-value-label">Price</label>
        <input id="alert-value" type="text" inputmode="decimal" autocomplete="off" spellcheck="false"></div>
        <button type="submit" class="button">Alert me</button>
        </form>
        <p class="error" id="alert-error" role="alert" hidden></p>
        <p class="note" id="alert-note" role="status"></p>
        <ul class="alert-rows" id="alert-rows" aria-label="Alerts on \(symbol)"></ul>
        </section>
        """
    }

    /// The page for a path that is not a ticker symbol: says what a symbol looks like, shows
    /// the text only escaped, and loads no data.
    static func invalidSymbol(_ text: String, reason: String, sourceLabel: String? = nil) -> PageLayout {
        let shown = text.count > 20 ? String(text.prefix(20)) + "…" : text
        let content: HTML = """
            <a class="back" href="/markets">← Markets</a>
            <h1>Not a ticker symbol</h1>
            <div class="error" role="alert"><p>“\(shown)” is not a ticker symbol: \(reason). \
            A symbol is 1 to 12 letters, digits, “.” or “-”, like AAPL or BRK.B. \
            To find a company by its name, use the search box at the top.</p></div>
            """
        return PageLayout(title: "Not a ticker symbol", section: .markets, sourceLabel: sourceLabel, content: content)
    }

    /// The page for a well-formed symbol that no listed stock has (`/stocks/AAPLX`): says so,
    /// points back to the markets and to the search box, and loads no data. `symbol` is
    /// normalized (`Symbol.normalized`), so it is at most 12 characters.
    static func unknownSymbol(_ symbol: String, sourceLabel: String? = nil) -> PageLayout {
        let content: HTML = """
            <a class="back" href="/markets">← Markets</a>
            <h1>No stock \(symbol) is listed</h1>
            <div class="error" role="alert"><p>No listed stock has the symbol “\(symbol)”. \
            The listed stocks are on the <a href="/markets">Markets</a> page; \
            to find a company by its name, use the search box at the top.</p></div>
            """
        return PageLayout(title: "No stock \(symbol)", section: .markets, sourceLabel: sourceLabel, content: content)
    }
}
