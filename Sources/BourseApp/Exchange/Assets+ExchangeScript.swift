extension Assets {
    /// `exchange.js`, the live exchange (`/exchange`; docs/web-pages.md, "The exchange screen").
    ///
    /// One WebSocket, `/exchange/ws`, brings a snapshot, then every tick, the feed's state and
    /// every order event; each tick redraws the chart and the book synchronously in the message
    /// handler and records its latency in `window.bourseTickLatencies` (the benchmark reads it).
    /// Orders go out by `POST /api/v1/orders` and `DELETE /api/v1/orders/{id}`; the history and
    /// position come from `/api/v1/orders` and `/api/v1/position`. Prices are shown exactly as
    /// the server wrote them; the only arithmetic on money is the spread, done on integers, and
    /// floating point serves only for pixels (chart scale, depth bars). Text enters the page
    /// only through `textContent`.
    ///
    /// The script is one closure, written in parts by what each holds: this file has the
    /// head (constants, state, exact decimals, the feed badge) and the start; the chart and book,
    /// the socket, the orders, and the position and ticket have files of their own. The parts
    /// are joined in order into one file, so they share the closure's scope.
    static let exchangeScript = [
        exchangeScriptHead, exchangeChartScript, exchangeSocketScript, exchangeOrdersScript, exchangeTicketScript,
        exchangeScriptStart,
    ].joined(separator: "\n")

    /// `exchange.js`, part 1: opens the closure; constants, state, exact decimals, the feed badge.
    static let exchangeScriptHead = #"""
        "use strict";
        (function () {
            const B = window.Bourse;
            const M = window.BourseMarkets;
            const page = document.getElementById("page");
            if (!page || page.dataset.page !== "exchange") return;
            const $ = B.byId;

            const MAX_POINTS = 300;
            const MAX_LATENCIES = 10000;
            const LEVELS = 10;
            const SVG_NS = "http://www.w3.org/2000/svg";
            const FINAL = ["FILLED", "CANCELLED", "REJECTED"];
            const STATUS_WORDS = {
                PENDING: "Pending", PARTIALLY_FILLED: "Partly filled", FILLED: "Filled",
                CANCELLED: "Cancelled", REJECTED: "Rejected"
            };
            const FEED_WORDS = { connecting: "Connecting…", live: "Live", stale: "Stale", reconnecting: "Reconnecting…" };
            const FEED_NOTES = {
                connecting: "Connecting to the feed…",
                stale: "The feed has gone quiet: the book and chart show the last tick received, and orders match only when ticks come again.",
                reconnecting: "The exchange lost its feed: the book and chart show the last tick received, and no order matches until the feed is back."
            };
            const PAGE_OFFLINE = "This page lost its connection to Bourse: the book and chart show the last tick received.";

            const latencies = window.bourseTickLatencies = window.bourseTickLatencies || [];

            const state = {
                socket: null, socketOpen: false, everOpened: false, attempts: 0, retryTimer: null, retryAt: 0,
                feedState: "connecting", source: null, symbol: null, hasData: false,
                book: null, points: [], lastPrice: null, direction: "flat",
                orders: new Map(), ordersLoaded: false, seenNotices: new Set(), cancelling: new Set(),
                side: "buy", type: "market", autoPrice: false, submitting: false,
                position: null, positionTimer: null, positionRequest: 0
            };

            function setText(node, text) {
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
            function subtract(a, b) {
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

            function markData() {
                if (state.hasData) return;
                state.hasData = true;
                B.showLoaded();
            }

            function shownFeedState() {
                if (state.socketOpen) return state.feedState;
                return state.everOpened ? "reconnecting" : "connecting";
            }

            function renderBadge() {
                const shown = shownFeedState();
                const badge = $("feed-badge");
                badge.dataset.state = shown;
                page.dataset.feed = shown;
                setText(badge, FEED_WORDS[shown] || shown);
                const note = $("feed-note");
                let text = shown === "live" ? "" : (FEED_NOTES[shown] || "");
                if (!state.socketOpen && state.retryTimer !== null) {
                    const seconds = Math.max(1, Math.round((state.retryAt - Date.now()) / 1000));
                    text = (state.everOpened ? PAGE_OFFLINE : "The exchange can't be reached yet.")
                        + " Trying again in " + seconds + " s.";
                }
                setText(note, text);
                note.hidden = text === "";
            }

            function setSource(source) {
                if (typeof source !== "string") return;
                state.source = source;
                const label = $("sim-label");
                label.hidden = source !== "simulated";
                label.title = source === "simulated" ? "The feed is Bourse's own simulator, not a real market." : "";
            }

            function setSymbol(symbol) {
                if (typeof symbol !== "string" || symbol === "" || symbol === state.symbol) return;
                state.symbol = symbol;
                setText($("ex-symbol"), symbol);
                document.title = symbol + " · Exchange · Bourse";
            }

        """#

    /// `exchange.js`, last part: starts everything and closes the closure.
    static let exchangeScriptStart = #"""
            // ---- Start: the shell is up; everything else arrives as it comes. ----

            new ResizeObserver(measureChart).observe(chartBox);
            measureChart();
            updateTicket();
            renderBadge();
            B.showLoading("Connecting to the exchange…");
            connect();
            loadBook();
            loadOrders();
            loadPosition();
        })();
        """#
}
