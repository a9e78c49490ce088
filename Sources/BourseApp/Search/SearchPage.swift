import BourseCore
import Foundation

/// `/search?q=`: the results of a search, rendered on the server in the shared layout.
struct SearchPage {
    enum Outcome {
        /// No query yet: say what to type.
        case prompt
        /// The listings found (perhaps none).
        case results([Listing])
        /// The query could not be searched, and why.
        case refused(String)
    }

    let query: String
    let outcome: Outcome

    func render() -> HTML {
        let title = query.allSatisfy(\.isWhitespace) ? "Search" : "Search: \(query)"
        let content: HTML = """
            <div id="page" data-page="search">
            <h1>Search stocks</h1>
            <form class="search" role="search" action="/search" method="get">
            <label for="search-q">Company name or symbol</label>
            <input type="search" id="search-q" name="q" value="\(query)" maxlength="\(SearchIndex.maxQueryLength)" \
            autocomplete="off" spellcheck="false" placeholder="e.g. Apple or AAPL">
            </form>
            \(body)
            </div>
            """
        return PageLayout(title: title, section: .markets, content: content).render()
    }

    private var body: HTML {
        switch outcome {
        case .prompt:
            return
                #"<p class="lead" id="search-prompt">Type the start of a company name ("app" finds Apple Inc.), of any word in it ("bank" finds First Bank) or of a ticker symbol ("AAP" finds AAPL).</p>"#
        case .refused(let message):
            return #"<p class="error" role="alert">\#(message)</p>"#
        case .results(let listings) where listings.isEmpty:
            return #"<p id="search-count" role="status">No stocks match “\#(query)”. Try fewer letters, or the symbol.</p>"#
        case .results(let listings):
            let rows = listings.map { (listing: Listing) -> HTML in
                let path = "/stocks/" + (listing.symbol.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? "")
                return #"""
                    <tr><th scope="row"><a href="\#(path)">\#(listing.symbol)</a></th>\#
                    <td>\#(listing.name)</td><td>\#(listing.exchange.rawValue)</td></tr>
                    """#
            }.joined(separator: "\n")
            let count = listings.count == 1 ? "1 stock matches" : "\(listings.count) stocks match"
            let more =
                listings.count == ListingSearch.maxLimit
                ? " (the first \(ListingSearch.maxLimit); type more to narrow it down)" : ""
            return """
                <p id="search-count" role="status">\(count) “\(query)”\(more).</p>
                <table id="search-results">
                <caption>Stocks matching “\(query)”, by company name</caption>
                <thead><tr><th scope="col">Symbol</th><th scope="col">Company</th><th scope="col">Exchange</th></tr></thead>
                <tbody>
                \(rows)
                </tbody>
                </table>
                """
        }
    }
}
