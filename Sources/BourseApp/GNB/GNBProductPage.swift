import GNBFeature

/// The shell of `/gnb/{sku}`: heading, loading state, and the total and transactions table
/// that `gnb.js` fills from `/api/v1/gnb/products/{sku}`.
struct GNBProductPage {
    let sku: String

    /// Whether `text` is a SKU by the API's rule (`SKU.validated`), so that every product the
    /// list links to has a page; anything else never reaches the API or a page.
    static func isValid(sku text: String) -> Bool {
        SKU.validated(text) != nil
    }

    func render() -> HTML {
        let content: HTML = """
            <div id="page" data-page="gnb-product" data-sku="\(sku)">
            <a class="back" href="/gnb">← All products</a>
            <h1>Product \(sku)</h1>
            \(PageLayout.loadingState("Downloading rates and transactions…"))
            <div id="product" hidden>
            <p class="total"><span class="total-label">Total in EUR</span><span id="total"></span></p>
            <p class="note" id="total-note" hidden></p>
            <table>
            <caption id="transaction-count">Transactions</caption>
            <thead><tr><th scope="col" class="num">Amount</th><th scope="col" class="num">In EUR</th><th scope="col">Conversion</th></tr></thead>
            <tbody id="transaction-rows"></tbody>
            </table>
            <p class="downloads"><a class="button secondary" id="download-csv" \
            href="/api/v1/gnb/products/\(sku)/transactions.csv" download>Download CSV</a></p>
            </div>
            </div>
            """
        return PageLayout(title: "Product \(sku)", section: .gnb, content: content, scripts: ["gnb.js"]).render()
    }

    /// The page for a path that is not a SKU: says what a SKU looks like, shows nothing of it
    /// but escaped text, and loads no script.
    static func invalidSKU(_ text: String) -> PageLayout {
        let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
        let content: HTML = """
            <a class="back" href="/gnb">← All products</a>
            <h1>Not a product code</h1>
            <div class="error" role="alert"><p>“\(shown)” is not a SKU. \
            A SKU is 1 to 40 letters, digits, “-”, “_” or “.”, like T2006.</p></div>
            """
        return PageLayout(title: "Not a product code", section: .gnb, content: content)
    }
}
