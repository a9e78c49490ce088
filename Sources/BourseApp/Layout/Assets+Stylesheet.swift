extension Assets {
    /// The one stylesheet: system fonts, light and dark palettes with AA contrast, touch targets
    /// of at least 44 px, and a layout that works from 320 px wide up.
    static let stylesheet = #"""
        :root {
            color-scheme: light dark;
            --bg: #ffffff;
            --surface: #f4f6f8;
            --text: #1a1c1e;
            --muted: #50575e;
            --border: #c9ced4;
            --link: #0b57d0;
            --header-bg: #10263d;
            --header-text: #ffffff;
            --header-link: #d6e6ff;
            --badge-bg: #ffe08a;
            --badge-text: #3a2a00;
            --notice-bg: #fff4ce;
            --notice-text: #3d2e00;
            --notice-border: #c79a00;
            --error-bg: #fdecea;
            --error-text: #5f1410;
            --error-border: #b3261e;
            --button-bg: #0b57d0;
            --button-text: #ffffff;
            --focus: #f59e0b;
        }
        @media (prefers-color-scheme: dark) {
            :root {
                --bg: #121417;
                --surface: #1c2024;
                --text: #e8eaed;
                --muted: #b4bbc3;
                --border: #3c434a;
                --link: #8ab4f8;
                --header-bg: #0a1420;
                --header-text: #ffffff;
                --header-link: #b9d3ff;
                --badge-bg: #5a4500;
                --badge-text: #ffe9a8;
                --notice-bg: #3a3000;
                --notice-text: #ffecb0;
                --notice-border: #a88400;
                --error-bg: #3d1512;
                --error-text: #ffd4cf;
                --error-border: #e0574c;
                --button-bg: #8ab4f8;
                --button-text: #0a1420;
            }
        }
        *, *::before, *::after { box-sizing: border-box; }
        html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
        body {
            margin: 0;
            background: var(--bg);
            color: var(--text);
            font: 1rem/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
            min-width: 320px;
        }
        a { color: var(--link); }
        :focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
        .skip-link {
            position: absolute; left: 0.5rem; top: -4rem;
            background: var(--bg); color: var(--link);
            padding: 0.75rem 1rem; z-index: 10;
        }
        .skip-link:focus { top: 0.5rem; }

        .site-header { background: var(--header-bg); color: var(--header-text); }
        .site-header-inner {
            max-width: 60rem; margin: 0 auto; padding: 0 1rem;
            display: flex; flex-wrap: wrap; align-items: center; gap: 0 1rem;
        }
        .brand {
            color: var(--header-text); font-weight: 700; font-size: 1.25rem;
            text-decoration: none; display: inline-flex; align-items: center; min-height: 44px;
        }
        .site-header nav ul { list-style: none; margin: 0; padding: 0; display: flex; gap: 0.25rem; }
        .site-header nav a {
            color: var(--header-link); text-decoration: none;
            display: inline-flex; align-items: center; min-height: 44px; min-width: 44px;
            padding: 0 0.75rem; border-radius: 6px;
        }
        .site-header nav a:hover { text-decoration: underline; }
        .site-header nav a[aria-current="page"] { color: var(--header-text); font-weight: 600; text-decoration: underline; text-underline-offset: 0.3em; }
        .source-label {
            margin: 0 0 0 auto; padding: 0.15rem 0.6rem; border-radius: 999px;
            background: var(--badge-bg); color: var(--badge-text); font-size: 0.875rem; font-weight: 600;
        }
        .source-label[hidden] { display: none; }

        main { display: block; max-width: 60rem; margin: 0 auto; padding: 1rem; }
        main:focus { outline: none; }
        h1 { font-size: 1.6rem; line-height: 1.25; margin: 0.5rem 0 1rem; overflow-wrap: anywhere; }
        .lead { color: var(--muted); margin-top: -0.5rem; }
        .back { display: inline-flex; align-items: center; min-height: 44px; }

        .notice, .error, .status { border-radius: 8px; padding: 0.75rem 1rem; margin: 0 0 1rem; }
        .notice { background: var(--notice-bg); color: var(--notice-text); border: 1px solid var(--notice-border); }
        .error { background: var(--error-bg); color: var(--error-text); border: 1px solid var(--error-border); }
        .error p { margin: 0 0 0.75rem; overflow-wrap: anywhere; }
        .status { background: var(--surface); display: flex; align-items: center; gap: 0.75rem; }
        [hidden] { display: none !important; }
        .spinner {
            flex: none; width: 1.25rem; height: 1.25rem; border-radius: 50%;
            border: 3px solid var(--border); border-top-color: var(--link);
            animation: spin 0.9s linear infinite;
        }
        @keyframes spin { to { transform: rotate(360deg); } }
        @media (prefers-reduced-motion: reduce) { .spinner { animation: none; } }

        .button {
            font: inherit; font-weight: 600; min-height: 44px; min-width: 44px; padding: 0 1.25rem;
            border-radius: 8px; border: 0; background: var(--button-bg); color: var(--button-text); cursor: pointer;
        }

        .search { margin: 0 0 1rem; }
        .search label { display: block; font-weight: 600; margin-bottom: 0.25rem; }
        .search input {
            font: inherit; width: 100%; max-width: 24rem; min-height: 44px; padding: 0.5rem 0.75rem;
            border: 1px solid var(--muted); border-radius: 8px; background: var(--bg); color: var(--text);
        }

        table { width: 100%; border-collapse: collapse; margin: 0 0 1rem; }
        caption { text-align: left; font-weight: 600; padding: 0 0 0.5rem; }
        th, td { padding: 0.5rem; border-bottom: 1px solid var(--border); text-align: left; vertical-align: middle; overflow-wrap: anywhere; }
        th { font-size: 0.875rem; color: var(--muted); font-weight: 600; }
        td a { display: inline-flex; align-items: center; min-height: 44px; min-width: 44px; font-weight: 600; white-space: nowrap; }
        .num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
        .note { display: block; color: var(--muted); font-size: 0.875rem; white-space: normal; }
        .notice .note { color: inherit; margin-top: 0.25rem; }
        .path { font-variant-numeric: tabular-nums; }
        .row-error td { color: var(--error-text); background: var(--error-bg); }
        .empty { color: var(--muted); }

        .total {
            font-size: 2rem; font-weight: 700; margin: 0 0 1rem;
            font-variant-numeric: tabular-nums; line-height: 1.2;
        }
        .total-label { display: block; font-size: 0.875rem; font-weight: 600; color: var(--muted); }

        @media (min-width: 600px) {
            main { padding: 1.5rem; }
            h1 { font-size: 2rem; }
            th, td { padding: 0.6rem 0.75rem; }
        }
        """#
}
