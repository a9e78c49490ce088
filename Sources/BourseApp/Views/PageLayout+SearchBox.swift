extension PageLayout {
    /// The stock search in every page's header: a plain form to `/search?q=` that works without
    /// JavaScript. `search-box.js` turns the input into an ARIA combobox whose listbox shows
    /// suggestions from `/api/v1/search` as the user types.
    static let searchBox = #"""
        <form class="site-search" id="site-search" action="/search" method="get" role="search">\#
        <label for="site-search-input" class="visually-hidden">Search stocks by name or symbol</label>\#
        <div class="combo">\#
        <input type="search" id="site-search-input" name="q" placeholder="Search stocks" \#
        autocomplete="off" autocapitalize="none" spellcheck="false" enterkeyhint="search">\#
        <ul class="combo-list" id="site-search-list" role="listbox" aria-label="Suggestions" hidden></ul>\#
        <p class="combo-note" id="site-search-status" role="status" aria-live="polite"></p>\#
        </div>\#
        <button type="submit" class="button search-button">Search</button>\#
        </form>
        """#
}
