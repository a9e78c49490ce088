// The order types and times in force, as the server describes them: the page embeds its
// `OrderKindsTable` (Exchange/OrderKindsTable.swift, drawn from the Swift enums) as
// <script type="application/json" id="order-kinds">, read once here, so no script writes a kind
// again. Types and times in force come in the server's order: a type's first time in force is its
// default.

const element = document.getElementById("order-kinds");
if (!element) throw new Error("exchange-kinds.js: the page has no #order-kinds table of the order types");
const table = JSON.parse(element.textContent);

/** What each type takes: its prices, the times in force it allows (the first is its default), a bracket. */
export const TYPES = Object.fromEntries(table.types.map(function (kind) {
    return [kind.type, {
        limit: kind.limitPrice, stop: kind.stopPrice, trail: kind.trail, bracket: kind.bracket, tifs: kind.timesInForce
    }];
}));

/** The types that wait for a trigger (and may show where they triggered). */
export const STOP_TYPES = table.types.filter(function (kind) { return kind.isStop; }).map(function (kind) { return kind.type; });

/** Each type's words in a list of orders: "stop limit". */
export const TYPE_WORDS = Object.fromEntries(table.types.map(function (kind) { return [kind.type, kind.words]; }));

/** Each time in force's option in the ticket: "Good till cancelled". */
export const TIF_NAMES = Object.fromEntries(table.timesInForce.map(function (term) { return [term.timeInForce, term.name]; }));

/** The one line under the time in force: what the chosen one does. */
export const TIF_HINTS = Object.fromEntries(table.timesInForce.map(function (term) { return [term.timeInForce, term.hint]; }));

/** The short words for a time in force that is not its type's default, in a list of orders. */
export const TIF_WORDS = Object.fromEntries(table.timesInForce.map(function (term) { return [term.timeInForce, term.words]; }));

export function defaultTif(type) {
    return (TYPES[type] || TYPES.market).tifs[0];
}
