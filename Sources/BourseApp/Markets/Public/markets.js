import * as bourse from "./bourse.js";
import * as marketFormat from "./market-format.js";

function start() {
    const page = document.getElementById("page");
    if (!page || page.dataset.page !== "markets") return;
    const PAGE_SIZE = 50;
    const MAX_PAGE = 1000;
    const tbody = bourse.byId("quote-rows");
    const caption = bourse.byId("quote-count");
    const more = bourse.byId("load-more");
    const sentinel = bourse.byId("list-end");
    const headers = Array.from(document.querySelectorAll("#quotes th[data-sort]"));
    let rows = [];          // { quote, element } in the order the API sent them
    const bySymbol = new Map(); // symbol -> its row
    let cursor = null;      // the next page's cursor
    let atEnd = false;      // the last page has arrived
    let started = false;    // the first page has arrived
    let loading = false;
    let sort = null;        // { key, direction: 1 ascending, -1 descending }: the server sorts the whole market
    let staleShown = false; // some rows shown are the last saved, not fresh
    const pendingPages = new Set(); // the URLs of the pages shown with prices still on their way
    let lastAnswer = null;  // the last answer, for the source the note names
    const note = marketFormat.pendingNote(bourse.byId("quotes"));

    /** `/api/v1/tickers` for `limit` rows from `cursor`, in the order chosen (the source's when none). */
    function listURL(limit, cursor) {
        let url = "/api/v1/tickers?limit=" + limit;
        if (sort) url += "&sort=" + sort.key + "&order=" + (sort.direction > 0 ? "asc" : "desc");
        if (cursor) url += "&cursor=" + encodeURIComponent(cursor);
        return url;
    }

    /** The last price, change and % change cells; a row whose price is on its way shows them loading. */
    function priceCells(quote) {
        if (quote.pending) {
            return [marketFormat.loadingPlaceholder("td", "num", "Loading the price"), marketFormat.loadingPlaceholder("td", "num"), marketFormat.loadingPlaceholder("td", "num")];
        }
        return [
            bourse.el("td", { class: "num" }, marketFormat.price(quote.price)),
            marketFormat.signedCell("td", marketFormat.signed(quote.change), "num"),
            marketFormat.signedCell("td", marketFormat.percent(quote.changePercent), "num")
        ];
    }

    function rowElement(quote) {
        const element = bourse.el("tr", { "data-symbol": quote.symbol },
            bourse.el("th", { scope: "row" }, bourse.el("a", { href: "/stocks/" + encodeURIComponent(quote.symbol) }, quote.symbol)),
            bourse.el("td", { class: "name", title: quote.name }, quote.name),
            ...priceCells(quote));
        marketFormat.markPending(element, !!quote.pending);
        return element;
    }

    /** Puts a newer answer's prices in a row shown, in place (its link and focus stay). */
    function fillRow(row, quote) {
        const old = row.quote;
        row.quote = quote;
        const same = !!old.pending === !!quote.pending && (quote.pending
            || (old.price === quote.price && old.change === quote.change && old.changePercent === quote.changePercent));
        if (same) return false;
        const cells = priceCells(quote);
        const shown = Array.from(row.element.children).slice(2);
        cells.forEach(function (cell, index) { row.element.replaceChild(cell, shown[index]); });
        marketFormat.markPending(row.element, !!quote.pending);
        return true;
    }

    /** Shows the note and asks again while a page shown has prices on their way. */
    function showPending() {
        if (pendingPages.size > 0) note.show(lastAnswer);
        else note.hide();
        poll(pendingPages.size > 0);
    }

    /** Asks each page with prices on their way again, one after the other, and fills in its rows. */
    async function refreshPending() {
        for (const url of Array.from(pendingPages)) {
            if (!pendingPages.has(url)) continue;
            const answer = await bourse.getJSON(url);
            if (!pendingPages.has(url)) continue;  // the rows were replaced meanwhile
            lastAnswer = answer;
            let changed = false;
            answer.results.forEach(function (quote) {
                const row = bySymbol.get(quote.symbol);
                if (row && fillRow(row, quote)) changed = true;
            });
            if (!marketFormat.isPending(answer)) pendingPages.delete(url);
            if (answer.stale || !staleShown) bourse.showFreshness(answer);
            if (answer.stale) {
                staleShown = true;
                markStale(true);
            }
        }
        if (pendingPages.size > 0) note.show(lastAnswer);
        else note.hide();
        return pendingPages.size > 0;
    }
    const poll = marketFormat.pendingPoller(refreshPending);

    function render() {
        tbody.replaceChildren(...rows.map(function (row) { return row.element; }));
        const count = rows.length === 1 ? "1 stock" : rows.length + " stocks";
        let text = atEnd ? count : count + " loaded";
        if (sort) {
            const th = headers.find(function (header) { return header.dataset.sort === sort.key; });
            const title = (th.querySelector(".long") || th).textContent;
            text += ", the whole market sorted by " + title + (sort.direction > 0 ? " (ascending)" : " (descending)");
        }
        caption.textContent = text;
    }

    function setRows(quotes, append) {
        if (!append) {
            rows = [];
            bySymbol.clear();
        }
        quotes.forEach(function (quote) {
            if (bySymbol.has(quote.symbol)) return;  // a row shown already (an order that moved meanwhile)
            const row = { quote, element: rowElement(quote) };
            rows.push(row);
            bySymbol.set(quote.symbol, row);
        });
        render();
    }

    function updateMore() {
        more.hidden = !started || atEnd || loading || !bourse.byId("error").hidden;
    }

    const markStale = marketFormat.staleRefresher(async function () {
        // One request for every row shown; replaces them only once the answer is fresh.
        if (loading) return true;
        const limit = Math.min(Math.max(rows.length, PAGE_SIZE), MAX_PAGE);
        const url = listURL(limit, null);
        const answer = await bourse.getJSON(url, undefined, true);
        if (answer.stale) return true;
        setRows(answer.results, false);
        pendingPages.clear();
        if (marketFormat.isPending(answer)) pendingPages.add(url);
        lastAnswer = answer;
        showPending();
        cursor = answer.next;
        atEnd = answer.next === null || answer.next === undefined;
        staleShown = false;
        bourse.showFreshness(answer);
        updateMore();
        return false;
    });

    function describe(error) {
        return bourse.describeLoadError(error, { source: "The market data source", unsaved: "no earlier prices are saved", answer: "an answer" });
    }

    let retryTimer = null;  // asks again for a page on its way

    async function loadNext() {
        if (loading || atEnd || retryTimer !== null) return;
        loading = true;
        updateMore();
        bourse.showLoading(started ? "Loading more stocks…" : "Loading prices…");
        try {
            const url = listURL(PAGE_SIZE, cursor);
            const answer = await bourse.getJSON(url);
            if (url !== listURL(PAGE_SIZE, cursor)) {
                // The order changed while it came: the new order's first page instead.
                setTimeout(loadNext, 0);
                return;
            }
            started = true;
            cursor = answer.next;
            atEnd = answer.next === null || answer.next === undefined;
            setRows(answer.results, true);
            lastAnswer = answer;
            if (marketFormat.isPending(answer)) pendingPages.add(url);
            showPending();
            bourse.showLoaded();
            // A fresh page must not hide the notice that earlier rows are stale.
            if (answer.stale || !staleShown) bourse.showFreshness(answer);
            if (answer.stale) {
                staleShown = true;
                markStale(true);
            }
        } catch (error) {
            if (error instanceof bourse.LoadError && error.onItsWay) {
                // Not a failure: the page is on its way; it is asked for again by itself.
                const what = started ? "More stocks are" : "The stocks are";
                bourse.showLoading(what + " on their way: " + error.onItsWayReason + ". They load here by themselves.");
                retryTimer = setTimeout(function () { retryTimer = null; loadNext(); }, error.retryDelayMs);
            } else {
                if (!started) tbody.replaceChildren();
                bourse.showError(describe(error), function () { loadNext(); });
            }
        } finally {
            loading = false;
            updateMore();
        }
        // A tall screen may still show the sentinel: keep filling it.
        if (started && !atEnd && retryTimer === null && nearEnd()) setTimeout(loadNext, 0);
    }

    function nearEnd() {
        return sentinel.getBoundingClientRect().top < window.innerHeight + 400 && bourse.byId("error").hidden;
    }

    headers.forEach(function (th) {
        th.querySelector("button").addEventListener("click", function () {
            const key = th.dataset.sort;
            const numeric = th.classList.contains("num");
            const direction = sort && sort.key === key ? -sort.direction : (numeric ? -1 : 1);
            sort = { key, direction };
            headers.forEach(function (other) {
                if (other === th) other.setAttribute("aria-sort", direction > 0 ? "ascending" : "descending");
                else other.removeAttribute("aria-sort");
            });
            // The whole market in that order, from its first page.
            cursor = null;
            atEnd = false;
            started = false;
            pendingPages.clear();
            showPending();
            setRows([], false);
            if (retryTimer !== null) { clearTimeout(retryTimer); retryTimer = null; }
            loadNext();
        });
    });
    more.addEventListener("click", loadNext);

    if ("IntersectionObserver" in window) {
        new IntersectionObserver(function (entries) {
            if (entries.some(function (entry) { return entry.isIntersecting; }) && started && bourse.byId("error").hidden) loadNext();
        }, { rootMargin: "0px 0px 400px 0px" }).observe(sentinel);
    }
    loadNext();
}
start();
