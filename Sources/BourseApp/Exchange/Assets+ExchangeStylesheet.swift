extension Assets {
    /// `exchange.css`, the exchange screen's rules on top of `bourse.css` (a file of its own, so
    /// the other pages don't carry them in their page weight): the sticky bar with the feed's
    /// state, panels that stack on a phone (the ticket right under the chart) and sit in a
    /// two-column grid from 760 px, the book's depth bars, the buy/sell colours (always with
    /// the word, never colour alone), and the notifications at the bottom of the screen.
    static let exchangeStylesheet = #"""

        :root {
            --bid-bar: rgba(17, 99, 41, 0.16); --ask-bar: rgba(179, 38, 30, 0.14);
            --buy-bg: #116329; --sell-bg: #b3261e; --live-bg: #d7f5df; --live-text: #0c4a1f;
        }
        @media (prefers-color-scheme: dark) {
            :root {
                --bid-bar: rgba(95, 211, 141, 0.18); --ask-bar: rgba(255, 143, 133, 0.18);
                --live-bg: #143d22; --live-text: #b6f0c8;
            }
        }
        main:has(> .exchange-page) { max-width: 80rem; }
        .exchange-page { padding-bottom: 5rem; }

        .ex-bar {
            position: sticky; top: 0; z-index: 15; background: var(--bg);
            display: flex; flex-wrap: wrap; align-items: center; gap: 0.25rem 0.75rem;
            margin: -0.5rem -1rem 1rem; padding: 0.5rem 1rem; border-bottom: 1px solid var(--border);
        }
        .ex-title { margin: 0; font-size: 1.1rem; flex: 1 1 auto; }
        .ex-symbol { color: var(--muted); }
        .ex-last { margin: 0; font-variant-numeric: tabular-nums; white-space: nowrap; order: 3; flex: 1 1 100%; }
        .ex-last-price { font-size: 1.3rem; font-weight: 700; }
        .ex-last-price.up::after { content: " ▲"; font-size: 0.9rem; }
        .ex-last-price.down::after { content: " ▼"; font-size: 0.9rem; }
        .ex-last-size { color: var(--muted); font-size: 0.875rem; }
        .ex-feed { margin: 0; display: flex; gap: 0.5rem; align-items: center; }
        .feed-badge, .sim-label {
            display: inline-flex; align-items: center; gap: 0.35rem; padding: 0.1rem 0.5rem; border-radius: 999px;
            font-size: 0.8rem; font-weight: 600; white-space: nowrap;
        }
        .feed-badge::before { content: ""; width: 0.6rem; height: 0.6rem; border-radius: 50%; background: currentColor; }
        .feed-badge[data-state="live"] { background: var(--live-bg); color: var(--live-text); }
        .feed-badge[data-state="connecting"] { background: var(--surface); color: var(--text); border: 1px solid var(--border); }
        .feed-badge[data-state="reconnecting"] { background: var(--notice-bg); color: var(--notice-text); border: 1px solid var(--notice-border); }
        .feed-badge[data-state="stale"] { background: var(--error-bg); color: var(--error-text); border: 1px solid var(--error-border); }
        .sim-label { background: var(--badge-bg); color: var(--badge-text); }
        .feed-note { order: 4; flex: 1 1 100%; margin: 0; font-size: 0.875rem; color: var(--notice-text); }

        .exchange-page:not([data-feed="live"]) :is(.book tbody, .bbo, .ex-chart) { opacity: 0.6; }
        @media (prefers-reduced-motion: no-preference) { .book tbody, .bbo, .ex-chart { transition: opacity 0.3s; } }
        .exchange { display: grid; gap: 1rem; grid-template-columns: minmax(0, 1fr); }
        .ex-side { display: flex; flex-direction: column; gap: 1rem; min-width: 0; }
        .panel { background: var(--surface); border: 1px solid var(--border); border-radius: 10px; padding: 0.75rem; min-width: 0; }
        .panel h2 { font-size: 1.1rem; margin: 0 0 0.5rem; }
        .panel-note { color: var(--muted); font-size: 0.875rem; font-weight: 400; margin: 0.5rem 0 0; }
        h2 .panel-note { margin: 0; }
        .panel table { margin: 0; }
        .panel .empty { margin: 0.25rem 0; }

        .ex-chart-panel { display: flex; flex-direction: column; }
        .ex-chart { position: relative; height: 12rem; flex: 1 1 auto; min-height: 12rem; }
        .ex-chart-svg { position: absolute; inset: 0; width: 100%; height: 100%; display: block; }
        .ex-chart-svg.empty > * { display: none; }
        .ex-grid line { stroke: var(--border); stroke-dasharray: 2 4; }
        .ex-line { fill: none; stroke: var(--chart-line); stroke-width: 2; stroke-linejoin: round; }
        .ex-area { fill: var(--chart-line); opacity: 0.1; stroke: none; }
        .ex-last-line { stroke: var(--text); stroke-width: 1; stroke-dasharray: 4 3; opacity: 0.6; }
        .ex-dot { fill: var(--chart-line); stroke: var(--surface); stroke-width: 2; }
        .ex-labels text { fill: var(--muted); font-size: 12px; font-variant-numeric: tabular-nums; }
        .ex-pill rect { fill: var(--text); }
        .ex-pill text { fill: var(--bg); font-size: 12px; font-weight: 700; font-variant-numeric: tabular-nums; }
        .ex-pill.up rect { fill: var(--up); }
        .ex-pill.down rect { fill: var(--down); }
        .ex-pill.up text, .ex-pill.down text { fill: var(--bg); }

        .ticket-toggles { display: grid; grid-template-columns: repeat(auto-fit, minmax(9.5rem, 1fr)); gap: 0.5rem; }
        .ticket .toggles { display: flex; }
        .ticket .toggle { flex: 1 1 50%; }
        .side-toggles .toggle[data-side="buy"][aria-pressed="true"] { background: var(--buy-bg); color: #ffffff; }
        .side-toggles .toggle[data-side="sell"][aria-pressed="true"] { background: var(--sell-bg); color: #ffffff; }
        .ticket-fields { display: grid; grid-template-columns: repeat(auto-fit, minmax(7.5rem, 1fr)); gap: 0.5rem; margin-top: 0.5rem; align-items: start; }
        .field { margin: 0; min-width: 0; }
        .field label { display: block; font-weight: 600; font-size: 0.875rem; margin-bottom: 0.15rem; }
        .field input {
            font: inherit; width: 100%; min-height: 44px; padding: 0.5rem 0.75rem; font-variant-numeric: tabular-nums;
            border: 1px solid var(--muted); border-radius: 8px; background: var(--bg); color: var(--text);
        }
        .field input[aria-invalid="true"] { border: 2px solid var(--error-border); }
        .hint { display: block; color: var(--muted); font-size: 0.8rem; margin-top: 0.15rem; }
        .ticket-error { margin: 0.5rem 0 0; color: var(--error-text); font-weight: 600; }
        .ticket-error:empty { display: none; }
        .ticket-error::before { content: "⚠ "; }
        .submit { width: 100%; margin-top: 0.75rem; }
        .submit.buy { background: var(--buy-bg); color: #ffffff; }
        .submit.sell { background: var(--sell-bg); color: #ffffff; }
        .submit:disabled { opacity: 0.7; cursor: progress; }

        .bbo { display: grid; grid-template-columns: 1fr auto 1fr; gap: 0.5rem; margin: 0 0 0.5rem; align-items: end; }
        .bbo-side { margin: 0; font-variant-numeric: tabular-nums; }
        .bbo-label { display: block; font-size: 0.8rem; font-weight: 600; color: var(--muted); }
        .bbo-price { font-size: 1.25rem; font-weight: 700; }
        .bbo-size { color: var(--muted); font-size: 0.875rem; white-space: nowrap; }
        .bbo-bid .bbo-price { color: var(--up); }
        .bbo-ask { text-align: right; }
        .bbo-ask .bbo-price { color: var(--down); }
        .bbo-spread { text-align: center; }
        .bbo-spread .bbo-price { font-size: 1rem; }
        .book { table-layout: fixed; font-size: 0.9rem; }
        .book th, .book td { padding: 0.3rem 0.4rem; }
        .book tbody tr {
            --bid-depth: 0%; --ask-depth: 0%;
            background:
                linear-gradient(to left, var(--bid-bar) var(--bid-depth), transparent var(--bid-depth)) left / 50% 100% no-repeat,
                linear-gradient(to right, var(--ask-bar) var(--ask-depth), transparent var(--ask-depth)) right / 50% 100% no-repeat;
        }
        .book td { height: 2rem; }
        .book td.bid { color: var(--up); font-weight: 600; }
        .book td.ask { color: var(--down); font-weight: 600; text-align: left; }
        .book td.ask-size, .book th:nth-child(4) { text-align: left; }
        .book th:nth-child(3) { text-align: left; }
        .book tbody tr:first-child td { font-weight: 700; }

        .position { display: grid; grid-template-columns: auto 1fr; gap: 0.25rem 1rem; margin: 0; }
        .position dt { color: var(--muted); font-size: 0.9rem; }
        .position dd { margin: 0; font-weight: 600; }

        .open-orders { list-style: none; margin: 0; padding: 0; }
        .open-order {
            display: grid; grid-template-columns: 1fr auto; align-items: center; gap: 0 0.75rem;
            padding: 0.5rem 0; border-bottom: 1px solid var(--border);
        }
        .open-order:last-child { border-bottom: 0; }
        .open-order p { margin: 0; grid-column: 1; }
        .open-what { font-weight: 600; font-variant-numeric: tabular-nums; }
        .open-state { color: var(--muted); font-size: 0.875rem; }
        .open-order .cancel { grid-column: 2; grid-row: 1 / span 2; background: var(--bg); color: var(--text); border: 1px solid var(--muted); }
        .open-order .cancel:disabled { opacity: 0.7; }
        .count { color: var(--muted); font-weight: 400; }
        .side.buy { color: var(--up); font-weight: 700; }
        .side.sell { color: var(--down); font-weight: 700; }

        .history { font-size: 0.875rem; }
        .history th, .history td { padding: 0.4rem 0.3rem; }
        .history td time { white-space: nowrap; font-variant-numeric: tabular-nums; }
        .status-badge { font-weight: 700; }
        .status-badge.filled { color: var(--up); }
        .status-badge.rejected, .status-badge.cancelled { color: var(--muted); }
        .status-badge.pending, .status-badge.partially_filled { color: var(--link); }

        .toasts {
            position: fixed; left: 0.75rem; right: 0.75rem; bottom: 0.75rem; z-index: 30;
            display: flex; flex-direction: column; gap: 0.5rem; pointer-events: none;
        }
        .toast {
            pointer-events: auto; display: flex; align-items: center; gap: 0.5rem; padding: 0.25rem 0.25rem 0.25rem 0.9rem;
            border-radius: 10px; background: var(--text); color: var(--bg); box-shadow: 0 6px 20px rgba(0, 0, 0, 0.3);
            border-left: 6px solid var(--chart-line);
        }
        .toast p { margin: 0; flex: 1 1 auto; overflow-wrap: anywhere; }
        .toast.good { border-left-color: var(--chart-up); }
        .toast.partial, .toast.warn { border-left-color: var(--focus); }
        .toast.bad { border-left-color: var(--chart-down); }
        .toast-close {
            flex: none; font: inherit; font-size: 1.4rem; line-height: 1; min-width: 44px; min-height: 44px;
            background: none; border: 0; color: inherit; cursor: pointer; border-radius: 8px;
        }

        @media (min-width: 600px) {
            .ex-bar { margin: -0.75rem -1.5rem 1rem; padding: 0.5rem 1.5rem; }
            .ex-title { font-size: 1.25rem; }
            .ex-last { order: 0; flex: 0 1 auto; }
            .ex-last-price { font-size: 1.5rem; }
            .feed-badge, .sim-label { font-size: 0.875rem; padding: 0.15rem 0.6rem; }
            .history { font-size: 0.95rem; }
            .history th, .history td { padding: 0.5rem 0.6rem; }
        }
        @media (min-width: 760px) {
            .exchange {
                grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
                grid-template-areas: "chart ticket" "book side" "history history";
                align-items: start;
            }
            .ex-chart-panel { grid-area: chart; align-self: stretch; }
            .ex-ticket-panel { grid-area: ticket; }
            .ex-book-panel { grid-area: book; }
            .ex-side { grid-area: side; }
            .ex-history-panel { grid-area: history; }
            .ex-chart { min-height: 14rem; height: auto; }
            .panel { padding: 1rem; }
            .toasts { left: auto; width: 26rem; right: 1.5rem; bottom: 1.5rem; }
        }
        @media (min-width: 1100px) {
            .exchange { grid-template-columns: minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr);
                grid-template-areas: "chart chart ticket" "book book side" "history history history"; }
        }
        """#
}
