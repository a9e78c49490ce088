import * as bourse from "./bourse.js";
import { compareDecimals } from "./market-format.js";
import {
    $, SVG_NS, MAX_POINTS, MAX_LATENCIES, LEVELS, state, setText, subtract, markData, renderBadge, setFeedState, setSource,
    setSymbol, clock
} from "./exchange-state.js";
import { offerPrices } from "./exchange-ticket.js";
import { setMarket } from "./exchange-market.js";

// ---- The chart: the last trade prices, one point per trade, drawn as SVG. ----

export const chartBox = $("ex-chart");
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

export function measureChart() {
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

let latencyMarks = 0;

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
    // Offered as taps ("Use ask 138.85"): live data never writes a field (SPEC.md §12).
    offerPrices();
}

function drawLast(last) {
    if (!last || typeof last.price !== "string") return;
    if (state.lastPrice !== null && last.price !== state.lastPrice) {
        state.direction = compareDecimals(last.price, state.lastPrice) > 0 ? "up" : "down";
    }
    state.lastPrice = last.price;
    offerPrices();
    const price = $("last-price");
    setText(price, last.price);
    price.className = "ex-last-price " + state.direction;
    setText($("last-size"), typeof last.size === "number" ? "× " + last.size : "");
}

export function onTick(tick) {
    if (tick.last) addPoint(tick.last.price, tick.time);
    drawBook(tick);
    drawLast(tick.last);
    drawChart();
    if (typeof tick.seq === "number") document.body.dataset.lastSeq = tick.seq;
    // The tick's latency, for scripts/tick-latency.py: a performance mark whose detail is the
    // milliseconds from the tick's time to now (the last MAX_LATENCIES are kept).
    const sent = Date.parse(tick.time);
    if (!isNaN(sent)) {
        performance.mark("bourse-tick", { detail: Date.now() - sent });
        latencyMarks += 1;
        if (latencyMarks > MAX_LATENCIES) {
            performance.clearMarks("bourse-tick");
            latencyMarks = 0;
        }
    }
    markData();
}

export function onSnapshot(message) {
    setSymbol(message.symbol);
    setSource(message.source);
    setFeedState(message);
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
export async function loadBook() {
    try {
        const book = await bourse.getJSON("/api/v1/book", 15000);
        setSymbol(book.symbol);
        if (!state.source) setSource(book.source);
        if (state.hasData) return;
        setMarket(book.market);
        drawBook(book);
        drawLast(book.last);
        markData();
    } catch (error) {
        // The socket reports the exchange's state; this was only a head start.
    }
}
