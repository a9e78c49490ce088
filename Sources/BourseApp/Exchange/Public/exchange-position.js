import * as bourse from "./bourse.js";
import { signed } from "./market-format.js";
import { $, state, setText, describe } from "./exchange-state.js";
import { moneyText } from "./exchange-ticket-rules.js";

// ---- The position. ----

export function refreshPosition() {
    clearTimeout(state.positionTimer);
    state.positionTimer = setTimeout(loadPosition, 150);
}

export async function loadPosition() {
    clearTimeout(state.positionTimer);
    const request = ++state.positionRequest;
    let position;
    try {
        position = await bourse.getJSON("/api/v1/position", 15000);
    } catch (error) {
        if (request !== state.positionRequest) return;
        const why = describe(error) + (state.position ? " Showing the last one loaded." : " Bourse tries again in a few seconds.");
        setText($("position-note"), "The position can't be loaded: " + why);
        if ($("cash-note")) setText($("cash-note"), "The account can't be loaded: " + why);
        state.positionTimer = setTimeout(loadPosition, 5000);
        return;
    }
    if (request !== state.positionRequest) return;
    drawPosition(position);
    // The unrealized P&L follows the market: asked again every few seconds while there are shares.
    if (position.quantity !== 0 && document.visibilityState === "visible") {
        state.positionTimer = setTimeout(loadPosition, 3000);
    }
}

/** A P&L of the API ("-1234.50") in the account summary's money, with the sign a gain or a loss
 *  shows ("−$1,234.50", "+$7.40", "$0.00"), coloured by its direction. */
function signedCell(node, text) {
    const value = signed(text, 2);
    const sign = value.direction === "up" ? "+" : value.direction === "down" ? "\u2212" : "";
    setText(node, value.direction === "none" ? "—" : sign + money(String(text).replace(/^[-+]/, "")));
    node.className = "num " + value.direction;
}

function drawPosition(position) {
    state.position = position;
    const quantity = typeof position.quantity === "number" ? position.quantity : 0;
    const shares = $("pos-quantity");
    shares.dataset.quantity = String(quantity);
    setText(shares, quantity === 0 ? "0 (none held)" : quantity > 0 ? quantity + " (long)" : "\u2212" + (-quantity) + " (short)");
    setText($("pos-average"), position.averageCost || "—");
    // Money as the account summary writes it ("$93,044.50"); the prices per share as the book does.
    setText($("pos-cost"), money(position.costBasis));
    setText($("pos-mark"), position.markPrice || "—");
    setText($("pos-value"), money(position.marketValue));
    signedCell($("pos-unrealized"), position.unrealizedPnL);
    signedCell($("pos-realized"), position.realizedPnL);
    $("position").removeAttribute("aria-busy");
    const cash = position.cash && typeof position.cash === "object" ? position.cash : null;
    setText($("position-note"), quantity === 0
        ? (cash ? "You hold no shares. Selling needs shares you hold: no short selling."
            : "You hold no shares. Capital is unlimited; a sale without shares opens a short position.")
        : "Valued at the last trade" + (position.markPrice ? ", " + position.markPrice : "") + ". Gains show “+”, losses “−”.");
    drawCash(cash);
}

/** A money string of the API ("99876.50": two places, exact) as "$99,876.50"; "—" for none. */
export function money(text) {
    const match = typeof text === "string" ? /^(-?)(\d+)\.(\d{2})$/.exec(text) : null;
    return match ? moneyText(BigInt(match[1] + match[2] + match[3])) : "—";
}

/** The account summary, when the server gives accounts cash (the page draws it only then): cash,
 *  buying power, position value and equity, with the API's exact text in `data-value`. */
function drawCash(cash) {
    const section = $("cash-section");
    if (!section) return;
    section.hidden = cash === null;
    if (cash === null) return;
    const cells = {
        "cash-cash": cash.cash, "cash-buying-power": cash.buyingPower,
        "cash-position-value": cash.positionValue, "cash-equity": cash.equity
    };
    for (const id of Object.keys(cells)) {
        const cell = $(id);
        setText(cell, money(cells[id]));
        cell.dataset.value = typeof cells[id] === "string" ? cells[id] : "";
    }
    $("cash-summary").removeAttribute("aria-busy");
    const reserved = cash.buyingPower !== cash.cash;
    setText($("cash-note"), "Started with " + money(cash.startingCash) + ". "
        + (reserved ? "Your open buys hold back the difference between cash and buying power."
            : "Buying power is your cash less what open buys hold back."));
}
