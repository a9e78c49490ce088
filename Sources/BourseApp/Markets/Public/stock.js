import * as bourse from "./bourse.js";
import * as dates from "./dates.js";
import * as marketFormat from "./market-format.js";
import { attach, parseSVG } from "./chart.js";
import { showStats } from "./stock-stats.js";

function start() {
    const page = document.getElementById("page");
    if (!page || page.dataset.page !== "stock") return;
    const symbol = page.dataset.symbol;
    // The ranges are the server's, one button each (StockPage, from ChartRange).
    const RANGES = Array.from(document.querySelectorAll("[data-range]"), function (button) { return button.dataset.range; });
    const STYLES = ["line", "candles"];
    const chartBox = bourse.byId("chart");
    const chartStatus = bourse.byId("chart-status");
    const chartError = bourse.byId("chart-error");
    const params = new URLSearchParams(location.search);
    const pressedRange = document.querySelector("[data-range][aria-pressed=true]");
    let range = RANGES.includes(params.get("range")) ? params.get("range") : (pressedRange ? pressedRange.dataset.range : RANGES[0]);
    let style = STYLES.includes(params.get("style")) ? params.get("style") : "line";
    let chartRequest = null;
    let chartRetry = null;  // asks again for a chart on its way
    let quoteStale = false;
    let chartStale = false;
    let quotePending = false;  // the price is on its way from the source
    let statsPending = false;  // some key statistic is on its way
    const pendingNote = marketFormat.pendingNote(bourse.byId("quote-note"), symbol);

    function describe(error) {
        return bourse.describeLoadError(error, { source: "The market data source", unsaved: "nothing about " + symbol + " is saved yet", answer: "an answer" });
    }

    let shownStock = null;  // the quote the headline shows when nobody scrubs the chart

    function showQuote(stock) {
        shownStock = stock;
        if (bourse.byId("quote").dataset.scrubbing) return;  // put back when the finger lets go
        bourse.byId("stock-symbol").textContent = stock.symbol;
        bourse.byId("stock-name").textContent = stock.name || "";
        document.title = stock.symbol + (stock.name ? " · " + stock.name : "") + " · Bourse";
        const pending = marketFormat.isPending(stock);
        marketFormat.markPending(bourse.byId("quote"), pending);
        if (pending) bourse.byId("price").replaceChildren(marketFormat.loadingPlaceholder("span", null, "Loading the price"));
        else bourse.byId("price").textContent = marketFormat.price(stock.price);
        const change = marketFormat.signed(stock.change), percent = marketFormat.percent(stock.changePercent);
        const changeCell = bourse.byId("change"), percentCell = bourse.byId("change-percent");
        changeCell.textContent = stock.change === null || pending ? "" : change.text;
        changeCell.className = "price-change " + change.direction;
        percentCell.textContent = stock.changePercent === null || pending ? "" : "(" + percent.text + ")";
        percentCell.className = "price-change " + percent.direction;
        const note = bourse.byId("quote-note");
        if (pending) note.textContent = "";
        else if (stock.price === null) note.textContent = "No trade on the last trading day.";
        else if (stock.closed === false) {
            // A session still trading (a paid plan's snapshot): its last trade so far, not a close.
            note.textContent = "Last trade as of " + dates.marketTime(stock.fetchedAt) + ", change from the close before.";
        } else note.textContent = "Close of " + (stock.asOf ? dates.day(stock.asOf) : "the last trading day") + ", change from the close before.";
        bourse.byId("description").textContent = stock.description || "No description is available for this company.";
        bourse.byId("exchange").textContent = stock.exchange ? "Listed on " + stock.exchange + "." : "";
        bourse.byId("about").hidden = false;
    }

    /** Loads the quote; `quiet` (a refresh of stale data, or of a price on its way) shows no
     *  spinner and keeps what is shown when the load fails; `background` tells the server nobody
     *  waits for it (the stale refresh). */
    async function loadQuote(quiet, background) {
        if (!quiet) bourse.showLoading("Loading " + symbol + "…");
        try {
            const stock = await bourse.getJSON("/api/v1/stocks/" + encodeURIComponent(symbol), undefined, background);
            showQuote(stock);
            showStats(stock);
            quotePending = marketFormat.isPending(stock);
            statsPending = !!(stock.stats && stock.stats.pending);
            if (quotePending) pendingNote.show(stock);
            else pendingNote.hide();
            poll(quotePending || statsPending);
            bourse.showLoaded();
            quoteStale = !!stock.stale;
            if (stock.stale || !chartStale) bourse.showFreshness(stock);
            markStale(quoteStale || chartStale);
        } catch (error) {
            if (error instanceof bourse.LoadError && error.onItsWay) {
                // Not a failure: loading, in the source's words, and asked again by itself.
                quotePending = true;
                if (bourse.byId("price").textContent.trim() === "" || bourse.byId("price").textContent === "—") {
                    bourse.byId("price").replaceChildren(marketFormat.loadingPlaceholder("span", null, "Loading the price"));
                }
                bourse.showLoading(symbol + " is on its way: " + error.onItsWayReason + ". It fills in here by itself.");
                poll(true);
                return;
            }
            if (quiet) return;
            if (error instanceof bourse.LoadError && error.status === 404) {
                bourse.byId("price").textContent = "";
                bourse.byId("chart-section").hidden = true;
                bourse.byId("stats").hidden = true;
                bourse.showError("There is no stock with the symbol " + symbol + ". Check the symbol, or find the company with the search box at the top.", null);
                if (chartRequest) chartRequest.abort();
                return;
            }
            bourse.byId("price").textContent = "—";
            bourse.showError(describe(error), function () { loadQuote(false, false); });
        }
    }

    function pressed(selector, value, attribute) {
        document.querySelectorAll(selector).forEach(function (button) {
            button.setAttribute("aria-pressed", button.getAttribute(attribute) === value ? "true" : "false");
        });
    }

    function remember() {
        const url = new URL(location.href);
        url.searchParams.set("range", range);
        url.searchParams.set("style", style);
        history.replaceState(null, "", url);
    }

    async function loadChart(quiet) {
        clearTimeout(chartRetry);
        if (chartRequest) chartRequest.abort();
        const controller = new AbortController();
        chartRequest = controller;
        if (!quiet) {
            chartError.hidden = true;
            chartStatus.textContent = "Loading the " + range + " chart…";
        }
        chartBox.setAttribute("aria-busy", "true");
        const width = Math.max(280, Math.round(chartBox.clientWidth || 320));
        const height = Math.round(Math.min(Math.max(width * 0.56, 200), 420));
        const url = "/stocks/" + encodeURIComponent(symbol) + "/chart.svg?range=" + range + "&style=" + style
            + "&width=" + width + "&height=" + height;
        try {
            // A `quiet` refresh waits behind what people wait for (Priority: u=6).
            const text = await bourse.getText(url, "image/svg+xml", 30000, quiet, controller.signal);
            if (chartRequest !== controller) return;
            const svg = parseSVG(text);
            chartBox.replaceChildren(svg);
            attach(svg, bourse.byId("chart-readout"), scrub);
            showRangeChange(svg);
            chartStale = svg.getAttribute("data-stale") === "true";
            chartStatus.textContent = "";
            markStale(quoteStale || chartStale);
        } catch (error) {
            if (chartRequest !== controller) return;
            if (error instanceof bourse.LoadError && error.onItsWay) {
                // On its way: the chart says so and asks again by itself.
                chartError.hidden = true;
                chartStatus.textContent = "The " + range + " chart is on its way: " + error.onItsWayReason + ". It appears here by itself.";
                clearTimeout(chartRetry);
                chartRetry = setTimeout(function () { loadChart(true); }, error.retryDelayMs);
                return;
            }
            if (quiet) return;
            let message;
            if (error.name === "AbortError" || (error instanceof bourse.LoadError && error.timedOut)) message = "The chart took too long to load. Try again in a moment.";
            else if (error instanceof bourse.LoadError && error.status !== 0) message = "The chart can't be shown: " + describe(error);
            else message = "The chart can't be loaded: the Bourse server can't be reached.";
            chartStatus.textContent = "";
            bourse.byId("chart-error-text").textContent = message;
            chartError.hidden = false;
        } finally {
            if (chartRequest === controller) {
                chartRequest = null;
                chartBox.removeAttribute("aria-busy");
            }
        }
    }

    /** The change over the range shown, beside its buttons: "+1.23 (+0.87 %) 1M", green or red
     *  as the line; nothing when the chart has no bars. */
    function showRangeChange(svg) {
        const target = bourse.byId("range-change");
        const amount = svg.getAttribute("data-range-change");
        if (amount === null) {
            target.replaceChildren();
            return;
        }
        const change = marketFormat.signed(amount);
        const percent = marketFormat.percent(svg.getAttribute("data-range-change-percent"));
        target.className = "range-change price-change " + change.direction;
        target.replaceChildren(
            change.text + (percent.direction === "none" ? "" : " (" + percent.text + ")") + " ",
            bourse.el("span", { class: "note" }, range === "1D" ? "on the day" : "over " + range));
    }

    /** Scrubbing the chart: the headline shows the bar under the finger, its price, its change
     *  (from the previous close on 1D, else from the range's first open) and its time; letting
     *  go (`bar` null) puts the quote back. */
    function scrub(bar, bars) {
        const quote = bourse.byId("quote");
        if (!bar) {
            delete quote.dataset.scrubbing;
            if (shownStock) showQuote(shownStock);
            return;
        }
        const svg = chartBox.querySelector("svg");
        const previous = svg && svg.getAttribute("data-previous-close");
        const base = Number(previous || bars[0].open);
        const close = Number(bar.close);
        if (!(base > 0) || !Number.isFinite(close)) return;
        quote.dataset.scrubbing = "true";
        const change = marketFormat.signed((close - base).toFixed(2));
        const percent = marketFormat.percent(((close - base) / base * 100).toFixed(2));
        bourse.byId("price").textContent = marketFormat.price(bar.close);
        const changeCell = bourse.byId("change"), percentCell = bourse.byId("change-percent");
        changeCell.textContent = change.text;
        changeCell.className = "price-change " + change.direction;
        percentCell.textContent = "(" + percent.text + ")";
        percentCell.className = "price-change " + percent.direction;
        bourse.byId("quote-note").textContent = bar.time + ", change from "
            + (previous ? "the previous close." : "the start of the " + range + " chart.");
    }

    const markStale = marketFormat.staleRefresher(async function () {
        await Promise.all([loadQuote(true, true), loadChart(true)]);
        return quoteStale || chartStale;
    });
    const poll = marketFormat.pendingPoller(async function () {
        await loadQuote(true, false);
        return quotePending || statsPending;
    });

    document.querySelectorAll("[data-range]").forEach(function (button) {
        button.addEventListener("click", function () {
            range = button.dataset.range;
            pressed("[data-range]", range, "data-range");
            remember();
            loadChart(false);
        });
    });
    document.querySelectorAll("[data-style]").forEach(function (button) {
        button.addEventListener("click", function () {
            style = button.dataset.style;
            pressed("[data-style]", style, "data-style");
            remember();
            loadChart(false);
        });
    });
    bourse.byId("chart-retry").addEventListener("click", function () { loadChart(false); });

    pressed("[data-range]", range, "data-range");
    pressed("[data-style]", style, "data-style");
    loadQuote(false, false);
    loadChart(false);
}
start();
