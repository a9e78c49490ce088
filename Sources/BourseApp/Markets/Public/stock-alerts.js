import * as bourse from "./bourse.js";
import { alertRow, loadAlerts } from "./alert-list.js";

// "Alert me" on a stock's page: a form that sets an alert on the stock (at or above a price, at
// or below one, or a day's move of at least a percent) with POST /api/v1/alerts, and the stock's
// alerts, armed or fired, each with Remove (and Re-arm once fired). The API's refusal (400, 409)
// is shown as it says it.
function start() {
    const page = document.getElementById("page");
    const section = document.getElementById("alerts");
    if (!page || page.dataset.page !== "stock" || !section) return;
    const symbol = page.dataset.symbol;
    const form = bourse.byId("alert-form");
    const kind = bourse.byId("alert-kind");
    const value = bourse.byId("alert-value");
    const valueLabel = bourse.byId("alert-value-label");
    const error = bourse.byId("alert-error");
    const note = bourse.byId("alert-note");
    const rows = bourse.byId("alert-rows");
    const submit = form.querySelector("button[type=submit]");

    function fail(message) {
        error.textContent = message;
        error.hidden = false;
    }

    function kindChanged() {
        const percent = kind.value === "movePercent";
        valueLabel.textContent = percent ? "Percent" : "Price";
        value.placeholder = percent ? "5" : "";
    }

    async function refresh() {
        try {
            const alerts = (await loadAlerts()).filter((alert) => alert.symbol === symbol);
            rows.replaceChildren(...alerts.map((alert) => alertRow(alert, { showSymbol: false, changed: refresh, failed: fail })));
            note.textContent = alerts.length === 0 ? "No alert on " + symbol + " yet." : "";
        } catch (failure) {
            fail("The alerts can't be loaded: " + failure.message);
        }
    }

    form.addEventListener("submit", async (event) => {
        event.preventDefault();
        error.hidden = true;
        const text = value.value.trim();
        if (text === "") {
            fail(kind.value === "movePercent" ? "Enter a percent, like 5." : "Enter a price, like 150.00.");
            value.focus();
            return;
        }
        submit.disabled = true;
        try {
            const body = await bourse.sendJSON("POST", "/api/v1/alerts", { symbol: symbol, [kind.value]: text });
            value.value = "";
            await refresh();
            const alert = body.alert;
            note.textContent = alert && alert.status === "fired"
                ? "Set, and it fired at once: the last price already meets it."
                : "Set: you'll be told when it's met.";
            // Its notice is in the bell now: the bell counts it without waiting (bell.js).
            if (alert && alert.status === "fired") document.dispatchEvent(new CustomEvent("bourse:notice"));
        } catch (failure) {
            fail(failure.message);
            value.focus();
        } finally {
            submit.disabled = false;
        }
    });
    kind.addEventListener("change", kindChanged);

    kindChanged();
    section.hidden = false;
    refresh();
}
start();
