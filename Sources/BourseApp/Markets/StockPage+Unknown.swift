extension StockPage {
    /// The page for a well-formed symbol that is not a listed stock.
    static func unknownSymbol(_ symbol: String) -> PageLayout {
        let content = """
            <a class="back" href="/">← Markets</a>
            <h1>No such stock</h1>
            <div class="error" role="alert"><p>No stock “\\(HTML.escape(symbol))” is listed. \\
            To find a company by its name, use the search box at the top.</p></div>
            """
        return PageLayout(title: "No such stock", section: .markets, content: content)
    }
}
