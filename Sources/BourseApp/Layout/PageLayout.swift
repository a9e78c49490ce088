import Accounts

/// The HTML shell every screen shares: header with the app's name, navigation, the stock
/// search box (`search-box.js` adds suggestions as you type) and the notifications' bell, a slot
/// for the data-source label, a slot for the stale-data notice, the page's own content, and the
/// app's stylesheet and scripts (served from `/assets`, never from elsewhere).
///
/// Text goes in as plain strings and is escaped here; `content` is the page's own `HTML`, whose
/// interpolated text `HTML` escaped when the page built it.
struct PageLayout {
    /// A top-level section of the app, as it appears in the navigation.
    enum Section: CaseIterable {
        case myStocks, markets, exchange, gnb
        /// `/search`: a tab on a phone; the header's search box on wider screens.
        case search

        var title: String {
            switch self {
            case .myStocks: "My stocks"
            case .markets: "Markets"
            case .exchange: "Exchange"
            case .gnb: "GNB"
            case .search: "Search"
            }
        }

        /// The tab bar's mark for it.
        var icon: String {
            switch self {
            case .myStocks: "★"
            case .markets: "≡"
            case .exchange: "⇅"
            case .gnb: "€"
            case .search: "⌕"
            }
        }

        var path: String {
            switch self {
            case .myStocks: "/"
            case .markets: "/markets"
            case .exchange: "/exchange"
            case .gnb: "/gnb"
            case .search: "/search"
            }
        }
    }

    /// The document title (the app's name is appended).
    let title: String
    /// The navigation entry marked as the current section; nil for a page of none (People).
    let section: Section?
    /// Where the data comes from, e.g. "Simulated market"; nil until a script fills it in.
    var sourceLabel: String? = nil
    /// When the page shows saved data because the source failed: the ISO 8601 time it was fetched.
    var staleSince: String? = nil
    /// The page's markup, placed inside `<main>`.
    let content: HTML
    /// The page's own ES modules from `/assets` (its entry points), beyond the shared `bourse.js`,
    /// `search-box.js` and (with the navigation) the bell's `bell.js`; the modules they import come
    /// with them (`modulepreload`).
    var scripts: [String] = []
    /// The stylesheets of the page's features from `/assets`, beyond `layout.css` and
    /// `search-box.css` which every page links.
    var stylesheets: [String] = []
    /// False for the sign-in page: the header shows the app's name only.
    var showsNavigation = true

    /// Who the request being answered is signed in as, in a browser (set by `SignInMiddleware`):
    /// the header then has their name, a "Sign out" button and, for the owner, "People".
    @TaskLocal static var signedIn: Identity? = nil
    /// Whether the account's menu links the leaderboard (`LeaderboardLinkMiddleware`): the owner
    /// always, anyone else while the owner has not hidden it.
    @TaskLocal static var leaderboardLink = false

    func render() -> HTML {
        let nav = Section.allCases.filter { $0 != .search }.map { (item: Section) -> HTML in
            let current: HTML = item == section ? #" aria-current="page""# : ""
            return #"<li><a href="\#(item.path)"\#(current)>\#(item.title)</a></li>"#
        }.joined()
        let entries = ["bourse.js", "search-box.js"] + (showsNavigation ? ["bell.js"] : []) + scripts
        let scriptTags = entries.map { (name: String) -> HTML in
            #"<script type="module" src="\#(Assets.url(for: name))"></script>"#
        }.joined(separator: "\n")
        let preloadTags = Assets.imports(of: entries).map { (name: String) -> HTML in
            #"\#n<link rel="modulepreload" href="\#(Assets.url(for: name))">"#
        }.joined()
        let styleTags = (["layout.css", "search-box.css"] + stylesheets).map { (name: String) -> HTML in
            #"<link rel="stylesheet" href="\#(Assets.url(for: name))">"#
        }.joined(separator: "\n")
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
            <meta name="color-scheme" content="light dark">
            <meta name="theme-color" content="#10263d" media="(prefers-color-scheme: light)">
            <meta name="theme-color" content="#0a1420" media="(prefers-color-scheme: dark)">
            <meta name="apple-mobile-web-app-capable" content="yes">
            <meta name="mobile-web-app-capable" content="yes">
            <meta name="apple-mobile-web-app-status-bar-style" content="black-translucent">
            <meta name="apple-mobile-web-app-title" content="Bourse">
            <title>\(title) · Bourse</title>
            <link rel="manifest" href="/manifest.webmanifest">
            <link rel="icon" href="/icons/icon-192.png" type="image/png">
            <link rel="apple-touch-icon" href="/apple-touch-icon.png">
            \(styleTags)
            \(scriptTags)\(preloadTags)
            </head>
            <body>
            <a class="skip-link" href="#main">Skip to content</a>
            <header class="site-header">
            <div class="site-header-inner">
            \(navigation(nav))
            </div>
            </header>
            <main id="main" tabindex="-1">
            <p class="notice" id="update-notice" role="status" hidden>Bourse was updated to a new version.</p>
            \(staleNotice)
            \(content)
            \(sourceNote)
            </main>
            \(tabBar)
            </body>
            </html>
            """
    }

    /// Below tablet width, the sections as a bar of tabs at the bottom of the screen (and search,
    /// one tap away); wider screens keep the header's navigation and hide it (`layout.css`).
    private var tabBar: HTML {
        guard showsNavigation else { return "" }
        let tabs: [(path: String, title: String, icon: String, current: Bool)] =
            Section.allCases.map { ($0.path, $0.title, $0.icon, $0 == section) }
        let items = tabs.map { (tab) -> HTML in
            let current: HTML = tab.current ? #" aria-current="page""# : ""
            return #"""
                <li><a href="\#(tab.path)"\#(current)><span class="tab-icon" aria-hidden="true">\#(tab.icon)</span>\#
                <span class="tab-title">\#(tab.title)</span></a></li>
                """#
        }.joined()
        return #"<nav class="tab-bar" aria-label="Tabs"><ul>\#(items)</ul></nav>"#
    }

    /// The sections, the source label, the search box, the bell (`PageLayout+Bell.swift`) and
    /// (signed in) the account's menu.
    private func navigation(_ nav: HTML) -> HTML {
        guard showsNavigation else { return #"<div class="brand-block"><a class="brand" href="/">Bourse</a></div>"# }
        let signOut: HTML = Self.signedIn.map { Self.accountActions($0, leaderboard: Self.leaderboardLink) } ?? ""
        return """
            <div class="brand-block"><a class="brand" href="/">Bourse</a>
            \(sourceBadge)</div>
            <nav aria-label="Sections"><ul>\(nav)</ul></nav>
            \(Self.searchBox)\(signOut)
            \(Self.bell)
            """
    }

    /// Signed in: the account's menu (no script needed): who is signed in, the leaderboard (when
    /// `leaderboard`), the People page for the owner, and "Sign out". One round button in the
    /// header's row, at every width: the sections' row has no room for another link at 820 px.
    private static func accountActions(_ identity: Identity, leaderboard: Bool) -> HTML {
        let board: HTML = leaderboard ? #"<a class="leaderboard-link" href="/leaderboard">Leaderboard</a>"# : ""
        let people: HTML =
            identity.role.managesPeople ? #"<a class="people-link" href="/people">People</a>"# : ""
        return #"""
            \#n<details class="account" id="account"><summary class="account-button" aria-label="Account: \#(identity.name)" \#
            title="Signed in as \#(identity.name)"><svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" \#
            focusable="false"><path fill="currentColor" d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm0 2c-4.4 0-8 2.2-8 5v2h16v-2\#
            c0-2.8-3.6-5-8-5z"/></svg></summary>\#
            <div class="account-panel"><p class="account-name">Signed in as <strong class="one-line">\#(identity.name)</strong></p>\#
            \#(board)\#(people)<form class="sign-out" method="post" action="/signout"><button type="submit" class="button">Sign out</button>\#
            </form></div></details>
            """#
    }

    /// The header's badge: the whole label, and the short one that narrower headers show instead
    /// (`layout.css`), never cut; its title is the whole label. Hidden while there is none.
    private var sourceBadge: HTML {
        guard let sourceLabel else {
            return
                #"<p class="source-label" id="source-label" hidden><span class="source-full"></span><span class="source-short"></span></p>"#
        }
        return #"""
            <p class="source-label" id="source-label" title="\#(sourceLabel)"><span class="source-full">\#(sourceLabel)</span>\#
            <span class="source-short">\#(Self.shortSourceLabel(sourceLabel))</span></p>
            """#
    }

    /// At the end of the page, the whole source when the header may show it shorter ("Source:
    /// Massive (formerly Polygon.io)"): `data-for="short"` shows it only where the header does.
    private var sourceNote: HTML {
        guard let sourceLabel, Self.shortSourceLabel(sourceLabel) != sourceLabel else {
            return #"<p class="note source-note" id="source-note" hidden></p>"#
        }
        return #"<p class="note source-note" id="source-note" data-for="short">Source: \#(sourceLabel)</p>"#
    }

    /// A source label in a word or two for a narrow header: "Simulated market" is "Simulated",
    /// "Massive (formerly Polygon.io)" and "Massive · 15 min delayed" are "Massive"; a label
    /// already short stays as it is, a longer one is its first word. `bourse.js`'s `shortSource`
    /// follows the same rule.
    static func shortSourceLabel(_ label: String) -> String {
        if label == "Simulated market" { return "Simulated" }
        for separator in [" (", " · "] {
            if let range = label.range(of: separator), range.lowerBound != label.startIndex {
                return String(label[..<range.lowerBound])
            }
        }
        if label.count > 16, let space = label.firstIndex(of: " "), space != label.startIndex {
            return String(label[..<space])
        }
        return label
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
