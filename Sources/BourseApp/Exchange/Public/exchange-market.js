import { $, setText } from "./exchange-state.js";

// ---- Market hours (SPEC.md §9): while the market is closed the bar says so and when it opens, and
// the ticket says a market order is rejected until then. The page is drawn with the status; the
// socket's snapshot and its `market` messages keep it up to date. The words are the server's
// (`ExchangeMarketNote`). ----

const page = $("page");
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** An instant as New York's wall clock: "Mon 30 Nov 09:30 ET"; "" for no instant. */
export function newYorkText(iso) {
    const time = new Date(iso);
    if (typeof iso !== "string" || isNaN(time.getTime())) return "";
    const parts = {};
    const format = new Intl.DateTimeFormat("en-GB", {
        timeZone: "America/New_York", weekday: "short", day: "numeric", month: "numeric",
        hour: "2-digit", minute: "2-digit", hourCycle: "h23"
    });
    for (const part of format.formatToParts(time)) parts[part.type] = part.value;
    return parts.weekday + " " + Number(parts.day) + " " + MONTHS[Number(parts.month) - 1] + " " + parts.hour + ":" + parts.minute + " ET";
}

/** Shows `{open, nextOpen}` from the API or the socket; anything else is ignored. */
export function setMarket(market) {
    if (!market || typeof market.open !== "boolean") return;
    page.dataset.market = market.open ? "open" : "closed";
    const opens = market.open ? "" : newYorkText(market.nextOpen);
    const note = $("market-note");
    setText(note, market.open ? "" : (opens ? "Market closed: opens " + opens + "." : "Market closed."));
    note.hidden = market.open;
    $("ticket-market").hidden = market.open;
}
