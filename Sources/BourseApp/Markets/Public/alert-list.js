import * as bourse from "./bourse.js";
import * as dates from "./dates.js";
import * as marketFormat from "./market-format.js";

// Price alerts as the screens show them (a stock's "Alert me", My stocks): one row per alert, its
// condition, armed or fired (when, at what price), with Re-arm and Remove; every text from the
// API goes in with textContent.

/** The alert's condition as the API takes it back: `{above: "150.00"}`, `{below}` or `{movePercent}`. */
export function conditionOf(alert) {
    for (const kind of ["above", "below", "movePercent"]) {
        if (typeof alert[kind] === "string") return { [kind]: alert[kind] };
    }
    return {};
}

/** "At or above 150.00", "Moves 5% in a day": the API's words, capitalised. */
export function conditionText(alert) {
    const text = typeof alert.condition === "string" ? alert.condition : "";
    return text.charAt(0).toUpperCase() + text.slice(1);
}

/** An ISO 8601 time as the device says it, in a `<time>`. */
export function timeElement(iso) {
    return dates.timeElement(iso, dates.dateTime(iso));
}

/** Every alert, oldest first (`GET /api/v1/alerts`). */
export async function loadAlerts() {
    const body = await bourse.getJSON("/api/v1/alerts");
    return Array.isArray(body.alerts) ? body.alerts : [];
}

/** The alerts per symbol: `{AAPL: {count, fired}}`. */
export function countsBySymbol(alerts) {
    const counts = {};
    for (const alert of alerts) {
        const entry = counts[alert.symbol] || (counts[alert.symbol] = { count: 0, fired: 0 });
        entry.count += 1;
        if (alert.status === "fired") entry.fired += 1;
    }
    return counts;
}

/** One alert as a list item: what it watches (with the stock's link when `showSymbol`), its
 *  status, and its buttons. `changed()` runs after a remove or a re-arm, `failed(message)` when
 *  the API refused one. */
export function alertRow(alert, options) {
    const what = conditionText(alert);
    const label = (options.showSymbol ? alert.symbol + " " : "") + what.charAt(0).toLowerCase() + what.slice(1);
    const fired = alert.status === "fired";
    const status = fired
        ? bourse.el("span", { class: "alert-status fired" },
            bourse.el("span", { class: "alert-badge fired" }, "Fired"), " at ",
            bourse.el("span", { class: "num" }, marketFormat.price(alert.price)),
            alert.changePercent !== null && alert.changePercent !== undefined ? " (" + marketFormat.percent(alert.changePercent).text + ")" : null,
            ", ", timeElement(alert.firedAt))
        : bourse.el("span", { class: "alert-status" }, bourse.el("span", { class: "alert-badge" }, "Armed"), " waiting for the price");

    const buttons = bourse.el("span", { class: "alert-actions" });
    if (fired) {
        const rearm = bourse.el("button", { type: "button", class: "button secondary", "aria-label": "Re-arm the alert " + label }, "Re-arm");
        rearm.addEventListener("click", () => act(rearm, "PUT", conditionOf(alert)));
        buttons.append(rearm);
    }
    const remove = bourse.el("button", { type: "button", class: "icon-button remove", "aria-label": "Remove the alert " + label }, "✕");
    remove.addEventListener("click", () => act(remove, "DELETE"));
    buttons.append(remove);

    async function act(button, method, body) {
        button.disabled = true;
        try {
            await bourse.sendJSON(method, "/api/v1/alerts/" + encodeURIComponent(alert.id), body);
            options.changed();
        } catch (error) {
            button.disabled = false;
            options.failed(error.message);
        }
    }

    const title = options.showSymbol
        ? bourse.el("span", { class: "alert-what" },
            bourse.el("a", { href: "/stocks/" + encodeURIComponent(alert.symbol) }, alert.symbol), " ", what.charAt(0).toLowerCase() + what.slice(1))
        : bourse.el("span", { class: "alert-what" }, what);
    return bourse.el("li", { class: "alert-row", "data-alert-id": String(alert.id), "data-status": String(alert.status) },
        bourse.el("span", { class: "alert-text" }, title, status), buttons);
}
