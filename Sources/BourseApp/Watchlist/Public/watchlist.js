import * as bourse from "./bourse.js";
import * as marketFormat from "./market-format.js";
import { alertRow, countsBySymbol, loadAlerts } from "./alert-list.js";

// My stocks (the home screen): the user's stocks from /api/v1/watchlist, priced, each with its
// month's sparkline; Edit shows the buttons to move a stock up or down and to remove it, and
// every change is saved at once (PUT / DELETE), the server's answer redrawn. The alerts
// (/api/v1/alerts): a count on each stock that has some, and all of them listed under the stocks.
function start() {
    const page = document.getElementById("page");
    if (!page || page.dataset.page !== "my-stocks") return;
    const rows = bourse.byId("watch-rows");
    const edit = bourse.byId("edit-list");
    let symbols = [];
    let lastList = null;
    let alertCounts = {};
    let shown = 0;  // counts the lists drawn, so an older answer never replaces a newer one
    const note = marketFormat.pendingNote(rows);
    // Saved data (the source down, or the device offline) is asked for again every 30 s.
    const stale = marketFormat.staleRefresher(async function () {
        const list = await bourse.getJSON("/api/v1/watchlist");
        render(list);
        return !!list.stale;
    });
    // Prices on their way (the source's rate limit): the list is asked for again until they all are in.
    const poll = marketFormat.pendingPoller(async function () {
        const asked = shown;
        const list = await bourse.getJSON("/api/v1/watchlist");
        if (asked !== shown) return marketFormat.isPending(lastList);  // a change saved meanwhile answered with a newer list
        update(list);
        return marketFormat.isPending(list);
    });

    /** The price and day change of a row, loading while its price is on its way. */
    function priceBox(item) {
        if (item.pending) {
            return bourse.el("span", { class: "watch-price" },
                marketFormat.loadingPlaceholder("span", "num", "Loading the price"), marketFormat.loadingPlaceholder("span", "num"));
        }
        const change = marketFormat.percent(item.changePercent);
        return bourse.el("span", { class: "watch-price" },
            bourse.el("span", { class: "num" }, marketFormat.price(item.price)),
            bourse.el("span", { class: "num " + change.direction }, change.text));
    }

    function row(item, index, count) {
        const move = (label, to, disabled) => {
            const button = bourse.el("button", { type: "button", class: "icon-button", "aria-label": label + " " + item.symbol }, label === "Move up" ? "↑" : "↓");
            button.disabled = disabled;
            button.addEventListener("click", () => reorder(index, to));
            return button;
        };
        const remove = bourse.el("button", { type: "button", class: "icon-button remove", "aria-label": "Remove " + item.symbol }, "✕");
        remove.addEventListener("click", () => removeStock(item.symbol));
        const element = bourse.el("li", { class: "watch-row", "data-symbol": item.symbol },
            bourse.el("a", { class: "watch-link", href: "/stocks/" + encodeURIComponent(item.symbol) },
                bourse.el("span", { class: "watch-name" },
                    bourse.el("strong", {}, item.symbol),
                    bourse.el("span", { class: "note" }, item.name || ""),
                    alertBadge(alertCounts[item.symbol])),
                bourse.el("span", { class: "spark" },
                    bourse.el("img", { class: "sparkline", src: item.sparkline, alt: "", width: "96", height: "32", loading: "lazy" }),
                    bourse.el("span", { class: "spark-period" }, "1 month")),
                priceBox(item)),
            bourse.el("span", { class: "watch-edit" }, move("Move up", index - 1, index === 0), move("Move down", index + 1, index === count - 1), remove));
        marketFormat.markPending(element, !!item.pending);
        return element;
    }

    /** "2 alerts", "1 alert, 1 fired": the stock's alerts, if any. */
    function alertBadge(counts) {
        if (!counts) return null;
        const text = counts.count + (counts.count === 1 ? " alert" : " alerts") + (counts.fired > 0 ? ", " + counts.fired + " fired" : "");
        return bourse.el("span", { class: "watch-alerts" + (counts.fired > 0 ? " fired" : "") }, text);
    }

    async function loadAlertList() {
        const error = bourse.byId("alerts-error");
        try {
            const alerts = await loadAlerts();
            error.hidden = true;
            alertCounts = countsBySymbol(alerts);
            bourse.byId("alert-rows").replaceChildren(...alerts.map((alert) => alertRow(alert, {
                showSymbol: true, changed: loadAlertList, failed: (message) => {
                    error.textContent = message;
                    error.hidden = false;
                },
            })));
            bourse.byId("alerts-empty").hidden = alerts.length > 0;
            if (lastList) render(lastList);
        } catch (failure) {
            error.textContent = "The alerts can't be loaded: " + failure.message;
            error.hidden = false;
        }
    }

    function render(list) {
        shown += 1;
        lastList = list;
        symbols = list.symbols;
        rows.replaceChildren(...list.results.map((item, index) => row(item, index, list.results.length)));
        bourse.byId("watch-empty").hidden = symbols.length > 0;
        bourse.showLoaded();
        showState(list);
    }

    /** A newer answer to the same list: the prices are put in the rows shown, in place (focus and
     *  scroll stay); a list that changed meanwhile (another tab) is drawn again. */
    function update(list) {
        const elements = Array.from(rows.children);
        const same = list.results.length === elements.length
            && list.results.every((item, index) => elements[index].dataset.symbol === item.symbol);
        if (!same) {
            render(list);
            return;
        }
        shown += 1;
        lastList = list;
        symbols = list.symbols;
        list.results.forEach((item, index) => {
            const element = elements[index];
            const box = element.querySelector(".watch-price");
            const fresh = priceBox(item);
            const wasPending = element.classList.contains("pending");
            if (wasPending === !!item.pending && (wasPending || box.textContent === fresh.textContent)) return;
            box.replaceWith(fresh);
            marketFormat.markPending(element, !!item.pending);
        });
        showState(list);
    }

    /** The stale notice, and the note and the asking again while prices are on their way. */
    function showState(list) {
        bourse.showFreshness(list);
        stale(!!list.stale);
        const pending = marketFormat.isPending(list);
        if (pending) note.show(list);
        else note.hide();
        poll(pending);
    }

    async function load() {
        bourse.showLoading("Loading your stocks…");
        try {
            render(await bourse.getJSON("/api/v1/watchlist"));
        } catch (error) {
            bourse.showError(error.message, load);
        }
    }

    async function save(method, url, body) {
        try {
            render(await bourse.sendJSON(method, url, body));
        } catch (error) {
            bourse.showError(error.message, load);
        }
    }

    function reorder(from, to) {
        if (to < 0 || to >= symbols.length) return;
        const next = symbols.slice();
        const [moved] = next.splice(from, 1);
        next.splice(to, 0, moved);
        save("PUT", "/api/v1/watchlist", { symbols: next }).then(() => {
            const button = rows.querySelector('[data-symbol="' + moved + '"] .icon-button:not([disabled])');
            if (button) button.focus();
        });
    }

    /** Removes a stock, and offers to undo it for a while: Undo puts the whole list back as it
     *  was, the stock in its place. */
    async function removeStock(symbol) {
        const before = symbols.slice();
        await save("DELETE", "/api/v1/watchlist/" + encodeURIComponent(symbol));
        if (symbols.includes(symbol)) return;  // not removed (the error says why)
        offerUndo("Removed " + symbol + ".", () => save("PUT", "/api/v1/watchlist", { symbols: before }));
    }

    let undoTimer = null;
    const undoBar = bourse.el("p", { class: "undo-bar", id: "undo-bar", role: "status" });
    undoBar.hidden = true;
    rows.parentNode.insertBefore(undoBar, rows);

    function offerUndo(text, undo) {
        clearTimeout(undoTimer);
        const button = bourse.el("button", { type: "button", class: "button secondary", id: "undo" }, "Undo");
        button.addEventListener("click", () => {
            clearTimeout(undoTimer);
            undoBar.hidden = true;
            undo();
        });
        undoBar.replaceChildren(bourse.el("span", {}, text), " ", button);
        undoBar.hidden = false;
        undoTimer = setTimeout(() => { undoBar.hidden = true; }, 10000);
    }

    edit.addEventListener("click", () => {
        const editing = edit.getAttribute("aria-pressed") !== "true";
        edit.setAttribute("aria-pressed", editing ? "true" : "false");
        edit.textContent = editing ? "Done" : "Edit";
        rows.classList.toggle("editing", editing);
    });
    load();
    loadAlertList();
}
start();
