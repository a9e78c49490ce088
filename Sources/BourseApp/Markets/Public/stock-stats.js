import * as bourse from "./bourse.js";
import * as marketFormat from "./market-format.js";

const THOUSANDS = new Intl.NumberFormat("en-US");

/** A whole number of shares with thousands separators: 52346123 -> "52,346,123". */
export function shares(value) {
    return value === null || value === undefined ? "—" : THOUSANDS.format(value);
}

/** Dollars in short words: "2771126040150" -> "2.77T", "845300000" -> "845.30M". */
export function marketCap(text) {
    if (text === null || text === undefined) return "—";
    const value = Number(text);
    if (!Number.isFinite(value)) return "—";
    const units = [[1e12, "T"], [1e9, "B"], [1e6, "M"]];
    for (const [size, unit] of units) {
        if (Math.abs(value) >= size) return (value / size).toFixed(2) + unit;
    }
    return THOUSANDS.format(Math.round(value));
}

/** The text of one statistic, by its key in the API's `stats`. */
function text(key, stats) {
    const value = stats[key];
    switch (key) {
    case "volume":
    case "averageVolume":
        return shares(value);
    case "marketCap":
        return marketCap(value);
    default:
        return marketFormat.price(value);
    }
}

/** Fills in "Key statistics" from a stock's answer: each known value, a loading bone for one on
 *  its way, "—" for one the source does not give; and says, while some are on their way, that
 *  they fill in by themselves. */
export function showStats(stock) {
    const grid = bourse.byId("stats-grid");
    const stats = stock.stats;
    if (!grid || !stats) return;
    const pending = stats.pending === true;
    grid.querySelectorAll("[data-stat]").forEach(function (cell) {
        const key = cell.dataset.stat;
        if (stats[key] === null && pending) cell.replaceChildren(marketFormat.loadingPlaceholder("span", null, "Loading"));
        else cell.textContent = text(key, stats);
    });
    marketFormat.markPending(grid, pending);
    const note = bourse.byId("stats-note");
    if (!pending) note.textContent = "";
    else {
        const why = stock.source === "polygon" ? ": Massive's free tier answers 5 requests a minute" : "";
        note.textContent = "Some statistics are on their way" + why + ". They fill in here by themselves.";
    }
}
