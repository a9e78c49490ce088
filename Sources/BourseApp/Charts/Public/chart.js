import { LoadError } from "./bourse.js";
import * as dates from "./dates.js";

const SVG_NS = "http://www.w3.org/2000/svg";

/** The bars of `data-bars`: time|open|high|low|close|volume|y|x;... The time is a UTC instant for
 *  an intraday bar, a New York date for a daily one; `time` is it in the reader's style
 *  ("Fri, Nov 20, 10:35 AM ET", "Nov 20, 2026"), `at` as it came. */
function readBars(svg) {
    const text = svg.getAttribute("data-bars") || "";
    if (!text) return [];
    return text.split(";").map(function (row) {
        const f = row.split("|");
        const time = f[0].includes("T") ? dates.marketTime(f[0]) : dates.day(f[0]);
        return { at: f[0], time: time, open: f[1], high: f[2], low: f[3], close: f[4], volume: f[5], y: Number(f[6]), x: Number(f[7]) };
    });
}

/** 1234567.5 -> "1,234,567.5", on the text, so no digit is lost. */
function grouped(text) {
    const parts = String(text).split(".");
    parts[0] = parts[0].replace(/\B(?=(\d{3})+(?!\d))/g, ",");
    return parts.join(".");
}

function element(name, attributes, parent) {
    const node = document.createElementNS(SVG_NS, name);
    for (const key in attributes) node.setAttribute(key, attributes[key]);
    parent.appendChild(node);
    return node;
}

/** Writes the time axis's labels in the reader's style (`dates.js`), from what each stands for. */
function relabel(svg) {
    svg.querySelectorAll(".chart-labels text[data-at]").forEach(function (label) {
        label.textContent = dates.axisLabel(label.getAttribute("data-at"), label.getAttribute("data-unit"));
    });
}

/** Follows the pointer over `svg`, writing the bar under it into `readout` and telling
 *  `onScrub(bar, bars)` (the page's headline shows it); `onScrub(null)` when the finger lets go
 *  (the crosshair and readout stay on its bar), the mouse leaves or Escape is pressed (the
 *  headline is restored). */
export function attach(svg, readout, onScrub) {
    if (!svg || svg.__bourseChart) return;
    relabel(svg);
    const bars = readBars(svg);
    const plot = (svg.getAttribute("data-plot") || "").split(" ").map(Number);
    const band = Number(svg.getAttribute("data-band"));
    if (bars.length === 0 || plot.length !== 4 || !(band > 0) ||
        bars.some(function (bar) { return !Number.isFinite(bar.x); })) return;
    const [left, top, width, height] = plot;
    const group = element("g", { class: "chart-crosshair", "pointer-events": "none" }, svg);
    group.style.display = "none";
    const vertical = element("line", { y1: top, y2: top + height }, group);
    const horizontal = element("line", { x1: left, x2: left + width }, group);
    const dot = element("circle", { r: 3 }, group);
    let current = -1;
    svg.__bourseChart = true;
    if (!svg.hasAttribute("tabindex")) svg.setAttribute("tabindex", "0");

    function show(index) {
        index = Math.max(0, Math.min(bars.length - 1, index));
        current = index;
        const bar = bars[index];
        const x = bar.x;
        vertical.setAttribute("x1", x);
        vertical.setAttribute("x2", x);
        horizontal.setAttribute("y1", bar.y);
        horizontal.setAttribute("y2", bar.y);
        dot.setAttribute("cx", x);
        dot.setAttribute("cy", bar.y);
        group.style.display = "";
        if (readout) {
            readout.textContent = bar.time + " · O " + bar.open + " · H " + bar.high +
                " · L " + bar.low + " · C " + bar.close + " · Vol " + grouped(bar.volume);
        }
        if (onScrub) onScrub(bar, bars);
    }

    function hide() {
        if (current < 0 && group.style.display === "none") return;
        current = -1;
        group.style.display = "none";
        if (readout) readout.textContent = "";
        if (onScrub) onScrub(null, bars);
    }

    function indexAt(clientX, clientY) {
        const matrix = svg.getScreenCTM();
        if (!matrix) return -1;
        const point = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
        // The last bar whose band starts at or before the pointer (a session in progress: past
        // its last bar is that bar).
        let index = 0;
        while (index + 1 < bars.length && bars[index + 1].x - band / 2 <= point.x) index += 1;
        return index;
    }

    svg.addEventListener("pointermove", function (event) { show(indexAt(event.clientX, event.clientY)); });
    svg.addEventListener("pointerdown", function (event) { show(indexAt(event.clientX, event.clientY)); });
    svg.addEventListener("pointerleave", function (event) {
        if (event.pointerType === "mouse") hide();
    });
    // A finger that lets go gives the headline back; the crosshair and the readout stay on the
    // bar it left (a tap reads one bar).
    function release() {
        if (onScrub) onScrub(null, bars);
    }
    svg.addEventListener("pointerup", function (event) {
        if (event.pointerType !== "mouse") release();
    });
    svg.addEventListener("pointercancel", release);
    svg.addEventListener("keydown", function (event) {
        const steps = { ArrowLeft: -1, ArrowRight: 1, Home: -bars.length, End: bars.length };
        if (event.key === "Escape") { hide(); return; }
        if (!(event.key in steps)) return;
        event.preventDefault();
        show((current < 0 ? bars.length - 1 : current) + steps[event.key]);
    });
    svg.addEventListener("blur", hide);
}

/** The SVG of `text` (a chart from this app) as a node of this page, with nothing that could
 *  run: any script, foreign content or event handler is dropped. */
export function parseSVG(text) {
    const parsed = new DOMParser().parseFromString(text, "image/svg+xml");
    const root = parsed.documentElement;
    if (!root || root.namespaceURI !== SVG_NS || root.localName !== "svg" ||
        parsed.getElementsByTagName("parsererror").length > 0) {
        throw new LoadError(200, "The chart could not be read.");
    }
    root.querySelectorAll("script, foreignObject").forEach(function (node) { node.remove(); });
    for (const node of [root, ...root.querySelectorAll("*")]) {
        for (const attribute of Array.from(node.attributes)) {
            if (/^on/i.test(attribute.name)) node.removeAttribute(attribute.name);
        }
    }
    return document.importNode(root, true);
}
