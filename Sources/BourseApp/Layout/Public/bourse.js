import * as dates from "./dates.js";

/** A failed load: `status` is the HTTP status (0 when the server was not reached, `timedOut`
 *  when it did not answer within the time limit). `onItsWay`: not a failure, the answer is on
 *  its way from the market data source (a slow or rate-limited source; the server says why in
 *  `message`) and is worth asking for again after `retryAfter` seconds. */
export class LoadError extends Error {
    constructor(status, message, timedOut, response) {
        super(message);
        this.status = status;
        this.timedOut = !!timedOut;
        const headers = response && response.headers;
        this.onItsWay = !!headers && status === 503 && headers.get("Bourse-On-Its-Way") === "1";
        const seconds = headers ? parseInt(headers.get("Retry-After") || "", 10) : NaN;
        this.retryAfter = Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
    }

    /** Why the answer is still on its way, in the server's words (the part in brackets):
     *  "Massive's free tier allows 5 requests a minute"; null when it is not on its way. */
    get onItsWayReason() {
        if (!this.onItsWay) return null;
        const match = /\(([^)]+)\)/.exec(this.message);
        return match ? match[1] : "the market data source is slow";
    }

    /** How long to wait before asking again for an answer on its way: its Retry-After, 2 to 30 s. */
    get retryDelayMs() {
        return Math.min(30, Math.max(2, this.retryAfter === null ? 5 : this.retryAfter)) * 1000;
    }
}

/** GET `url` as JSON; throws a LoadError carrying the server's `error` message. A
 *  `background` load (a refresh nobody asked for) tells the server so (RFC 9218
 *  `Priority: u=6`): its market requests wait behind the ones people are waiting for. A
 *  `signal` that aborts (a newer request takes over) rejects with its AbortError, not a
 *  LoadError; `timeoutMs` Infinity waits as long as the browser does. */
export function getJSON(url, timeoutMs, background, signal) {
    return sendJSON("GET", url, undefined, timeoutMs, background, signal);
}

/** GET `url` as text (a chart's SVG), asking for the `accept` type; the rules of getJSON, but a
 *  failure reading the answer is a LoadError like a failure reaching the server (0, or
 *  `timedOut`), and any status's text is returned. */
export function getText(url, accept, timeoutMs, background, signal) {
    return request("GET", url, undefined, { accept, timeoutMs, background, signal, text: true });
}

/** `method` `url` with `payload` (sent as JSON when given); the answer as JSON (null for a 204,
 *  which has none), or a LoadError carrying the server's `error` message. */
export function sendJSON(method, url, payload, timeoutMs, background, signal) {
    return request(method, url, payload, { timeoutMs, background, signal });
}

/** Every request of the pages: getJSON, getText and sendJSON. */
async function request(method, url, payload, options) {
    const controller = new AbortController();
    const timeoutMs = options.timeoutMs;
    const timer = timeoutMs === Infinity ? null : setTimeout(() => controller.abort(), timeoutMs || 30000);
    const signal = options.signal;
    if (signal) {
        if (signal.aborted) controller.abort();
        else signal.addEventListener("abort", () => controller.abort(), { once: true });
    }
    // The caller's abort is the caller's AbortError; the time limit's, a LoadError.
    const failed = (error) => {
        if (signal && signal.aborted) return error;
        if (error.name === "AbortError") {
            return new LoadError(0, "The server took too long to answer. Try again in a moment.", true);
        }
        return new LoadError(0, "The Bourse server can't be reached. Check that it is running and your connection, then try again.");
    };
    const headers = { Accept: options.accept || "application/json" };
    if (options.background) headers.Priority = "u=6";
    if (payload !== undefined) headers["Content-Type"] = "application/json";
    let response;
    try {
        response = await fetch(url, {
            method: method, headers: headers, signal: controller.signal,
            body: payload === undefined ? undefined : JSON.stringify(payload),
        });
    } catch (error) {
        clearTimeout(timer);
        throw failed(error);
    }
    if (options.text) {
        let text;
        try {
            text = await response.text();
        } catch (error) {
            throw failed(error);
        } finally {
            clearTimeout(timer);
        }
        if (!response.ok) {
            let body = null;
            try { body = JSON.parse(text); } catch (error) { /* not JSON */ }
            throw new LoadError(response.status, errorMessage(response, body), false, response);
        }
        return text;
    }
    if (response.status === 204) {
        clearTimeout(timer);
        return null;
    }
    let body = null;
    try {
        body = await response.json();
    } catch (error) {
        body = null;
    } finally {
        clearTimeout(timer);
    }
    if (!response.ok) {
        throw new LoadError(response.status, errorMessage(response, body), false, response);
    }
    if (body === null) {
        throw new LoadError(response.status, "The server's answer could not be read.");
    }
    return body;
}

/** A failed answer's words: the server's `error`, else its status. */
function errorMessage(response, body) {
    return body && typeof body.error === "string" ? body.error : response.statusText || "HTTP " + response.status;
}

/** The words for a failed load, by what went wrong; the same for every page but for whose data it is.
 *  `words.source` is where the data comes from ("The market data source"), `words.unsaved` what is
 *  not kept to fall back on ("no earlier prices are saved"), `words.answer` what it sends ("an
 *  answer"). A service of Bourse's own (the exchange) is named by `words.service` instead: a
 *  server failure is its failure (a sentence's middle, lower case), any other answer is its own
 *  words, as is the service worker's offline answer. Not a LoadError, or no server reached: the
 *  error's own message. */
export function describeLoadError(error, words) {
    if (!(error instanceof LoadError) || error.status === 0) return error.message;
    if (words.service) {
        // The app's service worker, offline: it says itself that nothing was sent.
        if (error.status === 503 && error.message.startsWith("You are offline")) return error.message;
        if (error.status >= 500) return words.service + " failed (HTTP " + error.status + "): " + error.message;
        return error.message;
    }
    if (error.status === 503) {
        return words.source + " can't be reached, and " + words.unsaved + ". Try again in a moment. (" + error.message + ")";
    }
    if (error.status === 502) return words.source + " sent " + words.answer + " that can't be used: " + error.message;
    return "Something went wrong (HTTP " + error.status + "): " + error.message;
}

/** `url` when it is a path of this app ("/stocks/AAPL": one "/" first, and this origin once
 *  resolved), else null: only such a path is a link (never another site, whatever the server
 *  stored). The service worker (sw.js) keeps a copy: see there. */
export function appPath(url) {
    if (typeof url !== "string" || !url.startsWith("/") || url.startsWith("//") || url.startsWith("/\\")) return null;
    try {
        return new URL(url, location.origin).origin === location.origin ? url : null;
    } catch (error) {
        return null;
    }
}

/** A new element with attributes and children (strings become text nodes). */
export function el(tag, attributes, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
        if (value !== null && value !== undefined) node.setAttribute(name, value);
    }
    for (const child of children) {
        if (child === null || child === undefined) continue;
        node.append(typeof child === "string" ? document.createTextNode(child) : child);
    }
    return node;
}

export function byId(id) {
    return document.getElementById(id);
}

/** Shows the loading state with `message`, hiding any error. */
export function showLoading(message) {
    const status = byId("status");
    if (message) byId("status-text").textContent = message;
    status.hidden = false;
    byId("error").hidden = true;
}

/** Hides the loading state once the data is shown. */
export function showLoaded() {
    byId("status").hidden = true;
    byId("error").hidden = true;
}

/** Shows `message` in the error state; its Try again button calls `retry`. */
export function showError(message, retry) {
    byId("status").hidden = true;
    const error = byId("error");
    byId("error-text").textContent = message;
    const button = byId("retry");
    button.hidden = !retry;
    button.onclick = retry || null;
    error.hidden = false;
}

const sourceNames = {
    simulated: "Simulated market",
    embedded: "Sample data",
    polygon: "Massive (formerly Polygon.io)"
};

/** The header's words for an answer's `source`: a name, or a URL's host (on this machine: the
 *  embedded sample); any other text is the sample when it says so, else the text itself. */
function sourceText(source) {
    if (sourceNames[source]) return sourceNames[source];
    try {
        const host = new URL(source).hostname;
        if (host === "127.0.0.1" || host === "localhost" || host === "[::1]") return "Sample data";
        return host;
    } catch (error) {
        if (/sample|embedded/i.test(source)) return "Sample data";
        return source;
    }
}

/** A label in a word or two for a narrow header, the rule of `PageLayout.shortSourceLabel`:
 *  "Simulated market" is "Simulated", "Massive (formerly Polygon.io)" "Massive", a label over 16
 *  characters its first word. */
export function shortSource(label) {
    if (label === "Simulated market") return "Simulated";
    for (const separator of [" (", " · "]) {
        const at = label.indexOf(separator);
        if (at > 0) return label.slice(0, at);
    }
    // Anything longer: its first word (the whole label is the title and the page's note).
    return label.length > 16 && label.indexOf(" ") > 0 ? label.slice(0, label.indexOf(" ")) : label;
}

/** Fills the source label and the stale notice from an answer's `source`, `stale`,
 *  `fetchedAt` and `warnings` (why the data is stale). The header's badge is never cut: it
 *  holds the whole label and a short one (`layout.css` shows one); the page's source note says
 *  the whole source where the header says less of it. */
export function showFreshness(body) {
    const label = byId("source-label");
    if (label && typeof body.source === "string" && body.source !== "") {
        const text = sourceText(body.source);
        const short = shortSource(text);
        const whole = sourceNames[body.source] || body.source;
        label.replaceChildren(el("span", { class: "source-full" }, text), el("span", { class: "source-short" }, short));
        label.title = whole;
        label.hidden = false;
        const note = byId("source-note");
        if (note) {
            note.textContent = "Source: " + whole;
            // Only where the header shows the short label, when the whole label says it all.
            if (whole === text) note.dataset.for = "short";
            else delete note.dataset.for;
            note.hidden = whole === short;
        }
    }
    const notice = byId("stale-notice");
    if (!notice) return;
    if (body.offline && (body.savedAt || body.fetchedAt)) {
        // The service worker's copy: the device has no network (or the server is down).
        const at = body.savedAt || body.fetchedAt;
        notice.replaceChildren(
            "Offline: showing data from ",
            dates.timeElement(at, dates.dateTime(at, { withDate: true })),
            ", saved on this device. It refreshes by itself when the connection is back."
        );
        notice.dataset.offline = "true";
        notice.hidden = false;
    } else if (body.stale && body.fetchedAt) {
        delete notice.dataset.offline;
        const reasons = Array.isArray(body.warnings) ? body.warnings.filter((w) => typeof w === "string") : [];
        notice.replaceChildren(
            "Showing data from ",
            dates.timeElement(body.fetchedAt, dates.dateTime(body.fetchedAt, { withDate: true })),
            ": the source can't be reached, so this is the last data saved.",
            ...reasons.map((reason) => el("span", { class: "note" }, reason))
        );
        notice.hidden = false;
    } else {
        delete notice.dataset.offline;
        notice.hidden = true;
    }
}

/** The app on the device: the service worker (`/sw.js`) keeps the shell and what was seen
 *  for offline use. When a new version takes over, the page reloads once and says so. */
function installWorker() {
    if (!("serviceWorker" in navigator)) return;
    if (sessionStorage.getItem("bourse-updated")) {
        sessionStorage.removeItem("bourse-updated");
        const notice = byId("update-notice");
        if (notice) notice.hidden = false;
    }
    const hadController = !!navigator.serviceWorker.controller;
    navigator.serviceWorker.addEventListener("message", (event) => {
        if (event.data && event.data.type === "updated" && hadController) {
            sessionStorage.setItem("bourse-updated", event.data.version || "1");
            location.reload();
        }
    });
    if (!hadController) keepWhenControlled();
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
}

/** Whether a URL this page fetched is data the worker keeps for offline use (API answers, charts). */
function isData(url) {
    try {
        const parsed = new URL(url);
        return parsed.origin === location.origin && (parsed.pathname.startsWith("/api/") || parsed.pathname.endsWith(".svg"));
    } catch (error) {
        return false;
    }
}

/** A page loaded before any worker controlled it (the first one a device opens) asks the worker,
 *  once it takes over, to keep the page and the data it fetched so far; for a while after, the data
 *  whose request started before then too (the worker skips what it has already kept). */
function keepWhenControlled() {
    navigator.serviceWorker.addEventListener("controllerchange", () => {
        const worker = navigator.serviceWorker.controller;
        if (!worker) return;
        const navigation = performance.getEntriesByType("navigation")[0];
        const loaded = performance.getEntriesByType("resource").map((entry) => entry.name).filter(isData);
        worker.postMessage({ type: "keep", urls: [navigation ? navigation.name : location.href, ...loaded] });
        if (!("PerformanceObserver" in window)) return;
        const observer = new PerformanceObserver((list) => {
            const urls = list.getEntries().map((entry) => entry.name).filter(isData);
            if (urls.length > 0 && navigator.serviceWorker.controller) {
                navigator.serviceWorker.controller.postMessage({ type: "keep", urls });
            }
        });
        observer.observe({ type: "resource" });
        setTimeout(() => observer.disconnect(), 30000);
    }, { once: true });
}
installWorker();
