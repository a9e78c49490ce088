import * as bourse from "./bourse.js";
import { $, state, setText, describe } from "./exchange-state.js";
import { send, mergeOrder, renderOrders, notify, loadOrders } from "./exchange-orders.js";
import { refreshPosition } from "./exchange-position.js";
import {
    TYPES, TIF_NAMES, TIF_HINTS, defaultTif, checkTicket, hints, submitLabel, orderValue, thresholdCents, moneyText
} from "./exchange-ticket-rules.js";

// ---- The ticket: the fields its type takes, checked here by the server's rules before sending. ----
// Live data never writes a field (SPEC.md §12): what the person typed is what is sent and what the
// button says. The book's prices are offered as taps ("Use ask 138.85") beside the price fields.
// A viewer's page has no ticket (SPEC.md §14): then nothing here is wired and the exports do nothing.

const form = $("ticket"), quantityInput = $("quantity"), priceInput = $("limit-price"), submit = $("submit");
const tifSelect = $("time-in-force"), trailUnit = $("trail-unit"), bracketToggle = $("bracket-toggle");
const confirmBox = $("ticket-confirm"), confirmPlace = $("confirm-place");
/** The order value above which the ticket asks before sending, in cents (null: never asks). */
const confirmAbove = form ? thresholdCents(form.dataset.confirmAbove) : null;

/** Each checked field: its input, the element its error goes in and its rule. */
const FIELDS = {
    quantity: { input: quantityInput, error: $("quantity-error"), hint: null },
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
        return bourse.el("option", { value: tif }, TIF_NAMES[tif]);
    }));
}

export function updateTicket() {
    if (!form) return;
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
    for (const name of Object.keys(FIELDS)) if (FIELDS[name].hint) setText(FIELDS[name].hint, rule[name]);
    offerPrices();
    FIELDS.trail.input.setAttribute("aria-label", trailUnit.value === "percent" ? "Trail, percent" : "Trail, amount");
    submit.className = "button submit " + state.side;
    if (!state.submitting) setText(submit, submitLabel(values()));
}

/** The live prices the price fields offer as taps: for the limit price the best ask (buying) or
 *  bid (selling), for the stop price the last trade. Only the buttons change; never a field. */
const OFFERS = [
    { button: $("use-limit-price"), field: "price", price: function () {
        const buy = state.side === "buy", best = state.book ? (buy ? state.book.asks : state.book.bids)[0] : null;
        return best ? { word: buy ? "ask" : "bid", price: String(best[0]) } : null;
    } },
    { button: $("use-stop-price"), field: "stopPrice", price: function () {
        return state.lastPrice ? { word: "last", price: String(state.lastPrice) } : null;
    } }
];

export function offerPrices() {
    if (!form) return;
    for (const offer of OFFERS) {
        const offered = offer.price();
        const label = offered ? "Use " + offered.word + " " + offered.price : "";
        setText(offer.button, label);
        if (offered) offer.button.dataset.price = offered.price;
        offer.button.hidden = !offered;
        offer.button.setAttribute("aria-label", offered ? label + " as the " + (offer.field === "price" ? "limit price" : "stop price") : "");
    }
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

/** The fields' names in the ticket's error: "correct the quantity and the limit price". */
const FIELD_WORDS = {
    quantity: "the quantity", price: "the limit price", stopPrice: "the stop price", trail: "the trail",
    takeProfit: "the take-profit", stopLoss: "the stop-loss"
};

// ---- Confirming a large order (SPEC.md §12): a step in the ticket, before anything is sent. ----

/** The request waiting for "Place it", with the label it was confirmed under. */
let awaiting = null;

function openConfirm(body, label, value) {
    awaiting = { body: body, label: label };
    const at = value.basis === "ask" || value.basis === "bid" ? " at the " + value.basis + " " + value.price : "";
    setText($("confirm-text"), label + ": about " + moneyText(value.cents) + at + ", over "
        + moneyText(confirmAbove) + ". Place it?");
    setText(confirmPlace, "Place it: " + label);
    confirmPlace.className = "button submit " + body.side;
    submit.hidden = true;
    confirmBox.hidden = false;
    confirmBox.focus();
}

/** Back to the ticket as it was (any change to the ticket closes the step: it confirmed another order). */
export function closeConfirm() {
    if (!form || (confirmBox.hidden && !awaiting)) return;
    const hadFocus = confirmBox.contains(document.activeElement);
    awaiting = null;
    confirmBox.hidden = true;
    submit.hidden = false;
    if (hadFocus) submit.focus();
}

async function place(body) {
    if (state.submitting) return;
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
        setTicketError(error instanceof bourse.LoadError && error.status >= 400 && error.status < 500
            ? error.message : "The order was not placed: " + describe(error));
        if (error instanceof bourse.LoadError && error.status === 0) loadOrders();
    } finally {
        state.submitting = false;
        submit.disabled = false;
        submit.removeAttribute("aria-busy");
        updateTicket();
    }
}

// ---- Wiring: what each part of the ticket does when touched (only on a page with a ticket). ----

function wireTicket() {
    for (const offer of OFFERS) {
        offer.button.addEventListener("click", function () {
            const price = offer.button.dataset.price;
            if (!price) return;
            // Only a tap writes a field, with exactly the price the button showed.
            FIELDS[offer.field].input.value = price;
            showFieldError(offer.field, "");
            closeConfirm();
            updateTicket();
        });
    }

    document.querySelectorAll("button[data-side]").forEach(function (button) {
        button.addEventListener("click", function () {
            state.side = button.dataset.side;
            closeConfirm();
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
            closeConfirm();
            updateTicket();
        });
    });
    bracketToggle.addEventListener("click", function () {
        bracketToggle.setAttribute("aria-expanded", bracketOpen() ? "false" : "true");
        updateTicket();
        if (bracketOpen()) FIELDS.takeProfit.input.focus();
    });
    tifSelect.addEventListener("change", function () { closeConfirm(); updateTicket(); });
    trailUnit.addEventListener("change", function () {
        showFieldError("trail", "");
        closeConfirm();
        updateTicket();
    });
    for (const name of Object.keys(FIELDS)) {
        FIELDS[name].input.addEventListener("input", function () {
            showFieldError(name, "");
            closeConfirm();
            updateTicket();
        });
    }

    $("confirm-back").addEventListener("click", closeConfirm);
    confirmPlace.addEventListener("click", function () {
        if (!awaiting || state.submitting) return;
        const { body } = awaiting;
        closeConfirm();
        place(body);
    });
    confirmBox.addEventListener("keydown", function (event) {
        if (event.key === "Escape") closeConfirm();
    });

    form.addEventListener("submit", function (event) {
        event.preventDefault();
        if (state.submitting) return;
        const current = values();
        const { errors, body } = checkTicket(current);
        for (const name of Object.keys(FIELDS)) showFieldError(name, errors[name] || "");
        const wrong = Object.keys(errors);
        if (wrong.length > 0) {
            const named = wrong.map(function (name) { return FIELD_WORDS[name]; });
            const list = named.length === 1 ? named[0] : named.slice(0, -1).join(", ") + " and " + named[named.length - 1];
            setTicketError("Nothing was sent: " + (wrong.length === 1 && wrong[0] === "quantity"
                ? errors.quantity.replace(/^./, function (c) { return c.toLowerCase(); })
                : "correct " + list + ", marked above."));
            FIELDS[wrong[0]].input.focus();
            return;
        }
        setTicketError("");
        const value = orderValue(current, state.book);
        if (confirmAbove !== null && value !== null && value.cents > confirmAbove) {
            openConfirm(body, submitLabel(current), value);
            return;
        }
        place(body);
    });
}

if (form) wireTicket();
