"use strict";
(function () {
    const B = window.Bourse;
    const M = window.BourseMarkets;
    const page = document.getElementById("page");
    if (!page || page.dataset.page !== "exchange") return;
    const $ = B.byId;

    const MAX_POINTS = 300;
    const MAX_LATENCIES = 10000;
    const LEVELS = 10;
    const SVG_NS = "http://www.w3.org/2000/svg";
    const FINAL = ["FILLED", "CANCELLED", "REJECTED"];
    const STATUS_WORDS = {
        PENDING: "Pending", PARTIALLY_FILLED: "Partly filled", FILLED: "Filled",
        CANCELLED: "Cancelled", REJECTED: "Rejected"
    };
    const FEED_WORDS = { connecting: "Connecting…", live: "Live", stale: "Stale", reconnecting: "Reconnecting…" };
    const FEED_NOTES = {
        connecting: "Connecting to the feed…",
        stale: "The feed has gone quiet: the book and chart show the last tick received, and orders match only when ticks come again.",
        reconnecting: "The exchange lost its feed: the book and chart show the last tick received, and no order matches until the feed is back."
    };
    const PAGE_OFFLINE = "This page lost its connection to Bourse: the book and chart show the last tick received.";

    const latencies = window.bourseTickLatencies = window.bourseTickLatencies || [];

    const state = {
        socket: null, socketOpen: false, everOpened: false, attempts: 0, retryTimer: null, retryAt: 0,
        feedState: "connecting", source: null, symbol: null, hasData: false,
        book: null, points: [], lastPrice: null, direction: "flat",
        orders: new Map(), ordersLoaded: false, seenNotices: new Set(), cancelling: new Set(),
        side: "buy", type: "market", autoPrice: false, submitting: false,
        position: null, positionTimer: null, positionRequest: 0
    };

    function setText(node, text) {
        if (node.textContent !== text) node.textContent = text;
    }

    // ---- Exact decimals (the spread), as text and BigInt: never floating point. ----

    function decimalScaled(text, places) {
        const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(String(text));
        if (!match) return null;
        const fraction = (match[3] || "").padEnd(places, "0");
        return (match[1] ? -1n : 1n) * BigInt(match[2] + fraction);
    }

    function placesOf(text) {
        const dot = String(text).indexOf(".");
        return dot < 0 ? 0 : String(text).length - dot - 1;
    }

    /** `a - b`, exactly, with the larger number of decimals of the two; null if either is no decimal. */
    function subtract(a, b) {
        const places = Math.max(placesOf(a), placesOf(b));
        const x = decimalScaled(a, places), y = decimalScaled(b, places);
        if (x === null || y === null) return null;
        let difference = x - y;
        const negative = difference < 0n;
        if (negative) difference = -difference;
        const digits = difference.toString().padStart(places + 1, "0");
        const text = places === 0 ? digits : digits.slice(0, -places) + "." + digits.slice(-places);
        return (negative ? "-" : "") + text;
    }

    // ---- Loading, errors, the feed badge. ----

    function markData() {
        if (state.hasData) return;
        state.hasData = true;
        B.showLoaded();
    }

    function shownFeedState() {
        if (state.socketOpen) return state.feedState;
        return state.everOpened ? "reconnecting" : "connecting";
    }

    function renderBadge() {
        const shown = shownFeedState();
        const badge = $("feed-badge");
        badge.dataset.state = shown;
        page.dataset.feed = shown;
        setText(badge, FEED_WORDS[shown] || shown);
        const note = $("feed-note");
        let text = shown === "live" ? "" : (FEED_NOTES[shown] || "");
        if (!state.socketOpen && state.retryTimer !== null) {
            const seconds = Math.max(1, Math.round((state.retryAt - Date.now()) / 1000));
            text = (state.everOpened ? PAGE_OFFLINE : "The exchange can't be reached yet.")
                + " Trying again in " + seconds + " s.";
        }
        setText(note, text);
        note.hidden = text === "";
    }

    function setSource(source) {
        if (typeof source !== "string") return;
        state.source = source;
        const label = $("sim-label");
        label.hidden = source !== "simulated";
        label.title = source === "simulated" ? "The feed is Bourse's own simulator, not a real market." : "";
    }

    function setSymbol(symbol) {
        if (typeof symbol !== "string" || symbol === "" || symbol === state.symbol) return;
        state.symbol = symbol;
        setText($("ex-symbol"), symbol);
        document.title = symbol + " · Exchange · Bourse";
    }

    // ---- The chart: the last trade prices, one point per trade, drawn as SVG. ----

    const chartBox = $("ex-chart");
    const chart = (function build() {
        function node(name, attributes, parent) {
            const element = document.createElementNS(SVG_NS, name);
            for (const key in attributes) element.setAttribute(key, attributes[key]);
            parent.appendChild(element);
            return element;
        }
        const svg = node("svg", { class: "ex-chart-svg", role: "img", "aria-label": "Price chart: no trades yet", preserveAspectRatio: "none" }, chartBox);
        const grid = node("g", { class: "ex-grid" }, svg);
        const top = node("line", {}, grid), bottom = node("line", {}, grid);
        const area = node("path", { class: "ex-area" }, svg);
        const line = node("polyline", { class: "ex-line" }, svg);
        const lastLine = node("line", { class: "ex-last-line" }, svg);
        const dot = node("circle", { class: "ex-dot", r: 3.5 }, svg);
        const labels = node("g", { class: "ex-labels" }, svg);
        const high = node("text", { "text-anchor": "end" }, labels);
        const low = node("text", { "text-anchor": "end" }, labels);
        const start = node("text", { "text-anchor": "start" }, labels);
        const end = node("text", { "text-anchor": "end" }, labels);
        const pill = node("g", { class: "ex-pill" }, svg);
        const pillBox = node("rect", { rx: 4, height: 20 }, pill);
        const pillText = node("text", { "text-anchor": "end" }, pill);
        return { svg, top, bottom, area, line, lastLine, dot, high, low, start, end, pill, pillBox, pillText, width: 0, height: 0 };
    })();

    function measureChart() {
        const width = Math.max(200, Math.round(chartBox.clientWidth));
        const height = Math.max(140, Math.round(chartBox.clientHeight));
        if (width === chart.width && height === chart.height) return;
        chart.width = width;
        chart.height = height;
        chart.svg.setAttribute("viewBox", "0 0 " + width + " " + height);
        chart.svg.setAttribute("width", width);
        chart.svg.setAttribute("height", height);
        drawChart();
    }

    function clock(iso) {
        const time = new Date(iso);
        if (isNaN(time.getTime())) return "";
        return time.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" });
    }

    function addPoint(price, time) {
        const value = Number(price);
        if (typeof price !== "string" || !isFinite(value)) return;
        state.points.push({ price, value, time });
        if (state.points.length > MAX_POINTS) state.points.splice(0, state.points.length - MAX_POINTS);
    }

    function drawChart() {
        const points = state.points;
        const { width, height } = chart;
        if (width === 0) return;
        if (points.length === 0) {
            chart.svg.classList.add("empty");
            return;
        }
        chart.svg.classList.remove("empty");
        const left = 8, right = width - 72, top = 14, bottom = height - 24;
        let min = points[0], max = points[0];
        for (const point of points) {
            if (point.value < min.value) min = point;
            if (point.value > max.value) max = point;
        }
        const span = max.value - min.value;
        const pad = span > 0 ? span * 0.08 : Math.max(Math.abs(max.value) * 0.001, 0.01);
        const low = min.value - pad, high = max.value + pad;
        const y = function (value) { return bottom - (value - low) / (high - low) * (bottom - top); };
        const step = points.length > 1 ? (right - left) / (points.length - 1) : 0;
        let text = "";
        for (let i = 0; i < points.length; i++) {
            text += (points.length > 1 ? left + i * step : right).toFixed(1) + "," + y(points[i].value).toFixed(1) + " ";
        }
        chart.line.setAttribute("points", text);
        const first = points.length > 1 ? left : right;
        chart.area.setAttribute("d", "M" + first + "," + bottom + " L" + text.trim().split(" ").join(" L") + " L" + right + "," + bottom + " Z");
        for (const [lineNode, value] of [[chart.top, max.value], [chart.bottom, min.value]]) {
            const at = y(value).toFixed(1);
            lineNode.setAttribute("x1", left); lineNode.setAttribute("x2", right);
            lineNode.setAttribute("y1", at); lineNode.setAttribute("y2", at);
        }
        const last = points[points.length - 1];
        const lastY = y(last.value);
        chart.lastLine.setAttribute("x1", left); chart.lastLine.setAttribute("x2", width - 4);
        chart.lastLine.setAttribute("y1", lastY.toFixed(1)); chart.lastLine.setAttribute("y2", lastY.toFixed(1));
        chart.dot.setAttribute("cx", right); chart.dot.setAttribute("cy", lastY.toFixed(1));
        // The current price in a pill on the right; the high and low labels give way to it.
        const pillY = Math.min(Math.max(lastY, top), bottom);
        chart.pillBox.setAttribute("x", width - 68); chart.pillBox.setAttribute("width", 66);
        chart.pillBox.setAttribute("y", (pillY - 10).toFixed(1));
        setText(chart.pillText, last.price);
        chart.pillText.setAttribute("x", width - 6); chart.pillText.setAttribute("y", (pillY + 4).toFixed(1));
        chart.pill.setAttribute("class", "ex-pill " + state.direction);
        const highY = y(max.value), lowY = y(min.value);
        setText(chart.high, max.price);
        chart.high.setAttribute("x", width - 6); chart.high.setAttribute("y", (highY + 4).toFixed(1));
        chart.high.style.visibility = Math.abs(highY - pillY) < 20 ? "hidden" : "visible";
        setText(chart.low, min.price);
        chart.low.setAttribute("x", width - 6); chart.low.setAttribute("y", (lowY + 4).toFixed(1));
        chart.low.style.visibility = Math.abs(lowY - pillY) < 20 || min === max ? "hidden" : "visible";
        setText(chart.start, clock(points[0].time));
        chart.start.setAttribute("x", left); chart.start.setAttribute("y", height - 6);
        setText(chart.end, clock(last.time));
        chart.end.setAttribute("x", right); chart.end.setAttribute("y", height - 6);
        chart.svg.setAttribute("aria-label", "Price chart of the last " + points.length + " trades: low " + min.price
            + ", high " + max.price + ", last " + last.price);
        const status = $("ex-chart-status");
        if (status.textContent !== "") status.textContent = "";
        setText($("chart-caption"), "last " + points.length + (points.length === 1 ? " trade" : " trades"));
    }

    // ---- The book, the last trade and the latency of each tick. ----

    const bookRows = Array.from($("book-rows").rows).map(function (row) {
        return { row, bidSize: row.cells[0], bid: row.cells[1], ask: row.cells[2], askSize: row.cells[3], bidDepth: "", askDepth: "" };
    });

    function levels(side) {
        if (!Array.isArray(side)) return [];
        return side.filter(function (level) {
            return Array.isArray(level) && typeof level[0] === "string" && typeof level[1] === "number";
        }).slice(0, LEVELS);
    }

    function drawBook(tick) {
        const bids = levels(tick.bids), asks = levels(tick.asks);
        let bidTotal = 0, askTotal = 0;
        for (const level of bids) bidTotal += level[1];
        for (const level of asks) askTotal += level[1];
        const deepest = Math.max(bidTotal, askTotal, 1);
        let bidSoFar = 0, askSoFar = 0;
        for (let i = 0; i < LEVELS; i++) {
            const cells = bookRows[i], bid = bids[i], ask = asks[i];
            if (bid) bidSoFar += bid[1];
            if (ask) askSoFar += ask[1];
            setText(cells.bidSize, bid ? String(bid[1]) : "");
            setText(cells.bid, bid ? bid[0] : "");
            setText(cells.ask, ask ? ask[0] : "");
            setText(cells.askSize, ask ? String(ask[1]) : "");
            const bidDepth = bid ? (bidSoFar / deepest * 100).toFixed(1) + "%" : "0%";
            const askDepth = ask ? (askSoFar / deepest * 100).toFixed(1) + "%" : "0%";
            if (bidDepth !== cells.bidDepth) { cells.row.style.setProperty("--bid-depth", bidDepth); cells.bidDepth = bidDepth; }
            if (askDepth !== cells.askDepth) { cells.row.style.setProperty("--ask-depth", askDepth); cells.askDepth = askDepth; }
        }
        setText($("best-bid"), bids[0] ? bids[0][0] : "none");
        setText($("best-bid-size"), bids[0] ? "× " + bids[0][1] : "");
        setText($("best-ask"), asks[0] ? asks[0][0] : "none");
        setText($("best-ask-size"), asks[0] ? "× " + asks[0][1] : "");
        const spread = bids[0] && asks[0] ? subtract(asks[0][0], bids[0][0]) : null;
        setText($("spread"), spread === null ? "—" : spread);
        state.book = { bids, asks };
        if (state.type === "limit") {
            setText($("price-hint"), (asks[0] ? "Best ask " + asks[0][0] : "No asks") + " · " + (bids[0] ? "best bid " + bids[0][0] : "no bids"));
            if (state.autoPrice === false && $("limit-price").value === "") prefillPrice();
        }
    }

    function drawLast(last) {
        if (!last || typeof last.price !== "string") return;
        if (state.lastPrice !== null && last.price !== state.lastPrice) {
            state.direction = M.compareDecimals(last.price, state.lastPrice) > 0 ? "up" : "down";
        }
        state.lastPrice = last.price;
        const price = $("last-price");
        setText(price, last.price);
        price.className = "ex-last-price " + state.direction;
        setText($("last-size"), typeof last.size === "number" ? "× " + last.size : "");
    }

    function onTick(tick) {
        if (tick.last) addPoint(tick.last.price, tick.time);
        drawBook(tick);
        drawLast(tick.last);
        drawChart();
        if (typeof tick.seq === "number") document.body.dataset.lastSeq = tick.seq;
        const sent = Date.parse(tick.time);
        if (!isNaN(sent)) {
            latencies.push(Date.now() - sent);
            if (latencies.length > MAX_LATENCIES) latencies.splice(0, latencies.length - MAX_LATENCIES);
        }
        markData();
    }

    function onSnapshot(message) {
        setSymbol(message.symbol);
        setSource(message.source);
        if (typeof message.state === "string") state.feedState = message.state;
        renderBadge();
        state.points = [];
        for (const trade of Array.isArray(message.trades) ? message.trades : []) {
            if (trade) addPoint(trade.price, trade.time);
        }
        if (state.points.length > 0) {
            const last = state.points[state.points.length - 1];
            drawLast({ price: last.price });
        }
        if (message.book) {
            drawBook(message.book);
            drawLast(message.book.last);
            if (typeof message.book.seq === "number") document.body.dataset.lastSeq = message.book.seq;
        }
        drawChart();
        markData();
    }

    /** The REST book: shown only until the socket's snapshot (the last good data if the socket can't connect). */
    async function loadBook() {
        try {
            const book = await B.getJSON("/api/v1/book", 15000);
            setSymbol(book.symbol);
            if (!state.source) setSource(book.source);
            if (state.hasData) return;
            drawBook(book);
            drawLast(book.last);
            markData();
        } catch (error) {
            // The socket reports the exchange's state; this was only a head start.
        }
    }

    // ---- The WebSocket: snapshot, ticks, state, order events; reconnects with backoff. ----

    function socketURL() {
        return (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/exchange/ws";
    }

    function connect() {
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
            case "snapshot": state.attempts = 0; onSnapshot(message); break;
            case "state": state.feedState = String(message.state); renderBadge(); break;
            case "order": onOrderEvent(message); break;
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
            B.showError("The exchange can't be reached: the live feed did not connect. Bourse keeps trying; "
                + "check that the server is running.", reconnectNow);
        }
    }

    function reconnectNow() {
        state.attempts = 0;
        B.showLoading("Connecting to the exchange…");
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

    function mergeOrder(order) {
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
    function notify(order, notice) {
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

    function onOrderEvent(message) {
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

    function sideWord(side) {
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

    function renderOrders() {
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

    async function loadOrders() {
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

    function describe(error) {
        if (!(error instanceof B.LoadError) || error.status === 0) return error.message;
        if (error.status >= 500) return "the exchange failed (HTTP " + error.status + "): " + error.message;
        return error.message;
    }

    /** POST or DELETE with a JSON answer; throws a LoadError with the server's `error` message. */
    async function send(method, url, body) {
        const controller = new AbortController();
        const timer = setTimeout(function () { controller.abort(); }, 15000);
        let response;
        try {
            response = await fetch(url, {
                method, signal: controller.signal,
                headers: body === undefined ? { Accept: "application/json" } : { Accept: "application/json", "Content-Type": "application/json" },
                body: body === undefined ? undefined : JSON.stringify(body)
            });
        } catch (error) {
            clearTimeout(timer);
            throw new B.LoadError(0, error.name === "AbortError"
                ? "The server did not answer in time, so the order's fate is unknown: check Open orders and Order history before trying again."
                : "The Bourse server can't be reached, so nothing was sent. Check the connection and try again.");
        }
        let answer = null;
        try {
            answer = await response.json();
        } catch (error) {
            answer = null;
        } finally {
            clearTimeout(timer);
        }
        if (!response.ok) {
            throw new B.LoadError(response.status, answer && typeof answer.error === "string" ? answer.error : response.statusText || "HTTP " + response.status);
        }
        if (answer === null) throw new B.LoadError(response.status, "The server's answer could not be read.");
        return answer;
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

    // ---- The position. ----

    function refreshPosition() {
        clearTimeout(state.positionTimer);
        state.positionTimer = setTimeout(loadPosition, 150);
    }

    async function loadPosition() {
        clearTimeout(state.positionTimer);
        const request = ++state.positionRequest;
        let position;
        try {
            position = await B.getJSON("/api/v1/position", 15000);
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
        const value = M.signed(text, 2);
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

    function updateTicket() {
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
    function prefillPrice() {
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

    // ---- Start: the shell is up; everything else arrives as it comes. ----

    new ResizeObserver(measureChart).observe(chartBox);
    measureChart();
    updateTicket();
    renderBadge();
    B.showLoading("Connecting to the exchange…");
    connect();
    loadBook();
    loadOrders();
    loadPosition();
})();