import BourseCore
import Foundation
import MarketsFeature

/// `/search?q=`: the results of a search, rendered on the server in the shared layout.
struct SearchPage {
    enum Outcome {
        /// No query yet: say what to type.
        case prompt
        /// The listings found (perhaps none), with the saved quotes of those that have one.
        case results([Listing], quotes: [String: Quote] = [:])
        /// The query could not be searched, and why.
        case refused(String)
    }

    let query: String
    let outcome: Outcome
    /// The market's source for the header's badge ("Simulated market"): the results show its prices.
    var sourceLabel: String? = nil

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
        return PageLayout(title: title, section: .search, sourceLabel: sourceLabel, content: content).render()
    }

    private var body: HTML {
        switch outcome {
        case .prompt:
            return
                #"<p class="lead" id="search-prompt">Type the start of a company name ("app" finds Apple Inc.), of any word in it ("bank" finds First Bank) or of a ticker symbol ("AAP" finds AAPL).</p>"#
        case .refused(let message):
            return #"<p class="error" role="alert">\#(message)</p>"#
        case .results(let listings, _) where listings.isEmpty:
            return #"<p id="search-count" role="status">No stocks match “\#(query)”. Try fewer letters, or the symbol.</p>"#
        case .results(let listings, let quotes):
            let rows = listings.map { SearchResultRow(listing: $0, quote: quotes[$0.symbol]).render() }.joined(separator: "\n")
            let count = listings.count == 1 ? "1 stock matches" : "\(listings.count) stocks match"
            let more =
                listings.count == ListingSearch.maxLimit
                ? " (the first \(ListingSearch.maxLimit); type more to narrow it down)" : ""
            // A list of links, not a table: every row is one link at every width (a grid of columns
            // on a tablet or a desktop, a card on a phone), and no column squeezes a word apart.
            return """
                <p id="search-count" role="status">\(count) “\(query)”\(more).</p>
                <div class="search-results-head" aria-hidden="true"><span>Symbol</span><span>Company</span>\
                <span>Exchange</span><span class="num">Last</span><span class="num">Day change</span></div>
                <ol class="search-results" id="search-results" aria-label="Stocks matching “\(query)”, the exact symbol first">
                \(rows)
                </ol>
                """
        }
    }
}
