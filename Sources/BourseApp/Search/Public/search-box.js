import { el, getJSON } from "./bourse.js";
import { percent, price } from "./market-format.js";

function start() {
    const form = document.getElementById("site-search");
    if (!form || !("fetch" in window) || !("AbortController" in window)) return;
    const input = document.getElementById("site-search-input");
    const list = document.getElementById("site-search-list");
    const note = document.getElementById("site-search-status");
    const DELAY_MS = 150;
    const LIMIT = 8;
    let timer = null;
    let inFlight = null;
    let results = [];
    let active = -1;

    input.setAttribute("role", "combobox");
    input.setAttribute("aria-autocomplete", "list");
    input.setAttribute("aria-expanded", "false");
    input.setAttribute("aria-controls", list.id);
    // ARIA 1.2 needs only aria-controls; aria-owns as well (the ARIA 1.0 pattern) keeps
    // older checkers, such as the axe-core 3.1 of the browser tests, satisfied.
    input.setAttribute("aria-owns", list.id);

    function stockURL(symbol) {
        return "/stocks/" + encodeURIComponent(symbol);
    }

    /** Says `text` in the note under the box: shown when `visible`, else only announced. */
    function say(text, visible) {
        note.textContent = text;
        note.classList.toggle("quiet", !visible);
    }

    function close() {
        list.hidden = true;
        input.setAttribute("aria-expanded", "false");
        input.removeAttribute("aria-activedescendant");
        active = -1;
        if (!note.classList.contains("quiet")) say("", false);
    }

    /** Beside a wider screen's box the list is wider than the box (search-box.css): it starts at
     *  the box's left edge, moved left as far as it must to stay on the screen. */
    function place() {
        list.style.left = "";
        if (getComputedStyle(list).position !== "absolute") return;
        const margin = 8;
        const combo = list.offsetParent ? list.offsetParent.getBoundingClientRect() : input.getBoundingClientRect();
        const width = list.getBoundingClientRect().width;
        let left = 0;
        if (combo.left + width > window.innerWidth - margin) left = window.innerWidth - margin - width - combo.left;
        if (combo.left + left < margin) left = margin - combo.left;
        list.style.left = left + "px";
    }

    function open() {
        if (results.length === 0) return;
        list.hidden = false;
        input.setAttribute("aria-expanded", "true");
        place();
    }

    function highlight(index) {
        active = index;
        const options = list.children;
        for (let i = 0; i < options.length; i += 1) {
            options[i].setAttribute("aria-selected", i === index ? "true" : "false");
        }
        if (index >= 0 && options[index]) {
            input.setAttribute("aria-activedescendant", options[index].id);
            options[index].scrollIntoView({ block: "nearest" });
        } else {
            input.removeAttribute("aria-activedescendant");
        }
    }

    /** The saved last price and day change the API gave with a result; nothing when it has none
     *  (searching never asks the source, so there is nothing to wait for). */
    function quote(result) {
        if (result.price === null || result.price === undefined) return [];
        const change = percent(result.changePercent);
        const parts = [el("span", { class: "price" }, price(result.price))];
        if (change.direction !== "none") parts.push(el("span", { class: "change " + change.direction }, change.text));
        return [el("span", { class: "quote" }, ...parts)];
    }

    function show(query, found) {
        results = found;
        list.replaceChildren(...found.map(function (result, index) {
            const option = el("li", { id: "site-search-option-" + index, role: "option", "aria-selected": "false", "data-symbol": result.symbol },
                el("span", { class: "symbol" }, result.symbol),
                el("span", { class: "name" }, result.name || ""),
                ...quote(result),
                el("span", { class: "exchange" }, result.exchange || ""));
            return option;
        }));
        active = -1;
        input.removeAttribute("aria-activedescendant");
        if (found.length === 0) {
            list.hidden = true;
            input.setAttribute("aria-expanded", "false");
            say("No stock matches “" + query + "”.", true);
        } else {
            open();
            say(found.length === 1 ? "1 suggestion" : found.length + " suggestions", false);
        }
    }

    const LISTINGS_URL = "/api/v1/search/listings";
    let listings = null;

    /** Simple folding for the offline search: accents off, lower case, anything else a space. */
    function fold(text) {
        return String(text).normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
            .replace(/[^a-z0-9]+/g, " ").trim();
    }

    /** The listings kept on the device (the worker keeps /api/v1/search/listings), searched by the
     *  server's rule: the start of the symbol, of the name, or of a later word of the name; the
     *  exact symbol first, then the others in the order the server sends them (its result order:
     *  prominent companies, other companies, funds, each by name). Null when they are not on the device. */
    async function offlineSearch(query) {
        try {
            if (!listings) {
                const body = await getJSON(LISTINGS_URL, Infinity);
                listings = body.rows.map((row) => ({ symbol: row[0], name: row[1], exchange: row[2], folded: " " + fold(row[1]) }));
            }
        } catch (error) {
            return null;
        }
        const q = fold(query);
        if (q === "") return [];
        const symbolQuery = String(query).trim().toUpperCase();
        const found = [];
        for (const listing of listings) {
            if (listing.symbol === symbolQuery) found.unshift(listing);
            else if (listing.folded.includes(" " + q) || listing.symbol.startsWith(symbolQuery)) found.push(listing);
            if (found.length >= LIMIT && found[0].symbol === symbolQuery) break;
        }
        return found.slice(0, LIMIT);
    }

    /** With the app installed (a worker controls the page), keep the listings on the device
     *  once, so that search works with no network. */
    if ("serviceWorker" in navigator && "caches" in window) {
        navigator.serviceWorker.ready.then(async function () {
            if (!navigator.serviceWorker.controller) return;
            if (await caches.match(LISTINGS_URL)) return;
            getJSON(LISTINGS_URL, Infinity).catch(() => {});
        }).catch(() => {});
    }

    async function suggest(query) {
        if (inFlight) inFlight.abort();
        const controller = new AbortController();
        inFlight = controller;
        try {
            const url = "/api/v1/search?q=" + encodeURIComponent(query) + "&limit=" + LIMIT;
            // A failed answer (a LoadError) or the device's copy (`offline`): the search below.
            const body = await getJSON(url, Infinity, false, controller.signal);
            if (body && body.offline) throw new Error("offline");
            if (inFlight !== controller) return;
            show(query, body && Array.isArray(body.results) ? body.results : []);
        } catch (error) {
            if (error.name === "AbortError" || inFlight !== controller) return;
            // No network: the listings kept on the device, searched here by the same rule.
            const found = await offlineSearch(query);
            if (inFlight !== controller) return;
            if (found) {
                show(query, found);
                return;
            }
            results = [];
            list.replaceChildren();
            close();
            say("Suggestions can't be loaded right now; press Enter to search.", true);
        } finally {
            if (inFlight === controller) inFlight = null;
        }
    }

    input.addEventListener("input", function () {
        clearTimeout(timer);
        const query = input.value.trim();
        if (query === "") {
            if (inFlight) inFlight.abort();
            inFlight = null;
            results = [];
            list.replaceChildren();
            close();
            say("", false);
            return;
        }
        timer = setTimeout(function () { suggest(query); }, DELAY_MS);
    });

    input.addEventListener("keydown", function (event) {
        const count = results.length;
        if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            if (count === 0) return;
            event.preventDefault();
            if (list.hidden) open();
            const step = event.key === "ArrowDown" ? 1 : -1;
            highlight(active < 0 ? (step > 0 ? 0 : count - 1) : (active + step + count) % count);
        } else if (event.key === "Enter") {
            if (!list.hidden && active >= 0 && results[active]) {
                event.preventDefault();
                location.assign(stockURL(results[active].symbol));
            }
        } else if (event.key === "Escape") {
            if (!list.hidden || note.textContent !== "") {
                event.preventDefault();
                close();
                say("", false);
            }
        }
    });

    // A press on a suggestion keeps the focus in the box, and the click opens the stock.
    list.addEventListener("mousedown", function (event) { event.preventDefault(); });
    list.addEventListener("click", function (event) {
        const option = event.target.closest("[role=option]");
        if (option) location.assign(stockURL(option.dataset.symbol));
    });
    input.addEventListener("focus", function () {
        if (input.value.trim() !== "" && results.length > 0) open();
    });
    input.addEventListener("blur", function () {
        setTimeout(close, 150);
    });
}
start();
