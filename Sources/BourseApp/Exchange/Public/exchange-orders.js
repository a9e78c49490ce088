import * as bourse from "./bourse.js";
import * as dates from "./dates.js";
import { $, FINAL, STATUS_WORDS, state, setText, clock, describe } from "./exchange-state.js";
import { refreshPosition, money } from "./exchange-position.js";
import { TIF_WORDS, defaultTif } from "./exchange-ticket-rules.js";
import { STOP_TYPES, TYPE_WORDS } from "./exchange-kinds.js";

// ---- Orders: merged from the API's answers and the socket's events. ----

/** Whether `next` is at least as new as `known` (events can arrive in any order). */
function isNewer(next, known) {
    if (!known) return true;
    const finalNext = FINAL.includes(next.status), finalKnown = FINAL.includes(known.status);
    if (finalKnown && !finalNext) return false;
    if (finalNext && !finalKnown) return true;
    if (next.filledQuantity !== known.filledQuantity) return next.filledQuantity > known.filledQuantity;
    return String(next.updatedAt || "") >= String(known.updatedAt || "");
}

export function mergeOrder(order) {
    if (!order || typeof order.id !== "string") return false;
    const known = state.orders.get(order.id);
    if (!isNewer(order, known)) return false;
    state.orders.set(order.id, order);
    return true;
}

function noticeKind(order) {
    switch (order.status) {
    case "FILLED": return "good";
    case "PARTIALLY_FILLED": return "partial";
    case "REJECTED": return "bad";
    case "EXPIRED": return "warn";
    case "CANCELLED":
        if (order.reason === "cancelled by the user") return "cancel";
        return order.filledQuantity > 0 ? "partial" : "warn";
    default: return "info";
    }
}

/** A bracket's exit: "take-profit" or "stop-loss" (its id ends `.tp` or `.sl`); null for any other order. */
function exitWord(order) {
    if (!order || !order.parentId) return null;
    return String(order.id).endsWith(".tp") ? "take-profit" : "stop-loss";
}

/** The other exit of `order`'s bracket, as this page knows it. */
function siblingOf(order) {
    const word = exitWord(order);
    if (!word) return null;
    return state.orders.get(order.parentId + (word === "take-profit" ? ".sl" : ".tp")) || null;
}

/** Text as nodes whose hyphenated words ("take-profit", "stop-loss") never break at the hyphen:
 *  no word is broken across lines (SPEC.md §12). */
export function phrase(text) {
    return String(text).split(/(\S+-\S+)/).filter(function (part) { return part !== ""; }).map(function (part) {
        return /^\S+-\S+$/.test(part) ? bourse.el("span", { class: "nobreak" }, part) : document.createTextNode(part);
    });
}

/** `setText` for a phrase: rewritten only when its text changed. */
function setPhrase(node, text) {
    if (node.textContent !== text) node.replaceChildren(...phrase(text));
}

function capitalized(text) {
    return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Shows the server's notice for an order event once, whichever of the POST answer and the socket
 * brings it first, in the trader's words the server wrote (capitalized). Cancelling one exit of a
 * bracket cancels both: one notice says so for the pair.
 */
export function notify(order, notice) {
    if (!order || typeof notice !== "string" || notice === "") return;
    let key = order.id + "|" + order.status + "|" + order.filledQuantity + "|" + (order.triggered === true);
    let text = capitalized(notice) + cashHelp(order);
    const word = exitWord(order);
    if (word && order.status === "CANCELLED" && order.reason === "cancelled by the user") {
        key = "exits cancelled|" + order.parentId;
        const sibling = siblingOf(order);
        const other = word === "take-profit" ? "stop-loss" : "take-profit";
        if (sibling && (isOpen(sibling) || sibling.reason === "cancelled by the user")) {
            text = capitalized(word) + " cancelled; its " + other + " too (one cancels the other)";
        }
    }
    if (state.seenNotices.has(key)) return;
    state.seenNotices.add(key);
    if (state.seenNotices.size > 1000) state.seenNotices.delete(state.seenNotices.values().next().value);
    toast(noticeKind(order), text, order.id);
}

/** With cash (SPEC.md §14), what an order refused for it could have been, from the position the
 *  page last loaded: " (you have $93,044.50)", " (you can sell at most 40)"; "" otherwise. */
function cashHelp(order) {
    const position = state.position;
    if (order.status !== "REJECTED" || !position || !position.cash) return "";
    if (order.reason === "insufficient buying power") return " (you have " + money(position.cash.buyingPower) + ")";
    if (order.reason !== "no short selling" || typeof position.quantity !== "number") return "";
    // What the open sells will sell is not for sale again (a bracket's exits only close their entry's shares).
    let selling = 0;
    for (const open of state.orders.values()) {
        if (open.side === "sell" && !open.parentId && isOpen(open)) selling += open.quantity - open.filledQuantity;
    }
    const held = Math.max(0, position.quantity), most = Math.max(0, held - selling);
    if (held === 0) return " (you hold no shares)";
    return most === 0 ? " (your open sells already take all " + held + ")" : " (you can sell at most " + most + ")";
}

// ---- Notices (SPEC.md §12): they never cover the work. On a phone one at a time, above the tab
// bar, briefly; the fills and cancels wait in the bell too (they are notifications). Wherever they
// sit, a notice that would lie over the ticket moves to the top, and when the ticket fills the
// screen it steps aside (transparent to taps); the ticket's own line under its button says it. ----

const narrow = window.matchMedia("(max-width: 599px)");

export function toast(kind, text, orderID) {
    const box = $("toasts");
    const dismiss = bourse.el("button", { type: "button", class: "toast-close", "aria-label": "Dismiss: " + text }, "×");
    const item = bourse.el("div", { class: "toast " + kind, "data-kind": kind, "data-order-id": orderID || null },
        bourse.el("p", {}, ...phrase(text)), dismiss);
    const remove = function () { item.remove(); placeToasts(); };
    dismiss.addEventListener("click", remove);
    box.append(item);
    const most = narrow.matches ? 1 : 3;
    while (box.children.length > most) box.firstElementChild.remove();
    const slow = kind === "bad" || kind === "warn";
    setTimeout(remove, narrow.matches ? (slow ? 8000 : 5000) : (slow ? 15000 : 10000));
    const line = $("ticket-notice");
    if (line) {  // a viewer's page has no ticket
        setPhrase(line, text);
        line.dataset.kind = kind;
        line.hidden = false;
    }
    placeToasts();
}

function overlaps(a, b) {
    return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** Puts the notices where they cover nothing of the ticket: at the bottom (above the tab bar on a
 *  phone), else at the top under the sticky bar, else out of the way until the ticket scrolls off. */
export function placeToasts() {
    const box = $("toasts");
    const section = $("ticket-section");
    if (box.children.length === 0 || !section) { box.dataset.place = "bottom"; return; }
    const ticket = section.getBoundingClientRect();
    box.style.top = "";
    box.dataset.place = "bottom";
    if (!overlaps(box.getBoundingClientRect(), ticket)) return;
    const bar = $("ex-bar").getBoundingClientRect();
    box.dataset.place = "top";
    box.style.top = Math.max(0, Math.round(bar.bottom)) + 8 + "px";
    if (!overlaps(box.getBoundingClientRect(), ticket)) return;
    box.dataset.place = "aside";
}

let placing = false;
function placeSoon() {
    if (placing) return;
    placing = true;
    requestAnimationFrame(function () { placing = false; placeToasts(); });
}
window.addEventListener("scroll", placeSoon, { passive: true });
window.addEventListener("resize", placeSoon);
if ($("ticket-section")) new ResizeObserver(placeSoon).observe($("ticket-section"));

export function onOrderEvent(message) {
    const changed = mergeOrder(message.order);
    // A page opened fresh does not tell what happened before it opened.
    const before = Date.parse(message.order && message.order.updatedAt) < state.pageOpenedAt - 2000;
    if (state.live && !before) notify(message.order, message.notice);
    if (changed) renderOrders();
    if (message.fills && message.fills.length > 0 || changed) refreshPosition();
}

/** The account's trailing stops on one side took a new reference: their levels are read again,
 *  at most once a second however fast the market makes new highs (the server says a move once,
 *  not once per stop). */
let trailTimer = null, trailLoaded = 0;
export function onTrailMove() {
    if (trailTimer !== null) return;
    const wait = Math.max(0, trailLoaded + 1000 - Date.now());
    trailTimer = setTimeout(async function () {
        trailLoaded = Date.now();
        try {
            const open = await bourse.getJSON("/api/v1/orders?status=open&limit=100", 15000);
            let changed = false;
            for (const order of open.orders || []) changed = mergeOrder(order) || changed;
            if (changed) renderOrders();
        } catch (error) {
            // The next move asks again; a page that reconnects reloads every order.
        } finally {
            trailTimer = null;
        }
    }, wait);
}

function isOpen(order) {
    return order.status === "PENDING" || order.status === "PARTIALLY_FILLED";
}

/** An id's place in time: "12" is 12, its exits "12.sl" and "12.tp" come after it. */
function idRank(id) {
    const match = /^(\d+)(?:\.(sl|tp))?$/.exec(String(id));
    if (!match) return [-1, 0];
    return [Number(match[1]), match[2] === "tp" ? 2 : match[2] === "sl" ? 1 : 0];
}

function newestFirst(a, b) {
    if (a.createdAt !== b.createdAt) return String(a.createdAt) < String(b.createdAt) ? 1 : -1;
    const x = idRank(a.id), y = idRank(b.id);
    return y[0] - x[0] || y[1] - x[1];
}

export function sideWord(side) {
    return side === "sell" ? "Sell" : "Buy";
}

/** Whether a stop order has triggered (with the last price it triggered at). */
function wasTriggered(order) {
    return STOP_TYPES.includes(order.type) && order.triggered === true && typeof order.triggerPrice === "string";
}

function shown(price) {
    return price === null || price === undefined ? "—" : String(price);
}

/** A bracket's exit: "take-profit of order 12" (its id is `12.tp`), "stop-loss of order 12"; null for any other order. */
function exitRole(order) {
    if (!order.parentId) return null;
    return (String(order.id).endsWith(".tp") ? "take-profit" : "stop-loss") + " of order " + order.parentId;
}

/** The type with its prices: "market", "limit 101.20", "stop 99.50", "stop 101.00, limit 101.05",
 *  "trailing stop 99.00" (a trailing stop's level now: it moves with the market). */
function headline(order) {
    switch (order.type) {
    case "limit": return "limit " + shown(order.price);
    case "stop": return "stop " + shown(order.stopPrice);
    case "stop_limit": return "stop " + shown(order.stopPrice) + ", limit " + shown(order.price);
    case "trailing_stop": return "trailing stop " + shown(order.stopPrice);
    default: return TYPE_WORDS[order.type] || String(order.type);
    }
}

/** The rest of its terms: the trail, where it triggered, a time in force that is not the type's
 *  default, an entry's bracket. */
function terms(order) {
    const list = [];
    if (order.type === "trailing_stop") {
        const trail = order.trailPercent ? order.trailPercent + "%" : shown(order.trailAmount);
        list.push("trailing " + trail + (order.side === "sell" ? " below the high" : " above the low"));
    }
    if (wasTriggered(order)) list.push("triggered at " + order.triggerPrice);
    if (order.timeInForce && order.timeInForce !== defaultTif(order.type)) list.push(TIF_WORDS[order.timeInForce] || order.timeInForce);
    if (order.takeProfit) list.push("take-profit " + order.takeProfit);
    if (order.stopLoss) list.push("stop-loss " + order.stopLoss);
    return list;
}

/** "100 · limit 101.20", "100 · take-profit of order 12 · limit 104.00". */
function what(order) {
    const role = exitRole(order);
    return order.quantity + " · " + (role ? role + " · " : "") + headline(order);
}

/** "Buy 100 · limit 101.20 · day only", "Sell 50 · stop 99.50 · triggered at 99.50". */
function describeOrder(order) {
    const rest = terms(order);
    return sideWord(order.side) + " " + what(order) + (rest.length > 0 ? " · " + rest.join(", ") : "");
}

/** The order's time, local: "2:03:27 PM" today, "Nov 25, 2:03:27 PM" another day (`dates.js`). */
function timeCell(iso) {
    return dates.timeElement(iso, dates.dateTime(iso, { seconds: true }) || String(iso));
}

const openItems = new Map();

export function renderOrders() {
    const orders = Array.from(state.orders.values()).sort(newestFirst);
    const open = orders.filter(isOpen);
    // Open orders: updated in place, so a Cancel button keeps its focus when another order changes.
    const list = $("open-orders");
    for (const [id, item] of openItems) {
        if (!open.some(function (order) { return order.id === id; })) { item.remove(); openItems.delete(id); }
    }
    let previous = null;
    for (const order of open) {
        let item = openItems.get(order.id);
        if (!item) {
            item = openItem(order);
            openItems.set(order.id, item);
        }
        updateOpenItem(item, order);
        const wanted = previous ? previous.nextSibling : list.firstChild;
        if (wanted !== item) list.insertBefore(item, wanted);
        previous = item;
    }
    setText($("open-count"), state.ordersLoaded || open.length > 0 ? "(" + open.length + ")" : "");
    const openEmpty = $("open-empty");
    if (state.ordersLoaded || open.length > 0) setText(openEmpty, "No open orders. Limit and stop orders wait here until they fill.");
    openEmpty.hidden = open.length > 0;

    const rows = orders.slice(0, 100).map(historyRow);
    $("history-rows").replaceChildren(...rows);
    const historyEmpty = $("history-empty");
    if (state.ordersLoaded || rows.length > 0) setText(historyEmpty, "No orders yet. Orders you place show here with their fills.");
    historyEmpty.hidden = rows.length > 0;
    $("history").hidden = rows.length === 0;
}

function openItem(order) {
    const button = bourse.el("button", { type: "button", class: "button cancel" }, "Cancel");
    button.addEventListener("click", function () { askToCancel(button.dataset.orderId); });
    // Cancelling one exit of a bracket cancels both: said first, in the item, before anything is sent.
    const yes = bourse.el("button", { type: "button", class: "button cancel-both" }, "Cancel both");
    const no = bourse.el("button", { type: "button", class: "button secondary keep" }, "Keep them");
    yes.addEventListener("click", function () {
        const id = yes.dataset.orderId;
        state.confirmingCancel = null;
        cancelOrder(id);
    });
    no.addEventListener("click", function () {
        state.confirmingCancel = null;
        renderOrders();
        button.focus();
    });
    return bourse.el("li", { class: "open-order" },
        bourse.el("p", { class: "open-what" }, bourse.el("span", { class: "side" }), bourse.el("span", { class: "rest" })),
        bourse.el("p", { class: "open-terms" }),
        bourse.el("p", { class: "open-state" }),
        button,
        bourse.el("div", { class: "cancel-confirm", role: "group", hidden: "" },
            bourse.el("p", { class: "cancel-text" }), bourse.el("div", { class: "cancel-buttons" }, yes, no)));
}

/** Cancel tapped: an exit whose other exit is open asks first; anything else is cancelled at once. */
function askToCancel(id) {
    const order = state.orders.get(id);
    const sibling = order ? siblingOf(order) : null;
    if (sibling && isOpen(sibling)) {
        state.confirmingCancel = id;
        renderOrders();
        const item = openItems.get(id);
        if (item) item.querySelector(".cancel-both").focus();
        return;
    }
    cancelOrder(id);
}

function updateOpenItem(item, order) {
    item.dataset.orderId = order.id;
    item.dataset.status = order.status;
    item.dataset.type = order.type;
    setData(item, "stopPrice", order.stopPrice);
    setData(item, "parentId", order.parentId);
    const side = item.querySelector(".side"), rest = item.querySelector(".rest");
    setText(side, sideWord(order.side));
    side.className = "side " + order.side;
    setPhrase(rest, " " + what(order));
    const more = terms(order), termsLine = item.querySelector(".open-terms");
    setPhrase(termsLine, more.join(" · "));
    termsLine.hidden = more.length === 0;
    const filled = order.filledQuantity > 0
        ? order.filledQuantity + " filled" + (order.averagePrice ? " at " + order.averagePrice : "") + ", " + (order.quantity - order.filledQuantity) + " waiting"
        : "none filled yet";
    setText(item.querySelector(".open-state"), STATUS_WORDS[order.status] + " · " + filled + " · order " + order.id + ", " + clock(order.createdAt));
    const button = item.querySelector("button");
    button.dataset.orderId = order.id;
    const busy = state.cancelling.has(order.id);
    button.disabled = busy;
    setText(button, busy ? "Cancelling…" : "Cancel");
    button.setAttribute("aria-label", (busy ? "Cancelling order " : "Cancel order ") + order.id + ": " + describeOrder(order));
    const confirm = item.querySelector(".cancel-confirm");
    const sibling = siblingOf(order);
    const asking = state.confirmingCancel === order.id && sibling !== null && isOpen(sibling) && !busy;
    if (asking) {
        const word = exitWord(order), other = exitWord(sibling);
        setPhrase(confirm.querySelector(".cancel-text"), "Cancelling this " + word + " cancels its " + other + " ("
            + sideWord(sibling.side).toLowerCase() + " " + (sibling.quantity - sibling.filledQuantity) + " at "
            + shown(sibling.price || sibling.stopPrice) + ") too: one cancels the other.");
        confirm.querySelector(".cancel-both").dataset.orderId = order.id;
    }
    confirm.hidden = !asking;
    button.hidden = asking;
    item.classList.toggle("asking", asking);
}

function setData(node, name, value) {
    if (value === null || value === undefined) delete node.dataset[name];
    else if (node.dataset[name] !== String(value)) node.dataset[name] = String(value);
}

function historyRow(order) {
    const filled = bourse.el("td", { class: "num" }, order.filledQuantity + " of " + order.quantity);
    if (order.averagePrice) filled.append(bourse.el("span", { class: "note" }, "avg " + order.averagePrice));
    const status = bourse.el("td", { class: "status-cell" },
        bourse.el("span", { class: "status-badge " + order.status.toLowerCase() }, STATUS_WORDS[order.status] || order.status));
    if (order.reason) status.append(bourse.el("span", { class: "note" }, ...phrase(order.reason)));
    const rest = terms(order);
    const cell = bourse.el("td", {}, bourse.el("span", { class: "side " + order.side }, sideWord(order.side)), ...phrase(" " + what(order)),
        rest.length > 0 ? bourse.el("span", { class: "note" }, ...phrase(rest.join(" · "))) : null);
    return bourse.el("tr", { "data-order-id": order.id, "data-status": order.status, "data-type": order.type },
        bourse.el("td", {}, timeCell(order.createdAt)), cell, filled, status);
}

export async function loadOrders() {
    try {
        const [all, open] = await Promise.all([
            bourse.getJSON("/api/v1/orders?status=all&limit=100", 15000),
            bourse.getJSON("/api/v1/orders?status=open&limit=100", 15000)
        ]);
        for (const order of [].concat(all.orders || [], open.orders || [])) mergeOrder(order);
        state.ordersLoaded = true;
        $("orders-error").hidden = true;
        renderOrders();
    } catch (error) {
        setText($("orders-error-text"), "Your orders can't be loaded: " + describe(error));
        $("orders-error").hidden = false;
        if (!state.ordersLoaded) {
            setText($("history-empty"), "Not loaded.");
            setText($("open-empty"), "Not loaded.");
        }
    }
}
$("orders-retry").addEventListener("click", function () {
    $("orders-error").hidden = true;
    loadOrders();
});

/** POST or DELETE with a JSON answer (`sendJSON`, with 15 s to answer); when the server did not
 *  answer, the error says what that means for an order. */
export async function send(method, url, body) {
    try {
        return await bourse.sendJSON(method, url, body, 15000);
    } catch (error) {
        if (!(error instanceof bourse.LoadError) || error.status !== 0) throw error;
        throw new bourse.LoadError(0, error.timedOut
            ? "The server did not answer in time, so the order's fate is unknown: check Open orders and Order history before trying again."
            : "The Bourse server can't be reached, so nothing was sent. Check the connection and try again.", error.timedOut);
    }
}

async function cancelOrder(id) {
    if (!id || state.cancelling.has(id)) return;
    state.cancelling.add(id);
    renderOrders();
    try {
        const answer = await send("DELETE", "/api/v1/orders/" + encodeURIComponent(id));
        mergeOrder(answer.order);
        notify(answer.order, answer.notice);
    } catch (error) {
        toast("bad", "Not cancelled: " + describe(error), id);
        if (error instanceof bourse.LoadError && (error.status === 404 || error.status === 409)) {
            try {
                const answer = await bourse.getJSON("/api/v1/orders/" + encodeURIComponent(id), 15000);
                mergeOrder(answer.order);
            } catch (ignored) { /* the socket will bring it */ }
        }
    } finally {
        state.cancelling.delete(id);
        renderOrders();
        refreshPosition();
    }
}
