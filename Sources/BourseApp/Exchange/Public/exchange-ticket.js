import * as B from "./bourse.js";
import { $, state, setText, describe } from "./exchange-state.js";
import { send, mergeOrder, renderOrders, notify, loadOrders, sideWord } from "./exchange-orders.js";
import { refreshPosition } from "./exchange-position.js";


// ---- The ticket. ----

const form = $("ticket"), quantityInput = $("quantity"), priceInput = $("limit-price"), submit = $("submit");

function submitLabel() {
    const raw = quantityInput.value.trim();
    const shares = /^\d+$/.test(raw) ? " " + raw.replace(/^0+(?=\d)/, "") : "";
    const verb = sideWord(state.side);
    if (state.type === "market") return verb + shares + " at market";
    const price = priceInput.value.trim();
    if (price === "") return verb + shares + " at a limit price";
    return verb + shares + " at " + price + (state.side === "buy" ? " or less" : " or more");
}

export function updateTicket() {
    document.querySelectorAll("button[data-side]").forEach(function (button) {
        button.setAttribute("aria-pressed", button.dataset.side === state.side ? "true" : "false");
    });
    document.querySelectorAll("button[data-type]").forEach(function (button) {
        button.setAttribute("aria-pressed", button.dataset.type === state.type ? "true" : "false");
    });
    $("price-field").hidden = state.type !== "limit";
    submit.className = "button submit " + state.side;
    if (!state.submitting) setText(submit, submitLabel());
}

/** Puts the best ask (buying) or bid (selling) into an empty price field; the user's own price is never replaced. */
export function prefillPrice() {
    if (state.type !== "limit" || !state.book) return;
    if (priceInput.value !== "" && !state.autoPrice) return;
    const best = state.side === "buy" ? state.book.asks[0] : state.book.bids[0];
    if (!best) return;
    priceInput.value = best[0];
    state.autoPrice = true;
    setText($("price-hint"), (state.book.asks[0] ? "Best ask " + state.book.asks[0][0] : "No asks") + " · "
        + (state.book.bids[0] ? "best bid " + state.book.bids[0][0] : "no bids"));
}

function setTicketError(message) {
    setText($("ticket-error"), message);
    const about = message.toLowerCase();
    quantityInput.setAttribute("aria-invalid", message !== "" && about.includes("quantity") ? "true" : "false");
    priceInput.setAttribute("aria-invalid", message !== "" && about.includes("price") ? "true" : "false");
}

document.querySelectorAll("button[data-side]").forEach(function (button) {
    button.addEventListener("click", function () {
        state.side = button.dataset.side;
        prefillPrice();
        updateTicket();
    });
});
document.querySelectorAll("button[data-type]").forEach(function (button) {
    button.addEventListener("click", function () {
        state.type = button.dataset.type;
        if (state.type === "limit" && priceInput.value === "") prefillPrice();
        updateTicket();
    });
});
quantityInput.addEventListener("input", updateTicket);
priceInput.addEventListener("input", function () {
    state.autoPrice = false;
    updateTicket();
});

form.addEventListener("submit", async function (event) {
    event.preventDefault();
    if (state.submitting) return;
    // Digits go as a number; anything else as typed, so the server's error names it.
    const raw = quantityInput.value.trim();
    const body = { side: state.side, type: state.type, quantity: /^\d{1,15}$/.test(raw) ? Number(raw) : raw };
    if (state.type === "limit") body.price = priceInput.value.trim();
    setTicketError("");
    state.submitting = true;
    submit.disabled = true;
    submit.setAttribute("aria-busy", "true");
    setText(submit, "Placing the order…");
    try {
        const answer = await send("POST", "/api/v1/orders", body);
        if (mergeOrder(answer.order)) renderOrders();
        notify(answer.order, answer.notice);
        refreshPosition();
    } catch (error) {
        setTicketError(error instanceof B.LoadError && error.status >= 400 && error.status < 500
            ? error.message : "The order was not placed: " + describe(error));
        if (error instanceof B.LoadError && error.status === 0) loadOrders();
    } finally {
        state.submitting = false;
        submit.disabled = false;
        submit.removeAttribute("aria-busy");
        updateTicket();
    }
});
