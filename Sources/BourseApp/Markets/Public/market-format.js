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

