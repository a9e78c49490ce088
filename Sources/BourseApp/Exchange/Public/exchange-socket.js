import * as bourse from "./bourse.js";
import { state, renderBadge, setFeedState } from "./exchange-state.js";
import { onTick, onSnapshot, loadBook } from "./exchange-chart.js";
import { onOrderEvent, onTrailMove, loadOrders } from "./exchange-orders.js";
import { refreshPosition } from "./exchange-position.js";
import { setMarket } from "./exchange-market.js";

// ---- The WebSocket: snapshot, ticks, state, market hours, order events; reconnects with backoff. ----

function socketURL() {
    return (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/exchange/ws";
}

export function connect() {
    clearTimeout(state.retryTimer);
    state.retryTimer = null;
    if (state.socket) return;
    let socket;
    try {
        socket = new WebSocket(socketURL());
    } catch (error) {
        scheduleReconnect();
        return;
    }
    state.socket = socket;
    renderBadge();
    socket.onopen = function () {
        if (socket !== state.socket) return;
        const reconnected = state.everOpened;
        state.socketOpen = true;
        state.everOpened = true;
        state.feedState = "connecting";
        renderBadge();
        // Order events sent while the page was away are caught up by asking again.
        if (reconnected) { loadOrders(); refreshPosition(); }
    };
    socket.onmessage = function (event) {
        if (socket !== state.socket) return;
        let message;
        try {
            message = JSON.parse(event.data);
        } catch (error) {
            return;
        }
        if (!message || typeof message !== "object") return;
        switch (message.type) {
        case "tick": onTick(message); break;
        case "snapshot": state.attempts = 0; state.live = true; setMarket(message.market); onSnapshot(message); break;
        case "state": setFeedState(message); renderBadge(); break;
        case "market": setMarket(message.market); break;
        case "order": onOrderEvent(message); break;
        case "trail": onTrailMove(); break;
        default: break;
        }
    };
    socket.onclose = function () {
        if (socket !== state.socket) return;
        state.socket = null;
        state.socketOpen = false;
        scheduleReconnect();
    };
    socket.onerror = function () { /* a close follows */ };
}

function scheduleReconnect() {
    state.attempts += 1;
    const delay = Math.min(10000, 500 * Math.pow(2, state.attempts - 1)) * (0.75 + Math.random() * 0.5);
    state.retryAt = Date.now() + delay;
    state.retryTimer = setTimeout(connect, delay);
    renderBadge();
    if (!state.hasData && state.attempts >= 3) {
        bourse.showError("The exchange can't be reached: the live feed did not connect. Bourse keeps trying; "
            + "check that the server is running.", reconnectNow);
    }
}

function reconnectNow() {
    state.attempts = 0;
    bourse.showLoading("Connecting to the exchange…");
    connect();
    loadBook();
}

// The countdown in the note, once a second while waiting to reconnect.
setInterval(function () { if (state.retryTimer !== null) renderBadge(); }, 1000);
window.addEventListener("online", function () { if (!state.socket) connect(); });
document.addEventListener("visibilitychange", function () {
    if (document.visibilityState !== "visible") return;
    if (!state.socket) connect();
    refreshPosition();
});
