import { el } from "./bourse.js";

const MINUS = "\u2212";

/** "190.5" -> "190.50": at least `places` decimals, never rounded (the API already did). */
export function padded(text, places) {
    const [whole, fraction = ""] = String(text).split(".");
    return fraction.length >= places ? String(text) : whole + "." + fraction.padEnd(places, "0");
}

/** A decimal string with its sign and direction: "1.25" -> "+1.25" (up),
 *  "-0.4" -> "−0.40" (down), "0" -> "0.00" (flat); null -> "—". */
export function signed(text, places) {
    if (text === null || text === undefined) return { text: "—", direction: "none" };
    const raw = String(text);
    const negative = raw.startsWith("-");
    const digits = padded(raw.replace(/^[-+]/, ""), places === undefined ? 2 : places);
    if (!/[1-9]/.test(digits)) return { text: digits, direction: "flat" };
    return { text: (negative ? MINUS : "+") + digits, direction: negative ? "down" : "up" };
}

export function price(text) {
    return text === null || text === undefined ? "—" : padded(text, 2);
}

export function percent(text) {
    const value = signed(text, 2);
    if (value.direction !== "none") value.text += "\u00a0%";
    return value;
}

/** Compares two decimal strings exactly (-1, 0, 1). */
export function compareDecimals(a, b) {
    const parse = function (text) {
        const raw = String(text);
        const negative = raw.startsWith("-");
        let [whole, fraction = ""] = raw.replace(/^[-+]/, "").split(".");
        whole = whole.replace(/^0+/, "");
        fraction = fraction.replace(/0+$/, "");
        const zero = whole === "" && fraction === "";
        return { sign: zero ? 0 : (negative ? -1 : 1), whole, fraction };
    };
    const x = parse(a), y = parse(b);
    if (x.sign !== y.sign) return x.sign < y.sign ? -1 : 1;
    if (x.sign === 0) return 0;
    let order = 0;
    if (x.whole.length !== y.whole.length) {
        order = x.whole.length < y.whole.length ? -1 : 1;
    } else if (x.whole !== y.whole) {
        order = x.whole < y.whole ? -1 : 1;
    } else {
        const width = Math.max(x.fraction.length, y.fraction.length);
        const fx = x.fraction.padEnd(width, "0"), fy = y.fraction.padEnd(width, "0");
        order = fx === fy ? 0 : (fx < fy ? -1 : 1);
    }
    return x.sign * order;
}

/** A cell's text and colour class for a signed value. */
export function signedCell(tag, value, extraClass) {
    return el(tag, { class: ((extraClass || "") + " " + value.direction).trim() }, value.text);
}

/** Calls `refresh` every 30 s while the data shown is stale; `refresh` resolves to
 *  whether the data is still stale. Calling `stale(false)` stops it. */
export function staleRefresher(refresh) {
    const EVERY_MS = 30000;
    let timer = null;
    function stale(isStale) {
        if (!isStale) {
            clearTimeout(timer);
            timer = null;
            return;
        }
        if (timer !== null) return;
        timer = setTimeout(async function () {
            let still = true;
            try {
                still = await refresh();
            } catch (error) {
                still = true;
            }
            timer = null;
            stale(still);
        }, EVERY_MS);
    }
    return stale;
}


/** Whether an answer (a list or a stock) has prices still on their way from the source: its
 *  top-level `pending`, or any row's. */
export function isPending(answer) {
    if (!answer) return false;
    if (answer.pending === true) return true;
    return Array.isArray(answer.results) && answer.results.some(function (row) { return row.pending === true; });
}

/** A cell's loading placeholder while its price is on its way: a bone (still when the user
 *  asks for reduced motion), and words for a screen reader when `label` is given. */
export function loadingPlaceholder(tag, extraClass, label) {
    return el(tag, { class: extraClass || null },
        el("span", { class: "bone", "aria-hidden": "true" }),
        label ? el("span", { class: "visually-hidden" }, label) : null);
}

/** Marks `element` as loading (`pending` class, `aria-busy`) or not. */
export function markPending(element, pending) {
    element.classList.toggle("pending", pending);
    if (pending) element.setAttribute("aria-busy", "true");
    else element.removeAttribute("aria-busy");
}

/** The note that prices are on their way (or, given `symbol`, that stock's price), placed before
 *  `anchor` and hidden until `show`: `show(answer)` says why when the source is Massive, whose
 *  free tier answers 5 requests a minute; `hide()` removes the words. A polite live region, there
 *  from the start, so the change is read out. */
export function pendingNote(anchor, symbol) {
    const note = el("p", { class: "note pending-note", id: "pending-note", role: "status", "aria-live": "polite" });
    note.hidden = true;
    anchor.parentNode.insertBefore(note, anchor);
    return {
        show: function (answer) {
            const massive = answer && answer.source === "polygon";
            const why = massive ? ": Massive's free tier answers 5 requests a minute, so a first visit can take about a minute." : ".";
            note.textContent = symbol
                ? symbol + "'s price is on its way" + why + " It fills in here by itself."
                : "Prices are on their way" + why + " They fill in here by themselves.";
            note.hidden = false;
        },
        hide: function () {
            note.textContent = "";
            note.hidden = true;
        }
    };
}

/** Asks again while prices are pending: `refresh` asks once, shows what came and resolves to
 *  whether any is still pending. `pending(true)` starts it (a no-op while it runs): the first ask
 *  2 s later, each next wait 1.5 times longer, at most 10 s. One ask at a time; none while the
 *  page is hidden (it asks when the page is shown again), none once the page is left (and again
 *  if it comes back from the back-forward cache). A failed ask counts as still pending.
 *  `pending(false)` stops it; the next start waits 2 s again. */
export function pendingPoller(refresh) {
    const FIRST_MS = 2000, LONGEST_MS = 10000, FACTOR = 1.5;
    let wanted = false;  // some prices shown are pending
    let delay = FIRST_MS;
    let timer = null;
    let asking = false;
    let due = false;     // the wait is over, but the page is hidden or left
    let left = false;

    function schedule() {
        clearTimeout(timer);
        timer = null;
        if (!wanted || asking) return;
        if (left) {
            due = true;
            return;
        }
        timer = setTimeout(function () {
            timer = null;
            due = true;
            ask();
        }, delay);
    }

    async function ask() {
        if (!wanted || asking || left || document.hidden) return;
        due = false;
        asking = true;
        let still = true;
        try {
            still = await refresh();
        } catch (error) {
            still = true;
        }
        asking = false;
        delay = Math.min(delay * FACTOR, LONGEST_MS);
        pending(wanted && still);
    }

    function pending(isPending) {
        if (!isPending) {
            wanted = false;
            due = false;
            delay = FIRST_MS;
            clearTimeout(timer);
            timer = null;
            return;
        }
        wanted = true;
        if (timer === null && !asking && !due) schedule();
    }

    document.addEventListener("visibilitychange", function () {
        if (!document.hidden && due) ask();
    });
    window.addEventListener("pagehide", function () {
        left = true;
        if (timer !== null) {
            clearTimeout(timer);
            timer = null;
            due = wanted;
        }
    });
    window.addEventListener("pageshow", function (event) {
        if (!event.persisted) return;
        left = false;
        if (due) ask();
    });
    return pending;
}
