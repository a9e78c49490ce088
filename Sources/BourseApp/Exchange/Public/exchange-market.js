import * as dates from "./dates.js";
import { $, setText } from "./exchange-state.js";

// ---- Market hours (SPEC.md §9): while the market is closed the bar says so and when it opens, and
// the ticket says a market order is rejected until then. The page is drawn with the status; the
// socket's snapshot and its `market` messages keep it up to date. The words are the server's
// (`ExchangeMarketNote`). ----

const page = $("page");

/** An instant as New York's wall clock, in the page's one style (`dates.js`): "Mon, Nov 30,
 *  9:30 AM ET" in an English browser; "" for no instant. The server draws the same words in
 *  English (`ExchangeMarketNote`) until the socket's snapshot comes. */
export function newYorkText(iso) {
    return typeof iso === "string" ? dates.marketTime(iso) : "";
}

/** Shows `{open, nextOpen}` from the API or the socket; anything else is ignored. */
export function setMarket(market) {
    if (!market || typeof market.open !== "boolean") return;
    page.dataset.market = market.open ? "open" : "closed";
    const opens = market.open ? "" : newYorkText(market.nextOpen);
    const note = $("market-note");
    setText(note, market.open ? "" : (opens ? "Market closed: opens " + opens + "." : "Market closed."));
    note.hidden = market.open;
    const ticketNote = $("ticket-market");  // none on a viewer's page (no ticket)
    if (ticketNote) ticketNote.hidden = market.open;
}
