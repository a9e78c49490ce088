extension Assets {
    /// The charts' rules, appended to `bourse.css`: the colours of `ChartSVG`'s classes in the
    /// light and dark palettes (green up, red down, both at AA contrast on the page background),
    /// the crosshair and its readout.
    static let chartStylesheet = #"""

        :root { --chart-up: #1a7f37; --chart-down: #c62828; --chart-line: #0b57d0; }
        @media (prefers-color-scheme: dark) {
            :root { --chart-up: #4ac26b; --chart-down: #ff7b72; --chart-line: #8ab4f8; }
        }
        .chart { display: block; width: 100%; height: auto; touch-action: pan-y; -webkit-user-select: none; user-select: none; }
        .chart .chart-labels, .chart .chart-previous-close text, .chart .chart-empty { fill: var(--muted); }
        .chart .chart-grid { stroke: var(--border); }
        .chart .chart-axis { stroke: var(--muted); }
        .chart .chart-previous-close path { stroke: var(--muted); }
        .chart polyline.chart-line { stroke: var(--chart-line); }
        .chart .chart-point { fill: var(--chart-line); }
        .chart .chart-up { fill: var(--chart-up); stroke: var(--chart-up); }
        .chart .chart-down { fill: var(--chart-down); stroke: var(--chart-down); }
        .chart .chart-unchanged { fill: var(--muted); stroke: var(--muted); }
        .chart .chart-crosshair line { stroke: var(--text); stroke-width: 1; }
        .chart .chart-crosshair circle { fill: var(--chart-line); stroke: var(--bg); stroke-width: 1.5; }
        .chart-readout {
            min-height: 1.5em; margin: 0.25rem 0 0; color: var(--muted); font-size: 0.875rem;
            font-variant-numeric: tabular-nums;
        }
        """#
}
