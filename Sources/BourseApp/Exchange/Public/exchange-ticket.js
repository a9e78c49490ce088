import * as B from "./bourse.js";
import { $, state, setText, describe } from "./exchange-state.js";
import { send, mergeOrder, renderOrders, notify, loadOrders } from "./exchange-orders.js";
import { refreshPosition } from "./exchange-position.js";
import { TYPES, TIF_NAMES, TIF_HINTS, defaultTif, checkTicket, hints, submitLabel } from "./exchange-ticket-rules.js";


// ---- The ticket: the fields its type takes, checked here by the server's rules before sending. ----

const form = $("ticket"), quantityInput = $("quantity"), priceInput = $("limit-price"), submit = $("submit");
const tifSelect = $("time-in-force"), trailUnit = $("trail-unit"), bracketToggle = $("bracket-toggle");

/** Each checked field: its input, the element its error goes in and its rule. */
const FIELDS = {
    price: { input: priceInput, error: $("limit-price-error"), hint: $("limit-price-hint") },
    stopPrice: { input: $("stop-price"), error: $("stop-price-error"), hint: $("stop-price-hint") },
    trail: { input: $("trail"), error: $("trail-error"), hint: $("trail-hint") },
    takeProfit: { input: $("take-profit"), error: $("take-profit-error"), hint: $("take-profit-hint") },
    stopLoss: { input: $("stop-loss"), error: $("stop-loss-error"), hint: $("stop-loss-hint") }
};

function bracketOpen() {
    return bracketToggle.getAttribute("aria-expanded") === "true";
}

/** The ticket's values as text, trimmed. */
function values() {
    return {
        side: state.side, type: state.type, quantity: quantityInput.value.trim(),
        price: priceInput.value.trim(), stopPrice: FIELDS.stopPrice.input.value.trim(),
        trail: FIELDS.trail.input.value.trim(), trailUnit: trailUnit.value,
        timeInForce: tifSelect.value, bracket: bracketOpen(),
        takeProfit: FIELDS.takeProfit.input.value.trim(), stopLoss: FIELDS.stopLoss.input.value.trim()
    };
}

/** The time in force's options: exactly those the type allows. */
function fillTifOptions() {
    const allowed = TYPES[state.type].tifs;
    const shown = Array.from(tifSelect.options).map(function (option) { return option.value; });
    if (shown.join() === allowed.join()) return;
    tifSelect.replaceChildren(...allowed.map(function (tif) {
        return B.el("option", { value: tif }, TIF_NAMES[tif]);
    }));
}

export function updateTicket() {
    const rules = TYPES[state.type];
    document.querySelectorAll("button[data-side]").forEach(function (button) {
        button.setAttribute("aria-pressed", button.dataset.side === state.side ? "true" : "false");
    });
    document.querySelectorAll("button[data-type]").forEach(function (button) {
        button.setAttribute("aria-pressed", button.dataset.type === state.type ? "true" : "false");
    });
    $("price-field").hidden = !rules.limit;
    $("stop-field").hidden = !rules.stop;
    $("trail-field").hidden = !rules.trail;
    $("bracket").hidden = !rules.bracket;
    $("bracket-fields").hidden = !rules.bracket || !bracketOpen();
    $("take-profit-field").hidden = $("stop-loss-field").hidden = $("bracket-fields").hidden;
    fillTifOptions();
    setText($("tif-hint"), TIF_HINTS[tifSelect.value] || "");
    const rule = hints(state.side, state.type, trailUnit.value);
    for (const name of Object.keys(FIELDS)) setText(FIELDS[name].hint, rule[name]);
    // The best prices (kept up to date by the book, for a limit order only).
    $("price-hint").hidden = state.type !== "limit";
    FIELDS.trail.input.setAttribute("aria-label", trailUnit.value === "percent" ? "Trail, percent" : "Trail, amount");
    submit.className = "button submit " + state.side;
    if (!state.submitting) setText(submit, submitLabel(values()));
}

/** Puts the best ask (buying) or bid (selling) into an empty limit price; the user's own price is never replaced. */
export function prefillPrice() {
    if (state.type !== "limit" || !state.book) return;
    if (priceInput.value !== "" && !state.autoPrice) return;
    const best = state.side === "buy" ? state.book.asks[0] : state.book.bids[0];
    if (!best) return;
    priceInput.value = best[0];
    state.autoPrice = true;
    setText($("price-hint"), (state.book.asks[0] ? "Best ask " + state.book.asks[0][0] : "No asks") + " · "
        + (state.book.bids[0] ? "best bid " + state.book.bids[0][0] : "no bids"));
    showFieldError("price", "");
    updateTicket();
}

/** Shows or clears one field's error beside it, and marks its input. */
function showFieldError(name, message) {
    const field = FIELDS[name];
    setText(field.error, message);
    field.input.setAttribute("aria-invalid", message === "" ? "false" : "true");
}

/** The server's message (or a failed request's) under the button; the field it names is marked. */
function setTicketError(message) {
    setText($("ticket-error"), message);
    const about = message.toLowerCase();
    const names = {
        quantity: about.includes("quantity"), stopPrice: about.includes("stopprice"),
        trail: about.includes("trail"), takeProfit: about.includes("takeprofit"), stopLoss: about.includes("stoploss"),
        price: /(^|[^a-z])price/.test(about)
    };
    quantityInput.setAttribute("aria-invalid", message !== "" && names.quantity ? "true" : "false");
    for (const name of Object.keys(FIELDS)) {
        if (FIELDS[name].error.textContent === "") {
            FIELDS[name].input.setAttribute("aria-invalid", message !== "" && names[name] ? "true" : "false");
        }
    }
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
        const changed = state.type !== button.dataset.type;
        state.type = button.dataset.type;
        if (changed) {
            // A new type starts from its default time in force.
            fillTifOptions();
            tifSelect.value = defaultTif(state.type);
        }
        if (state.type === "limit" && priceInput.value === "") prefillPrice();
        updateTicket();
    });
});
bracketToggle.addEventListener("click", function () {
    bracketToggle.setAttribute("aria-expanded", bracketOpen() ? "false" : "true");
    updateTicket();
    if (bracketOpen()) FIELDS.takeProfit.input.focus();
});
tifSelect.addEventListener("change", updateTicket);
trailUnit.addEventListener("change", function () {
    showFieldError("trail", "");
    updateTicket();
});
quantityInput.addEventListener("input", updateTicket);
for (const name of Object.keys(FIELDS)) {
    FIELDS[name].input.addEventListener("input", function () {
        if (name === "price") state.autoPrice = false;
        showFieldError(name, "");
        updateTicket();
    });
}

form.addEventListener("submit", async function (event) {
    event.preventDefault();
    if (state.submitting) return;
    const { errors, body } = checkTicket(values());
    for (const name of Object.keys(FIELDS)) showFieldError(name, errors[name] || "");
    const wrong = Object.keys(errors);
    if (wrong.length > 0) {
        setTicketError("Nothing was sent: " + (wrong.length === 1 ? "correct the field marked above." : "correct the fields marked above."));
        FIELDS[wrong[0]].input.focus();
        return;
    }
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
