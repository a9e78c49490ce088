// Dates and times in one style (SPEC.md §12), in the browser's language (`Intl.DateTimeFormat`):
// "Nov 25, 2026" for a day, "Nov 27, 3:04 PM" for a moment, and a market's time as New York's
// wall clock marked "ET" ("Fri, Nov 27, 9:30 AM ET"). Every script that shows a date or a time
// takes it from here.

const NEW_YORK = "America/New_York";
const formats = new Map();

/** One formatter per set of options, in the browser's locale (`undefined`), kept for reuse. */
function format(options) {
    const key = JSON.stringify(options);
    let formatter = formats.get(key);
    if (!formatter) {
        formatter = new Intl.DateTimeFormat(undefined, options);
        formats.set(key, formatter);
    }
    return formatter;
}

/** An ISO 8601 instant as a Date; null for anything else. */
function instant(iso) {
    if (typeof iso !== "string" && typeof iso !== "number") return null;
    const time = new Date(iso);
    return isNaN(time.getTime()) ? null : time;
}

/** The year of `time` on the device's clock. */
function yearOf(time) {
    return format({ year: "numeric" }).format(time);
}

/** A calendar day, "2026-11-25" (a trading day, a date with no time): "Nov 25, 2026", the same
 *  day wherever the device is (formatted in UTC, where the date's midnight lies); the text as it
 *  came when it is no such day. */
export function day(text) {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(text || ""));
    if (!match) return String(text || "");
    const time = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
    if (isNaN(time.getTime())) return String(text);
    return format({ month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }).format(time);
}

/** A chart's time label in the reader's style: `unit` "hour" for an instant ("10 AM" in New
 *  York time), "day", "month" or "year" for a date ("Nov 20", "Mar", "2026"); the text as it came
 *  when `at` is no such time. */
export function axisLabel(at, unit) {
    if (unit === "hour") {
        const time = instant(at);
        return time ? format({ hour: "numeric", timeZone: NEW_YORK }).format(time) : String(at || "");
    }
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(at || ""));
    if (!match) return String(at || "");
    const time = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
    const options = { day: { month: "short", day: "numeric" }, month: { month: "short" }, year: { year: "numeric" } }[unit];
    return options ? format({ ...options, timeZone: "UTC" }).format(time) : String(at);
}

/** A moment on the device's clock: "3:04 PM" today, "Nov 27, 3:04 PM" another day this year,
 *  "Nov 27, 2025, 3:04 PM" before; with `seconds`, "3:04:37 PM". "" for no instant. */
export function dateTime(iso, options) {
    const time = instant(iso);
    if (!time) return "";
    const now = new Date();
    const clock = { hour: "numeric", minute: "2-digit" };
    if (options && options.seconds) clock.second = "2-digit";
    const sameDay = format({ dateStyle: "short" }).format(time) === format({ dateStyle: "short" }).format(now);
    if (sameDay && !(options && options.withDate)) return format(clock).format(time);
    const date = { month: "short", day: "numeric" };
    if (yearOf(time) !== yearOf(now)) date.year = "numeric";
    return format({ ...date, ...clock }).format(time);
}

/** A time of day on the device's clock: "3:04 PM", with `seconds` "3:04:37 PM"; "" for no instant. */
export function timeOfDay(iso, options) {
    const time = instant(iso);
    if (!time) return "";
    const clock = { hour: "numeric", minute: "2-digit" };
    if (options && options.seconds) clock.second = "2-digit";
    return format(clock).format(time);
}

/** A market's time (days ahead, such as the next open), New York's wall clock marked "ET":
 *  "Fri, Nov 27, 9:30 AM ET"; with `timeOnly`, "9:30 AM ET". "" for no instant. */
export function marketTime(iso, options) {
    const time = instant(iso);
    if (!time) return "";
    const clock = { hour: "numeric", minute: "2-digit", timeZone: NEW_YORK };
    if (options && options.timeOnly) return format(clock).format(time) + " ET";
    return format({ weekday: "short", month: "short", day: "numeric", ...clock }).format(time) + " ET";
}

/** A `<time>` element (its `datetime` the value as it came) showing `text`. */
export function timeElement(value, text) {
    const node = document.createElement("time");
    node.setAttribute("datetime", String(value));
    node.textContent = text || String(value || "");
    return node;
}
