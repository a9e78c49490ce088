import * as B from "./bourse.js";
import { $, FINAL, STATUS_WORDS, state, setText, clock, describe } from "./exchange-state.js";
import { refreshPosition } from "./exchange-position.js";

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

const TOAST_TITLES = { good: "Filled", partial: "Partly filled", info: "Order placed", warn: "Not filled", bad: "Refused", cancel: "Cancelled" };

function noticeKind(order) {
    switch (order.status) {
    case "FILLED": return "good";
    case "PARTIALLY_FILLED": return "partial";
    case "REJECTED": return "bad";
    case "CANCELLED":
        if (order.reason === "cancelled by the user") return "cancel";
        return order.filledQuantity > 0 ? "partial" : "warn";
    default: return "info";
    }
}

/** Shows the server's notice for an order event once, whichever of the POST answer and the socket brings it first. */
export function notify(order, notice) {
    if (!order || typeof notice !== "string" || notice === "") return;
    const key = order.id + "|" + order.status + "|" + order.filledQuantity;
    if (state.seenNotices.has(key)) return;
    state.seenNotices.add(key);
    if (state.seenNotices.size > 1000) state.seenNotices.delete(state.seenNotices.values().next().value);
    const kind = noticeKind(order);
    toast(kind, TOAST_TITLES[kind], notice, order.id);
}

function toast(kind, title, text, orderID) {
    const box = $("toasts");
    const dismiss = B.el("button", { type: "button", class: "toast-close", "aria-label": "Dismiss" }, "×");
    const item = B.el("div", { class: "toast " + kind, "data-kind": kind, "data-order-id": orderID || null },
        B.el("p", {}, B.el("strong", {}, title + ": "), text), dismiss);
    const remove = function () { item.remove(); };
    dismiss.addEventListener("click", remove);
    box.append(item);
    while (box.children.length > 3) box.firstElementChild.remove();
    setTimeout(remove, kind === "bad" || kind === "warn" ? 15000 : 10000);
}

export function onOrderEvent(message) {
    const changed = mergeOrder(message.order);
    notify(message.order, message.notice);
    if (changed) renderOrders();
    if (message.fills && message.fills.length > 0 || changed) refreshPosition();
}

function isOpen(order) {
    return order.status === "PENDING" || order.status === "PARTIALLY_FILLED";
}

function newestFirst(a, b) {
    if (a.createdAt !== b.createdAt) return String(a.createdAt) < String(b.createdAt) ? 1 : -1;
    return Number(b.id) - Number(a.id);
}

export function sideWord(side) {
    return side === "sell" ? "Sell" : "Buy";
}

/** "Buy 100 · limit 101.20", "Sell 50 · market". */
function describeOrder(order) {
    return sideWord(order.side) + " " + order.quantity + " · "
        + (order.type === "limit" ? "limit " + (order.price === null ? "?" : order.price) : "market");
}

function timeCell(iso) {
    const time = new Date(iso);
    const today = new Date().toDateString() === time.toDateString();
    const text = isNaN(time.getTime()) ? String(iso) : (today ? "" : time.toLocaleDateString() + " ") + clock(iso);
    return B.el("time", { datetime: String(iso) }, text);
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
    if (state.ordersLoaded || open.length > 0) setText(openEmpty, "No open orders. A limit order that is not filled at once waits here.");
    openEmpty.hidden = open.length > 0;

    const rows = orders.slice(0, 100).map(historyRow);
    $("history-rows").replaceChildren(...rows);
    const historyEmpty = $("history-empty");
    if (state.ordersLoaded || rows.length > 0) setText(historyEmpty, "No orders yet. Orders you place show here with their fills.");
    historyEmpty.hidden = rows.length > 0;
    $("history").hidden = rows.length === 0;
}

function openItem(order) {
    const button = B.el("button", { type: "button", class: "button cancel" }, "Cancel");
    button.addEventListener("click", function () { cancelOrder(button.dataset.orderId); });
    return B.el("li", { class: "open-order" },
        B.el("p", { class: "open-what" }, B.el("span", { class: "side" }), B.el("span", { class: "rest" })),
        B.el("p", { class: "open-state" }),
        button);
}

function updateOpenItem(item, order) {
    item.dataset.orderId = order.id;
    item.dataset.status = order.status;
    const side = item.querySelector(".side"), rest = item.querySelector(".rest");
    setText(side, sideWord(order.side));
    side.className = "side " + order.side;
    setText(rest, " " + order.quantity + " at " + (order.price === null ? "market" : order.price) + (order.type === "limit" ? " limit" : ""));
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
}

function historyRow(order) {
    const filled = B.el("td", { class: "num" }, order.filledQuantity + " of " + order.quantity);
    if (order.averagePrice) filled.append(B.el("span", { class: "note" }, "avg " + order.averagePrice));
    const status = B.el("td", { class: "status" },
        B.el("span", { class: "status-badge " + order.status.toLowerCase() }, STATUS_WORDS[order.status] || order.status));
    if (order.reason) status.append(B.el("span", { class: "note" }, order.reason));
    const what = B.el("td", {}, B.el("span", { class: "side " + order.side }, sideWord(order.side)),
        " " + order.quantity + " · " + (order.type === "limit" ? "limit " + order.price : "market"));
    return B.el("tr", { "data-order-id": order.id, "data-status": order.status },
        B.el("td", {}, timeCell(order.createdAt)), what, filled, status);
}

export async function loadOrders() {
    try {
        const [all, open] = await Promise.all([
            B.getJSON("/api/v1/orders?status=all&limit=100", 15000),
            B.getJSON("/api/v1/orders?status=open&limit=100", 15000)
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
        return await B.sendJSON(method, url, body, 15000);
    } catch (error) {
        if (!(error instanceof B.LoadError) || error.status !== 0) throw error;
        throw new B.LoadError(0, error.timedOut
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
        toast("bad", "Not cancelled", "Order " + id + ": " + describe(error), id);
        if (error instanceof B.LoadError && (error.status === 404 || error.status === 409)) {
            try {
                const answer = await B.getJSON("/api/v1/orders/" + encodeURIComponent(id), 15000);
                mergeOrder(answer.order);
            } catch (ignored) { /* the socket will bring it */ }
        }
    } finally {
        state.cancelling.delete(id);
        renderOrders();
        refreshPosition();
    }
}
