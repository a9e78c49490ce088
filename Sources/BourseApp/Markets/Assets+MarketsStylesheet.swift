extension Assets {
    /// The styles of the header search box and the markets screens, served as part of
    /// `bourse.css`: gains green and losses red (each with its sign, so colour is never the only
    /// cue) at AA contrast in both palettes, skeleton rows, the chart and its toggles.
    static let marketsStylesheet = #"""
        :root { --up: #116329; --down: #b3261e; --bone: #dfe3e8; }
        @media (prefers-color-scheme: dark) {
            :root { --up: #5fd38d; --down: #ff8f85; --bone: #2c3238; }
        }
        .visually-hidden {
            position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px;
            overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0;
        }

        .site-search { display: flex; gap: 0.5rem; flex: 1 1 100%; padding: 0 0 0.75rem; }
        .combo { position: relative; flex: 1 1 auto; min-width: 0; }
        .combo input {
            font: inherit; width: 100%; min-height: 44px; padding: 0.5rem 0.75rem;
            border: 1px solid var(--border); border-radius: 8px; background: var(--bg); color: var(--text);
        }
        .search-button { flex: none; padding: 0 1rem; }
        .combo-list {
            position: absolute; top: calc(100% + 4px); left: 0; right: 0; z-index: 20;
            list-style: none; margin: 0; padding: 0.25rem 0; max-height: 70vh; overflow-y: auto;
            background: var(--bg); color: var(--text); border: 1px solid var(--border); border-radius: 8px;
            box-shadow: 0 8px 24px rgba(0, 0, 0, 0.25);
        }
        .combo-list li {
            display: flex; align-items: center; gap: 0.75rem; min-height: 44px; padding: 0.35rem 0.75rem; cursor: pointer;
        }
        .combo-list li[aria-selected="true"] { background: var(--surface); box-shadow: inset 4px 0 0 var(--link); }
        .combo-list .symbol { font-weight: 700; min-width: 4.5rem; }
        .combo-list .name { flex: 1 1 auto; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
        .combo-list .exchange { color: var(--muted); font-size: 0.875rem; }
        .combo-note:empty { display: none; }
        .combo-note {
            position: absolute; top: calc(100% + 4px); left: 0; right: 0; z-index: 20; margin: 0; padding: 0.6rem 0.75rem;
            background: var(--bg); color: var(--text); border: 1px solid var(--border); border-radius: 8px;
        }
        .combo-note.quiet {
            position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px;
            overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0;
        }
        @media (min-width: 760px) {
            .site-search { flex: 0 1 22rem; padding: 0.5rem 0; }
            .source-label { margin-left: auto; }
        }

        .bone {
            display: inline-block; width: 3.5em; height: 0.9em; border-radius: 4px; background: var(--bone);
            vertical-align: middle; animation: pulse 1.2s ease-in-out infinite alternate;
        }
        .bone.wide { width: 8em; max-width: 100%; }
        @keyframes pulse { from { opacity: 1; } to { opacity: 0.45; } }
        @media (prefers-reduced-motion: reduce) { .bone { animation: none; } }

        .up { color: var(--up); }
        .down { color: var(--down); }
        .quotes { font-size: 0.875rem; }
        .quotes th, .quotes td { padding-left: 0.2rem; padding-right: 0.2rem; }
        .quotes .short { display: inline; }
        .quotes .long {
            position: absolute; width: 1px; height: 1px; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap;
        }
        .quotes tbody th { font-size: inherit; color: inherit; font-weight: 600; }
        .quotes tbody th a { display: inline-flex; align-items: center; min-height: 44px; min-width: 44px; white-space: nowrap; }
        .quotes tbody tr.skeleton th, .quotes tbody tr.skeleton td { height: 45px; }
        .quotes td.name { width: 100%; max-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
        .quotes td.num { font-variant-numeric: tabular-nums; }
        .quotes thead th { white-space: nowrap; }
        .sort {
            font: inherit; font-weight: 600; color: inherit; background: none; border: 0; cursor: pointer;
            min-height: 44px; min-width: 44px; padding: 0 0.15rem; display: inline-flex; align-items: center; gap: 0.2rem;
        }
        .sort::after { content: "↕"; opacity: 0.5; }
        th[aria-sort="ascending"] .sort::after { content: "▲"; opacity: 1; }
        th[aria-sort="descending"] .sort::after { content: "▼"; opacity: 1; }
        th[aria-sort] .sort { color: var(--text); }
        .more { text-align: center; margin: 0 0 1rem; }
        .sentinel { height: 1px; }

        h1 .stock-name { display: block; font-size: 1.1rem; font-weight: 400; color: var(--muted); }
        .quote { margin: 0 0 1rem; }
        .price { margin: 0; font-variant-numeric: tabular-nums; display: flex; flex-wrap: wrap; align-items: baseline; gap: 0 0.75rem; }
        .price-value { font-size: 2rem; font-weight: 700; }
        .price-change { font-size: 1.15rem; font-weight: 600; }
        .chart-section { margin: 0 0 1.5rem; }
        .chart-controls { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 0.5rem; margin: 0 0 0.75rem; }
        .toggles { display: inline-flex; border: 1px solid var(--border); border-radius: 8px; overflow: hidden; }
        .toggle {
            font: inherit; font-weight: 600; min-height: 44px; min-width: 44px; padding: 0 0.6rem; border: 0; cursor: pointer;
            background: var(--bg); color: var(--text); border-left: 1px solid var(--border);
        }
        .toggle:first-child { border-left: 0; }
        .toggle[aria-pressed="true"] { background: var(--button-bg); color: var(--button-text); }
        .chart { position: relative; width: 100%; min-height: 12rem; }
        .chart svg { display: block; width: 100%; height: auto; touch-action: pan-y; }
        .chart-placeholder {
            width: 100%; aspect-ratio: 16 / 9; max-height: 24rem; border-radius: 8px; background: var(--bone);
            animation: pulse 1.2s ease-in-out infinite alternate;
        }
        @media (prefers-reduced-motion: reduce) { .chart-placeholder { animation: none; } }
        .chart-status { color: var(--muted); font-size: 0.875rem; margin: 0.5rem 0 0; }
        .chart-status:empty { display: none; }
        .about h2 { font-size: 1.2rem; margin: 0 0 0.5rem; }
        .about p { max-width: 42rem; }

        @media (min-width: 600px) {
            .quotes { font-size: 1rem; }
            .quotes thead th { font-size: 0.875rem; }
            .quotes .short { display: none; }
            .quotes .long { position: static; width: auto; height: auto; margin: 0; overflow: visible; clip: auto; }
            .quotes th, .quotes td { padding-left: 0.6rem; padding-right: 0.6rem; }
            .quotes td.name { max-width: none; width: auto; white-space: normal; }
            .sort { padding: 0 0.35rem; }
        }
        """#
}
