/// The HTML shell every screen shares: header with the app's name, navigation and the stock
/// search box (`search-box.js` adds suggestions as you type), a slot for the data-source label,
/// a slot for the stale-data notice, the page's own content, and the
/// app's stylesheet and scripts (served from `/assets`, never from elsewhere).
///
/// Text goes in as plain strings and is escaped here; `content` is the page's own `HTML`, whose
/// interpolated text `HTML` escaped when the page built it.
struct PageLayout {
    /// A top-level section of the app, as it appears in the navigation.
    enum Section: CaseIterable {
        case myStocks, markets, exchange, gnb

        var title: String {
            switch self {
            case .myStocks: "My stocks"
            case .markets: "Markets"
            case .exchange: "Exchange"
            case .gnb: "GNB"
            }
        }

        var path: String {
            switch self {
            case .myStocks: "/"
            case .markets: "/markets"
            case .exchange: "/exchange"
            case .gnb: "/gnb"
            }
        }
    }

    /// The document title (the app's name is appended).
    let title: String
    /// The navigation entry marked as the current section.
    let section: Section
    /// Where the data comes from, e.g. "Simulated market"; nil until a script fills it in.
    var sourceLabel: String? = nil
    /// When the page shows saved data because the source failed: the ISO 8601 time it was fetched.
    var staleSince: String? = nil
    /// The page's markup, placed inside `<main>`.
    let content: HTML
    /// Scripts from `/assets` the page needs, beyond the shared `bourse.js` and `search-box.js`.
    var scripts: [String] = []
    /// Stylesheets from `/assets` the page needs beyond `bourse.css` (a screen whose rules would
    /// weigh on every other page keeps them in a file of its own).
    var stylesheets: [String] = []
    /// False for the sign-in page: the header shows the app's name only.
    var showsNavigation = true

    /// Whether the request being answered is signed in (set by `SignInMiddleware`): the header
    /// then has a "Sign out" button.
    @TaskLocal static var signedIn = false

    func render() -> HTML {
        let nav = Section.allCases.map { (item: Section) -> HTML in
            let current: HTML = item == section ? #" aria-current="page""# : ""
            return #"<li><a href="\#(item.path)"\#(current)>\#(item.title)</a></li>"#
        }.joined()
        let scriptTags = (["bourse.js", "search-box.js"] + scripts).map { (name: String) -> HTML in
            #"<script src="\#(Assets.url(for: name))" defer></script>"#
        }.joined(separator: "\n")
        let styleTags = (["bourse.css"] + stylesheets).map { (name: String) -> HTML in
            #"<link rel="stylesheet" href="\#(Assets.url(for: name))">"#
        }.joined(separator: "\n")
        let hidden: HTML = sourceLabel == nil ? " hidden" : ""
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <title>\(title) · Bourse</title>
            <link rel="icon" href="data:,">
            \(styleTags)
            \(scriptTags)
            </head>
            <body>
            <a class="skip-link" href="#main">Skip to content</a>
            <header class="site-header">
            <div class="site-header-inner">
            <a class="brand" href="/">Bourse</a>
            \(navigation(nav, sourceHidden: hidden))
            </div>
            </header>
            <main id="main" tabindex="-1">
            \(staleNotice)
            \(content)
            </main>
            </body>
            </html>
            """
    }

    /// The sections, the source label, the search box and (signed in) the sign-out button.
    private func navigation(_ nav: HTML, sourceHidden hidden: HTML) -> HTML {
        guard showsNavigation else { return "" }
        let signOut: HTML =
            Self.signedIn
            ? #"\#n<form class="sign-out" method="post" action="/signout"><button type="submit" class="button">Sign out</button></form>"#
            : ""
        return """
            <nav aria-label="Sections"><ul>\(nav)</ul></nav>
            <p class="source-label" id="source-label"\(hidden)>\(sourceLabel ?? "")</p>
            \(Self.searchBox)\(signOut)
            """
    }

    /// The notice that the data shown is the last saved, hidden until there is such data.
    private var staleNotice: HTML {
        guard let staleSince else {
            return #"<p class="notice" id="stale-notice" role="status" hidden></p>"#
        }
        return #"""
            <p class="notice" id="stale-notice" role="status">Showing data from \#
            <time datetime="\#(staleSince)">\#(staleSince)</time>: \#
            the source can't be reached, so this is the last data saved.</p>
            """#
    }

    /// The loading state a page shows until its data arrives: visible at once, announced politely.
    static func loadingState(_ message: String) -> HTML {
        #"""
        <div class="status" id="status" role="status" aria-live="polite">\#
        <span class="spinner" aria-hidden="true"></span> \#
        <span id="status-text">\#(message)</span></div>
        <div class="error" id="error" role="alert" hidden>\#
        <p id="error-text"></p>\#
        <button type="button" class="button" id="retry">Try again</button></div>
        <noscript><p class="error">This page loads its data with JavaScript, which is turned off. \#
        The same data is in the JSON API.</p></noscript>
        """#
    }
}
