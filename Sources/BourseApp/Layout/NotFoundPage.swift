/// The page a browser gets for a path that is no page (`/stocks/AAPL/x`, `/nowhere`): says so in
/// words, with the path shown only escaped, and points back to the markets and the search box.
enum NotFoundPage {
    static func render(path: String, sourceLabel: String? = nil) -> HTML {
        let shown = path.count > 60 ? String(path.prefix(60)) + "…" : path
        let content: HTML = """
            <h1>Page not found</h1>
            <div class="error" role="alert"><p>There is no page at “\(shown)”. \
            The list of stocks is on the <a href="/markets">Markets</a> page; to find a company, use the search box at the top.</p></div>
            """
        return PageLayout(title: "Page not found", section: .markets, sourceLabel: sourceLabel, content: content).render()
    }
}
