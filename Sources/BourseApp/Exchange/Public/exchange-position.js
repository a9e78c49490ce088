import * as bourse from "./bourse.js";
import { signed } from "./market-format.js";
import { $, state, setText, describe } from "./exchange-state.js";

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
        setText($("position-note"), "The position can't be loaded: " + describe(error)
            + (state.position ? " Showing the last one loaded." : " Bourse tries again in a few seconds."));
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

function signedCell(node, text) {
    const value = signed(text, 2);
    setText(node, text === null || text === undefined ? "—" : value.text);
    node.className = "num " + value.direction;
}

function drawPosition(position) {
    state.position = position;
    const quantity = typeof position.quantity === "number" ? position.quantity : 0;
    const shares = $("pos-quantity");
    shares.dataset.quantity = String(quantity);
    setText(shares, quantity === 0 ? "0 (none held)" : quantity > 0 ? quantity + " (long)" : "\u2212" + (-quantity) + " (short)");
    setText($("pos-average"), position.averageCost || "—");
    setText($("pos-cost"), position.costBasis || "—");
    setText($("pos-mark"), position.markPrice || "—");
    setText($("pos-value"), position.marketValue || "—");
    signedCell($("pos-unrealized"), position.unrealizedPnL);
    signedCell($("pos-realized"), position.realizedPnL);
    $("position").removeAttribute("aria-busy");
    setText($("position-note"), quantity === 0
        ? "You hold no shares. Capital is unlimited; a sale without shares opens a short position."
        : "Valued at the last trade" + (position.markPrice ? ", " + position.markPrice : "") + ". Gains show “+”, losses “−”.");
}
