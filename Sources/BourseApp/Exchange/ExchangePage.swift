import BourseCore

/// The shell of `/exchange`, the live single-stock exchange: every region with its loading
/// state, drawn before any data exists. Its scripts (`Exchange/Public/exchange-*.js`) then open the WebSocket
/// `/exchange/ws` (snapshot, ticks, feed state, order events) and load `/api/v1/book`,
/// `/api/v1/orders` and `/api/v1/position`; the order ticket posts to `/api/v1/orders`.
///
/// The regions in the order a phone stacks them: the sticky bar (symbol, last trade, the feed's
/// state and the "Simulated" label), the chart, the ticket, the book, the position, the open
/// orders and the history. From 760 px wide they sit in a grid (`exchange.css`). The one piece of
/// data is the market's status: when it is closed the bar says so and when it opens, and the
/// ticket says market orders are rejected until then (the socket keeps both up to date). The
/// order types and times in force are the server's (`OrderKindsTable`): the ticket's buttons are
/// drawn from them, and the page embeds them as JSON (`#order-kinds`) for its scripts.
///
/// With several people (SPEC.md §14) the page is the signed-in person's: a viewer, who may change
/// nothing, gets a note in the ticket's place (`viewerNote`) and watches the book and the chart;
/// with cash (`BOURSE_STARTING_CASH`) the side column starts with the account's cash, buying power,
/// position value and equity (`accountSummary`), filled in with the position.
struct ExchangePage {
    /// Levels shown on each side of the book.
    static let bookLevels = 10
    /// The type the ticket starts on, as `exchange-state.js` does.
    static let startingType = OrderType.market

    /// Whether the market is open as the page is drawn.
    var market: MarketStatus = .open
    /// Where the feed's quotes come from ("Alpaca · IEX"; "Simulated market" for the simulated
    /// feed, also labelled "Simulated" beside the feed's state), in the header's badge as on the
    /// market's pages: the exchange's own source, never the market list's.
    var sourceLabel: String?
    /// The order value above which the ticket asks to confirm (`BOURSE_CONFIRM_ORDERS_ABOVE`);
    /// nil never asks.
    var confirmOrdersAbove: ExactDecimal? = ExactDecimal(10_000)
    /// The signed-in person's role: a viewer gets no ticket.
    var role: Role = .owner
    /// Whether accounts have cash (`BOURSE_STARTING_CASH`): the account summary is drawn. Without
    /// it (infinite capital) the page is as it was for one person alone.
    var withCash = false

    /// What a viewer reads where the ticket would be.
    static let viewerNote =
        "You’re a viewer: you watch the book and the chart, but can’t place orders. To trade, ask the owner to make you a member."

    func render() -> HTML {
        let closed = !market.isOpen
        let hidden: HTML = closed ? "" : " hidden"
        let marketNotice: HTML =
            #"<p class="market-note" id="market-note" role="status"\#(hidden)>\#(closed ? ExchangeMarketNote.notice(market) : "")</p>"#
        let ticketNote: HTML = #"<p class="ticket-market" id="ticket-market"\#(hidden)>\#(ExchangeMarketNote.ticket)</p>"#
        let bookRow: HTML =
            #"<tr><td class="num bid-size"></td><td class="num bid"></td><td class="num ask"></td><td class="num ask-size"></td></tr>"#
        let bookRows = Array(repeating: bookRow, count: Self.bookLevels).joined()
        let content: HTML = """
            <div id="page" class="exchange-page" data-page="exchange" data-market="\(closed ? "closed" : "open")">
            <div class="ex-bar" id="ex-bar">
            <h1 class="ex-title">Exchange <span class="ex-symbol" id="ex-symbol"></span></h1>
            <p class="ex-last" id="ex-last"><span class="visually-hidden">Last trade: </span>\
            <span class="ex-last-price" id="last-price"><span class="bone"></span></span> \
            <span class="ex-last-size" id="last-size"></span></p>
            <p class="ex-feed"><span class="feed-badge" id="feed-badge" data-state="connecting" role="status">Connecting…</span> \
            <span class="sim-label" id="sim-label" hidden>Simulated</span></p>
            <p class="feed-note" id="feed-note" hidden></p>
            \(marketNotice)
            </div>
            \(PageLayout.loadingState("Connecting to the exchange…"))
            <div class="exchange">
            <section class="panel ex-chart-panel" id="chart-section" aria-labelledby="chart-heading">
            <h2 id="chart-heading">Price <span class="panel-note" id="chart-caption"></span></h2>
            <div class="ex-chart" id="ex-chart"></div>
            <p class="chart-status" id="ex-chart-status" role="status">Waiting for the first trades…</p>
            </section>
            \(role.mayChange ? Self.ticket(note: ticketNote, confirmAbove: confirmOrdersAbove) : Self.viewerPanel)
            <section class="panel ex-book-panel" id="book-section" aria-labelledby="book-heading">
            <h2 id="book-heading">Order book</h2>
            <div class="bbo" id="bbo">
            <p class="bbo-side bbo-bid"><span class="bbo-label">Best bid</span> \
            <span class="bbo-price" id="best-bid">—</span> <span class="bbo-size" id="best-bid-size"></span></p>
            <p class="bbo-side bbo-spread"><span class="bbo-label">Spread</span> <span class="bbo-price" id="spread">—</span></p>
            <p class="bbo-side bbo-ask"><span class="bbo-label">Best ask</span> \
            <span class="bbo-price" id="best-ask">—</span> <span class="bbo-size" id="best-ask-size"></span></p>
            </div>
            <table class="book" id="book" aria-describedby="book-note">
            <caption class="visually-hidden">The \(Self.bookLevels) best bids and asks, best first</caption>
            <thead><tr><th scope="col" class="num">Bid size</th><th scope="col" class="num">Bid</th>\
            <th scope="col" class="num">Ask</th><th scope="col" class="num">Ask size</th></tr></thead>
            <tbody id="book-rows">\(bookRows)</tbody>
            </table>
            <p class="panel-note" id="book-note">Shares on offer at each price, after your own orders took theirs; the bars show the depth so far.</p>
            </section>
            <div class="ex-side">\(withCash ? Self.accountSummary : "")
            <section class="panel ex-position-panel" id="position-section" aria-labelledby="position-heading">
            <h2 id="position-heading">Your position</h2>
            <dl class="position" id="position" aria-busy="true">
            <dt>Shares</dt><dd class="num" id="pos-quantity"><span class="bone"></span></dd>
            <dt>Average cost</dt><dd class="num" id="pos-average"></dd>
            <dt>Cost basis</dt><dd class="num" id="pos-cost"></dd>
            <dt>Last price</dt><dd class="num" id="pos-mark"></dd>
            <dt>Market value</dt><dd class="num" id="pos-value"></dd>
            <dt>Unrealized P&amp;L</dt><dd class="num" id="pos-unrealized"></dd>
            <dt>Realized P&amp;L</dt><dd class="num" id="pos-realized"></dd>
            </dl>
            <p class="panel-note" id="position-note" role="status">Loading your position…</p>
            </section>
            <section class="panel ex-open-panel" id="open-section" aria-labelledby="open-heading">
            <h2 id="open-heading">Open orders <span class="count" id="open-count"></span></h2>
            <p class="empty" id="open-empty">Loading your orders…</p>
            <ul class="open-orders" id="open-orders"></ul>
            </section>
            </div>
            <section class="panel ex-history-panel" id="history-section" aria-labelledby="history-heading">
            <h2 id="history-heading">Order history</h2>
            <div class="error" id="orders-error" role="alert" hidden><p id="orders-error-text"></p>\
            <button type="button" class="button" id="orders-retry">Try again</button></div>
            <table class="history" id="history" hidden>
            <caption class="visually-hidden">Your orders, newest first</caption>
            <thead><tr><th scope="col">Time</th><th scope="col">Order</th><th scope="col" class="num">Filled</th>\
            <th scope="col">Status</th></tr></thead>
            <tbody id="history-rows"></tbody>
            </table>
            <p class="empty" id="history-empty">Loading your orders…</p>
            <p class="downloads"><a class="button secondary" id="download-orders" href="/api/v1/orders.csv" download>\
            Download orders (CSV)</a> <a class="button secondary" id="download-fills" href="/api/v1/fills.csv" download>\
            Download fills (CSV)</a></p>
            </section>
            </div>
            <div class="toasts" id="toasts" role="status" aria-live="polite" aria-relevant="additions"></div>
            \(OrderKindsTable.embedded)
            </div>
            """
        return PageLayout(
            title: "Exchange", section: .exchange, sourceLabel: sourceLabel, content: content,
            scripts: ["exchange.js"],
            stylesheets: ["exchange.css"]
        ).render()
    }

    /// In the ticket's place for a viewer, who may change nothing: what they can do here and how to
    /// trade. No form, so the page's scripts find no ticket and leave it alone.
    static var viewerPanel: HTML {
        #"""
        <section class="panel ex-ticket-panel ex-viewer-panel" id="viewer-section" aria-labelledby="viewer-heading">
        <h2 id="viewer-heading">Trading</h2>
        <p class="viewer-note" id="viewer-note">\#(viewerNote)</p>
        </section>
        """#
    }

    /// The account's money with cash (SPEC.md §14): cash, buying power (cash less what open buys
    /// reserve), the shares' value at the last trade and equity (cash plus that value), filled in
    /// by `exchange-position.js` from `GET /api/v1/position`'s `cash`, each time the position is.
    static var accountSummary: HTML {
        #"""

        <section class="panel ex-account-panel" id="cash-section" aria-labelledby="cash-heading">
        <h2 id="cash-heading">Your account</h2>
        <dl class="position cash-summary" id="cash-summary" aria-busy="true">
        <dt>Cash</dt><dd class="num" id="cash-cash"><span class="bone"></span></dd>
        <dt>Buying power</dt><dd class="num" id="cash-buying-power"></dd>
        <dt>Position value</dt><dd class="num" id="cash-position-value"></dd>
        <dt>Equity</dt><dd class="num" id="cash-equity"></dd>
        </dl>
        <p class="panel-note" id="cash-note" role="status">Loading your account…</p>
        </section>
        """#
    }

    /// The order ticket. The side and the types (`OrderType.allCases`, in that order, with their
    /// `OrderKindsTable` labels) are toggle buttons (44 px targets, unlike radio dots; the types
    /// wrap to two rows on a narrow ticket); the quantity is a text field with a numeric keypad, so
    /// whatever the user typed reaches the server and its error says what was wrong. Each other field shows only for the types that take it (`exchange-ticket.js`): the
    /// limit price (limit, stop limit), the stop price (stop, stop limit), the trail as an amount or
    /// a percent (trailing stop), the time in force with the options the type allows, and behind a
    /// disclosure a market or limit entry's take-profit and stop-loss. Each field has its rule as a
    /// hint and its own error; the submit button says what will happen ("Buy 1 at market");
    /// `note` says whether market orders are taken now. Live prices are never written into a field:
    /// the limit and stop prices offer them as taps ("Use ask 138.85", "Use last 138.80"). An order
    /// worth more than `confirmAbove` (`data-confirm-above`, "off" for never) asks to confirm in
    /// the ticket before it is sent.
    static func ticket(note: HTML, confirmAbove: ExactDecimal? = nil) -> HTML {
        let threshold = confirmAbove.map { $0.normalized().description } ?? "off"
        let typeButtons = OrderType.allCases.map { (type: OrderType) -> HTML in
            let pressed: HTML = type == startingType ? #" aria-pressed="true""# : #" aria-pressed="false""#
            return #"<button type="button" class="toggle" data-type="\#(type.rawValue)"\#(pressed)>\#(type.label)</button>"#
        }.joined()
        let tifOptions = TimeInForce.allowed(for: startingType).map { (tif: TimeInForce) -> HTML in
            let selected: HTML = tif == .default(for: startingType) ? " selected" : ""
            return #"<option value="\#(tif.rawValue)"\#(selected)>\#(tif.name)</option>"#
        }.joined()
        return #"""
            <section class="panel ex-ticket-panel" id="ticket-section" aria-labelledby="ticket-heading">
            <h2 id="ticket-heading">Place an order</h2>
            <form class="ticket" id="ticket" novalidate data-confirm-above="\#(threshold)">
            <div class="ticket-toggles">
            <div class="toggles side-toggles" role="group" aria-label="Side">\#
            <button type="button" class="toggle" data-side="buy" aria-pressed="true">Buy</button>\#
            <button type="button" class="toggle" data-side="sell" aria-pressed="false">Sell</button></div>
            <div class="toggles type-toggles" role="group" aria-label="Order type">\#(typeButtons)</div>
            </div>
            <div class="ticket-fields">
            <p class="field"><label for="quantity">Quantity</label>\#
            <input type="text" id="quantity" name="quantity" value="1" inputmode="numeric" autocomplete="off" \#
            spellcheck="false" enterkeyhint="done" aria-describedby="quantity-error ticket-error">\#
            <span class="field-error" id="quantity-error"></span></p>
            \#(field("stop", label: "Stop price", input: "stop-price", name: "stopPrice", offer: true))
            <p class="field" id="price-field" hidden><label for="limit-price">Limit price</label>\#
            <input type="text" id="limit-price" name="price" inputmode="decimal" autocomplete="off" \#
            spellcheck="false" enterkeyhint="done" aria-describedby="limit-price-hint limit-price-error ticket-error">\#
            <span class="hint" id="limit-price-hint"></span>\#
            <span class="field-error" id="limit-price-error"></span>\#
            <button type="button" class="use-price" id="use-limit-price" aria-controls="limit-price" hidden></button></p>
            <p class="field wide" id="trail-field" hidden><label for="trail">Trail</label>\#
            <span class="trail-inputs"><input type="text" id="trail" name="trail" inputmode="decimal" autocomplete="off" \#
            spellcheck="false" enterkeyhint="done" aria-describedby="trail-hint trail-error ticket-error">\#
            <select id="trail-unit" name="trailUnit" aria-label="Trail in">\#
            <option value="amount" selected>$ amount</option><option value="percent">% of price</option></select></span>\#
            <span class="hint" id="trail-hint"></span><span class="field-error" id="trail-error"></span></p>
            <p class="field wide" id="tif-field"><label for="time-in-force">Time in force</label>\#
            <select id="time-in-force" name="timeInForce" aria-describedby="tif-hint">\#(tifOptions)</select>\#
            <span class="hint" id="tif-hint">\#(TimeInForce.default(for: startingType).hint)</span></p>
            </div>
            <div class="bracket" id="bracket">
            <button type="button" class="disclosure" id="bracket-toggle" aria-expanded="false" \#
            aria-controls="bracket-fields">Add take-profit / stop-loss</button>
            <div class="ticket-fields" id="bracket-fields" hidden>
            \#(field("take-profit", label: "Take-profit", input: "take-profit", name: "takeProfit"))
            \#(field("stop-loss", label: "Stop-loss", input: "stop-loss", name: "stopLoss"))
            </div>
            </div>
            \#(note)
            <p class="ticket-error" id="ticket-error" aria-live="assertive"></p>
            <button type="submit" class="button submit buy" id="submit">Buy 1 at market</button>
            <div class="ticket-confirm" id="ticket-confirm" tabindex="-1" hidden>\#
            <p class="confirm-text" id="confirm-text"></p>\#
            <div class="confirm-buttons"><button type="button" class="button submit buy" id="confirm-place">Place it</button>\#
            <button type="button" class="button secondary" id="confirm-back">Change it</button></div></div>
            <p class="ticket-notice" id="ticket-notice" hidden></p>
            </form>
            </section>
            """#
    }

    /// A price field of the ticket, hidden until its type or the bracket shows it: the label, the
    /// input (`input` is its id), the rule (`<input>-hint`) and its error (`<input>-error`); with
    /// `offer`, the button that puts the live price into it when tapped (`use-<input>`).
    private static func field(_ id: String, label: String, input: String, name: String, offer: Bool = false) -> HTML {
        let use: HTML =
            offer ? #"<button type="button" class="use-price" id="use-\#(input)" aria-controls="\#(input)" hidden></button>"# : ""
        return #"""
            <p class="field" id="\#(id)-field" hidden><label for="\#(input)">\#(label)</label>\#
            <input type="text" id="\#(input)" name="\#(name)" inputmode="decimal" autocomplete="off" \#
            spellcheck="false" enterkeyhint="done" aria-describedby="\#(input)-hint \#(input)-error ticket-error">\#
            <span class="hint" id="\#(input)-hint"></span><span class="field-error" id="\#(input)-error"></span>\#(use)</p>
            """#
    }
}
