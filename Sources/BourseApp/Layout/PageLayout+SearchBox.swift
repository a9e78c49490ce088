extension PageLayout {
    /// The stock search in every page's header: a plain form to `/search?q=` that works without
    /// JavaScript. `search-box.js` turns the input into an ARIA combobox whose listbox shows
    /// suggestions from `/api/v1/search` as the user types.
    ///
    /// The input is named by `aria-label`, not a visually hidden `<label>`, and is a text input
    /// with `autocomplete="off"` (the browser's own history would cover the suggestions): the
    /// axe-core the tests run (3.1) fails both a hidden label and `autocomplete` on a search input.
    static let searchBox: HTML = #"""
        <form class="site-search" id="site-search" action="/search" method="get" role="search">\#
        <div class="combo">\#
        <input type="text" id="site-search-input" name="q" aria-label="Search stocks by name or symbol" \#
        placeholder="Search stocks" autocomplete="off" autocapitalize="none" spellcheck="false" \#
        inputmode="search" enterkeyhint="search">\#
        <ul class="combo-list" id="site-search-list" role="listbox" aria-label="Suggestions" hidden></ul>\#
        <p class="combo-note" id="site-search-status" role="status" aria-live="polite"></p>\#
        </div>\#
        <button type="submit" class="button search-button">Search</button>\#
        </form>
        """#
}
