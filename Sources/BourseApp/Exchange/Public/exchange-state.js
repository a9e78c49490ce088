import * as bourse from "./bourse.js";
import * as dates from "./dates.js";

// What the exchange screen's modules share: the constants, the state, exact decimals (the spread),
// the feed badge and the words for a failed request. `exchange.js` starts the screen.
const page = document.getElementById("page");
export const $ = bourse.byId;

export const MAX_POINTS = 300;
export const MAX_LATENCIES = 10000;
export const LEVELS = 10;
export const SVG_NS = "http://www.w3.org/2000/svg";
export const FINAL = ["FILLED", "CANCELLED", "REJECTED", "EXPIRED"];
export const STATUS_WORDS = {
    PENDING: "Pending", PARTIALLY_FILLED: "Partly filled", FILLED: "Filled",
    CANCELLED: "Cancelled", REJECTED: "Rejected", EXPIRED: "Expired"
};
const FEED_WORDS = {
    connecting: "Connecting…", live: "Live", stale: "Stale", reconnecting: "Reconnecting…", refused: "Refused"
};
const FEED_NOTES = {
    connecting: "Connecting to the feed…",
    stale: "The feed has gone quiet: the book and chart show the last tick received, and orders match only when ticks come again.",
    reconnecting: "The exchange lost its feed: the book and chart show the last tick received, and no order matches until the feed is back."
};
const PAGE_OFFLINE = "This page lost its connection to Bourse: the book and chart show the last tick received.";

export const state = {
    socket: null, socketOpen: false, everOpened: false, attempts: 0, retryTimer: null, retryAt: 0,
    feedState: "connecting", refusal: null, source: null, symbol: null, hasData: false,
    book: null, points: [], lastPrice: null, direction: "flat",
    orders: new Map(), ordersLoaded: false, seenNotices: new Set(), cancelling: new Set(), confirmingCancel: null,
    side: "buy", type: "market", submitting: false, pageOpenedAt: Date.now(), live: false,
    position: null, positionTimer: null, positionRequest: 0
};

export function setText(node, text) {
    if (node.textContent !== text) node.textContent = text;
}

// ---- Exact decimals (the spread), as text and BigInt: never floating point. ----

function decimalScaled(text, places) {
    const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(String(text));
    if (!match) return null;
    const fraction = (match[3] || "").padEnd(places, "0");
    return (match[1] ? -1n : 1n) * BigInt(match[2] + fraction);
}

function placesOf(text) {
    const dot = String(text).indexOf(".");
    return dot < 0 ? 0 : String(text).length - dot - 1;
}

/** `a - b`, exactly, with the larger number of decimals of the two; null if either is no decimal. */
export function subtract(a, b) {
    const places = Math.max(placesOf(a), placesOf(b));
    const x = decimalScaled(a, places), y = decimalScaled(b, places);
    if (x === null || y === null) return null;
    let difference = x - y;
    const negative = difference < 0n;
    if (negative) difference = -difference;
    const digits = difference.toString().padStart(places + 1, "0");
    const text = places === 0 ? digits : digits.slice(0, -places) + "." + digits.slice(-places);
    return (negative ? "-" : "") + text;
}

// ---- Loading, errors, the feed badge. ----

export function markData() {
    if (state.hasData) return;
    state.hasData = true;
    bourse.showLoaded();
}

function shownFeedState() {
    if (state.socketOpen) return state.feedState;
    return state.everOpened ? "reconnecting" : "connecting";
}

export function renderBadge() {
    const shown = shownFeedState();
    const badge = $("feed-badge");
    badge.dataset.state = shown;
    page.dataset.feed = shown;
    setText(badge, FEED_WORDS[shown] || shown);
    const note = $("feed-note");
    let text = shown === "live" ? "" : (FEED_NOTES[shown] || "");
    if (shown === "refused" && state.refusal) {
        text = "The feed's provider refused the connection: " + state.refusal.reason + ". To fix: "
            + state.refusal.fix + ". Bourse tries again every minute; no order matches until then.";
    }
    if (!state.socketOpen && state.retryTimer !== null) {
        const seconds = Math.max(1, Math.round((state.retryAt - Date.now()) / 1000));
        text = (state.everOpened ? PAGE_OFFLINE : "The exchange can't be reached yet.")
            + " Trying again in " + seconds + " s.";
    }
    setText(note, text);
    note.hidden = text === "";
}

/** The feed's state and, when refused, why (a `state` or `snapshot` message, or the book). */
export function setFeedState(message) {
    if (typeof message.state !== "string") return;
    state.feedState = message.state;
    const refusal = message.refusal;
    state.refusal = refusal && typeof refusal.reason === "string" && typeof refusal.fix === "string" ? refusal : null;
}

export function setSource(source) {
    if (typeof source !== "string") return;
    state.source = source;
    const label = $("sim-label");
    label.hidden = source !== "simulated";
    label.title = source === "simulated" ? "The feed is Bourse's own simulator, not a real market." : "";
}

export function setSymbol(symbol) {
    if (typeof symbol !== "string" || symbol === "" || symbol === state.symbol) return;
    state.symbol = symbol;
    setText($("ex-symbol"), symbol);
    document.title = symbol + " · Exchange · Bourse";
}

/** A time of day, local, to the second ("2:03:27 PM", `dates.js`); "" for no time. */
export function clock(iso) {
    return dates.timeOfDay(iso, { seconds: true });
}

/** The words for a failed request. */
export function describe(error) {
    return bourse.describeLoadError(error, { service: "the exchange" });
}
