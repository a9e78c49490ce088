/// The shell of `/gnb`: heading, search box, loading state and the empty table that `gnb.js`
/// fills from `/api/v1/gnb/products`.
struct GNBProductsPage {
    func render() -> HTML {
        let content: HTML = """
            <div id="page" data-page="gnb-products">
            <h1>GNB products</h1>
            <p class="lead">Every product's transactions, converted to euros with the known and the derived currency rates.</p>
            <div class="search" role="search">
            <label for="sku-filter">Search SKU</label>
            <input type="search" id="sku-filter" name="q" autocapitalize="characters" spellcheck="false" placeholder="e.g. T2006">
            </div>
            \(PageLayout.loadingState("Downloading rates and transactions…"))
            <p id="product-count" aria-live="polite"></p>
            <table id="products" hidden>
            <caption>Products</caption>
            <thead><tr><th scope="col">SKU</th><th scope="col" class="num">Transactions</th><th scope="col" class="num">Total (EUR)</th></tr></thead>
            <tbody id="product-rows"></tbody>
            </table>
            <p class="downloads"><a class="button secondary" id="download-csv" href="/api/v1/gnb/products.csv" download>\
            Download CSV</a></p>
            </div>
            """
        return PageLayout(title: "GNB products", section: .gnb, content: content, scripts: ["gnb.js"]).render()
    }
}
