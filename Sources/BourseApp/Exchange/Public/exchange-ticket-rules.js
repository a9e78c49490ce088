// The ticket's rules (SPEC.md §10, docs/exchange.md), the same as the server's `OrderRequest`:
// which fields each type takes and the times in force it allows (the server's table, read by
// exchange-kinds.js and passed on from here), what a price may be, a bracket's order. Pure
// functions over the ticket's values, so the ticket checks an order before sending it and the
// server's 400 stays the last word. Prices are compared exactly, in cents as BigInt, never as
// floating point.

import { TYPES, TIF_WORDS } from "./exchange-kinds.js";

export { TYPES, TIF_NAMES, TIF_HINTS, TIF_WORDS, defaultTif } from "./exchange-kinds.js";

const LARGEST_CENTS = 9223372036854775807n; // Price.max: Int64 ticks of 0.01
const PERCENT_MAX = 500000n; // 50 %, in ten-thousandths

/** Plain decimal text (the server's grammar: digits, optionally a point and digits) as an integer
 *  scaled by 10^places; null when it has more significant places than that or is no decimal. */
function scaled(text, places) {
    const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
    if (!match) return null;
    const fraction = (match[3] || "").replace(/0+$/, "");
    if (fraction.length > places) return undefined;
    return (match[1] ? -1n : 1n) * BigInt(match[2] + fraction.padEnd(places, "0"));
}

/** A price as the server reads one: `{cents}` or `{error}` naming the field as the user sees it. */
export function readPrice(text, name) {
    if (text === "") return { error: "Enter the " + name + "." };
    const cents = scaled(text, 2);
    if (cents === null) return { error: "The " + name + " must be a plain number such as 101.25." };
    if (cents === undefined) return { error: "The " + name + " is off the tick: prices move in steps of 0.01." };
    if (cents <= 0n) return { error: "The " + name + " must be above zero." };
    if (cents > LARGEST_CENTS) return { error: "The " + name + " is larger than any price an order may have." };
    return { cents: cents };
}

/** A trail percent: above 0, at most 50, at most 4 places. */
export function readPercent(text) {
    if (text === "") return { error: "Enter the trail, in percent of the price." };
    const value = scaled(text, 4);
    if (value === null) return { error: "The trail must be a plain number such as 2.5." };
    if (value === undefined || value <= 0n || value > PERCENT_MAX) {
        return { error: "The trail percent must be above 0 and at most 50, with at most 4 decimals." };
    }
    return { value: value };
}

/** A quantity: whole shares, 1 or more (SPEC.md §3, §12): `{value}` as a BigInt, or `{error}`. */
export function readQuantity(text) {
    if (text === "") return { error: "Enter a quantity: how many shares, 1 or more." };
    if (!/^\d+$/.test(text)) return { error: "The quantity must be a whole number of shares, such as 10." };
    const value = BigInt(text);
    if (value === 0n) return { error: "The quantity must be at least 1 share." };
    if (value > 999999999999999n) return { error: "The quantity is larger than any order may have." };
    return { value: value };
}

/**
 * What the order is worth, as the confirmation step reckons it (SPEC.md §12): quantity × its
 * price, where the price is the limit (limit, stop limit), the stop (stop) or, for a market order
 * or a trailing stop, the best ask for a buy and the best bid for a sell. `book` is `{bids, asks}`
 * (levels `[price, size]`, best first). Returns `{cents, price, basis}` (`cents` a BigInt,
 * `basis` "limit", "stop", "ask" or "bid"), or null when the quantity or price is unknown.
 */
export function orderValue(values, book) {
    const shares = readQuantity(values.quantity);
    if (shares.error) return null;
    let price = null, basis = null;
    const rules = TYPES[values.type] || TYPES.market;
    if (rules.limit) { price = values.price; basis = "limit"; }
    else if (rules.stop) { price = values.stopPrice; basis = "stop"; }
    else {
        const buy = values.side === "buy";
        const best = book ? (buy ? book.asks : book.bids)[0] : null;
        if (best) { price = String(best[0]); basis = buy ? "ask" : "bid"; }
    }
    if (price === null) return null;
    const read = readPrice(price, "price");
    if (read.error) return null;
    return { cents: read.cents * shares.value, price: price, basis: basis };
}

/** A threshold as the page gives it (`data-confirm-above`: a decimal, or "off"), in cents; null for off. */
export function thresholdCents(text) {
    if (typeof text !== "string" || text === "" || text === "off") return null;
    const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
    if (!match) return null;
    // Rounded up to the cent: an order is "over" only when it is more than the amount.
    const fraction = match[2] || "";
    let cents = BigInt(match[1] + fraction.slice(0, 2).padEnd(2, "0"));
    if (/[1-9]/.test(fraction.slice(2))) cents += 1n;
    return cents === 0n ? null : cents;
}

/** Cents as money for people: "$13,885.00" (the feed's prices are US dollars). */
export function moneyText(cents) {
    const negative = cents < 0n;
    const digits = (negative ? -cents : cents).toString().padStart(3, "0");
    const whole = digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
    return (negative ? "-$" : "$") + whole + "." + digits.slice(-2);
}

/**
 * Checks the ticket's values — `{side, type, quantity, price, stopPrice, trail, trailUnit,
 * timeInForce, bracket, takeProfit, stopLoss}`, all text trimmed, `bracket` whether the bracket is
 * open — and returns `{errors, body}`: `errors` maps a field (quantity, price, stopPrice, trail,
 * takeProfit, stopLoss) to what is wrong with it, `body` is the request to send when there is none.
 */
export function checkTicket(values) {
    const rules = TYPES[values.type] || TYPES.market;
    const errors = {};
    const body = { side: values.side, type: values.type };
    const shares = readQuantity(values.quantity);
    if (shares.error) errors.quantity = shares.error;
    else body.quantity = Number(shares.value);
    let limit = null;
    if (rules.stop) {
        const stop = readPrice(values.stopPrice, "stop price");
        if (stop.error) errors.stopPrice = stop.error;
        else body.stopPrice = values.stopPrice;
    }
    if (rules.limit) {
        const price = readPrice(values.price, "limit price");
        if (price.error) errors.price = price.error;
        else { body.price = values.price; limit = price.cents; }
    }
    if (rules.trail) {
        if (values.trailUnit === "percent") {
            const percent = readPercent(values.trail);
            if (percent.error) errors.trail = percent.error;
            else body.trailPercent = values.trail;
        } else {
            const amount = readPrice(values.trail, "trail amount");
            if (amount.error) errors.trail = amount.error;
            else body.trailAmount = values.trail;
        }
    }
    if (rules.tifs.includes(values.timeInForce)) body.timeInForce = values.timeInForce;
    if (rules.bracket && values.bracket) checkBracket(values, limit, errors, body);
    return { errors: errors, body: body };
}

/** Take-profit and stop-loss, each optional: for a buy the take-profit above the stop-loss and, on
 *  a limit entry, above the limit with the stop-loss below it; mirrored for a sell. */
function checkBracket(values, limit, errors, body) {
    const buy = values.side === "buy";
    const above = buy ? "above" : "below", below = buy ? "below" : "above";
    const beyond = function (a, b) { return buy ? a > b : a < b; };
    let takeProfit = null, stopLoss = null;
    if (values.takeProfit !== "") {
        const read = readPrice(values.takeProfit, "take-profit");
        if (read.error) errors.takeProfit = read.error;
        else { takeProfit = read.cents; body.takeProfit = values.takeProfit; }
    }
    if (values.stopLoss !== "") {
        const read = readPrice(values.stopLoss, "stop-loss");
        if (read.error) errors.stopLoss = read.error;
        else { stopLoss = read.cents; body.stopLoss = values.stopLoss; }
    }
    if (values.takeProfit === "" && values.stopLoss === "") {
        errors.takeProfit = "Enter a take-profit, a stop-loss or both, or close “Add take-profit / stop-loss”.";
        return;
    }
    if (takeProfit !== null && stopLoss !== null && !beyond(takeProfit, stopLoss)) {
        errors.takeProfit = "The take-profit must be " + above + " the stop-loss " + values.stopLoss + " for a " + values.side + ".";
    }
    if (limit === null) return;
    if (takeProfit !== null && !errors.takeProfit && !beyond(takeProfit, limit)) {
        errors.takeProfit = "The take-profit must be " + above + " the limit " + values.price + " for a " + values.side + ".";
    }
    if (stopLoss !== null && !beyond(limit, stopLoss)) {
        errors.stopLoss = "The stop-loss must be " + below + " the limit " + values.price + " for a " + values.side + ".";
    }
}

/** The rule beside each field, for this side and type. */
export function hints(side, type, trailUnit) {
    const buy = side === "buy";
    const trailBy = trailUnit === "percent" ? "this percent" : "this much";
    return {
        stopPrice: buy ? "Triggers when the last price rises to this or above."
            : "Triggers when the last price falls to this or below.",
        price: type === "stop_limit"
            ? (buy ? "Once triggered, buys at this price or less." : "Once triggered, sells at this price or more.")
            : (buy ? "Buys at this price or less." : "Sells at this price or more."),
        trail: buy
            ? "The stop follows the lowest last price, " + trailBy + " above it, and buys at market when the price rises to it."
            : "The stop follows the highest last price, " + trailBy + " below it, and sells at market when the price falls to it.",
        takeProfit: buy
            ? "Sells what is bought at this price or more" + (type === "limit" ? "; above the limit." : ".")
            : "Buys back what is sold at this price or less" + (type === "limit" ? "; below the limit." : "."),
        stopLoss: buy
            ? "Sells at market if the price falls to this" + (type === "limit" ? "; below the limit." : ".")
            : "Buys back at market if the price rises to this" + (type === "limit" ? "; above the limit." : ".")
    };
}

/** What the submit button says: "Sell 50 if the price falls to 99.50", with the bracket after. */
export function submitLabel(values) {
    // Only a quantity that can be sent is restated: never "Sell 0".
    const shares = readQuantity(values.quantity).error ? "" : " " + values.quantity.replace(/^0+(?=\d)/, "");
    const buy = values.side === "buy";
    const verb = (buy ? "Buy" : "Sell") + shares;
    const limitText = function () {
        return values.price === "" ? " at a limit price" : " at " + values.price + (buy ? " or less" : " or more");
    };
    const stopText = values.stopPrice === "" ? "a stop price" : values.stopPrice;
    let label;
    switch (values.type) {
    case "limit": label = verb + limitText(); break;
    case "stop": label = verb + " if the price " + (buy ? "rises" : "falls") + " to " + stopText; break;
    case "stop_limit": label = verb + limitText() + " once the price reaches " + stopText; break;
    case "trailing_stop": {
        const trail = values.trail === "" ? "" : " " + values.trail + (values.trailUnit === "percent" ? "%" : "");
        label = verb + ", trailing" + trail + (buy ? " above the low" : " below the high");
        break;
    }
    default: label = verb + " at market";
    }
    if ((TYPES[values.type] || TYPES.market).bracket && values.bracket) {
        if (values.takeProfit !== "") label += ", take-profit " + values.takeProfit;
        if (values.stopLoss !== "") label += ", stop-loss " + values.stopLoss;
    }
    const tifs = (TYPES[values.type] || TYPES.market).tifs;
    if (values.timeInForce !== tifs[0] && tifs.includes(values.timeInForce)) {
        label += " (" + TIF_WORDS[values.timeInForce] + ")";
    }
    return label;
}
