// The day at a glance, above the markets list (SPEC §13): the index funds with their price, day
// change and month sparkline, then the day's top gainers, top losers and most active stocks.
// Both come from the whole-market answer that prices the list (`/api/v1/quotes`,
// `/api/v1/movers`): no request of their own to the source. While a free tier's prices are on
// their way, each part says so and loads by itself.
import * as bourse from "./bourse.js";
import * as dates from "./dates.js";
import * as marketFormat from "./market-format.js";

const FUNDS = ["SPY", "QQQ", "DIA", "IWM"];
const LISTS = [["gainers", "movers-gainers"], ["losers", "movers-losers"], ["active", "movers-active"]];

/** "12.3M shares", "456.7K shares", "999 shares": a day's volume, short. */
function shares(volume) {
    const units = [[1e9, "B"], [1e6, "M"], [1e3, "K"]];
    for (const [size, suffix] of units) {
        if (volume >= size) return (volume / size).toFixed(1).replace(/\.0$/, "") + suffix + " shares";
    }
    return String(volume) + " shares";
}

function changeText(row) {
    const change = marketFormat.signed(row.change), percent = marketFormat.percent(row.changePercent);
    return { text: change.text + " (" + percent.text + ")", direction: percent.direction };
}

function fundCard(row) {
    const change = changeText(row);
    return bourse.el("li", { class: "fund", "data-symbol": row.symbol },
        bourse.el("a", { class: "fund-link", href: "/stocks/" + encodeURIComponent(row.symbol) },
            bourse.el("span", { class: "fund-head" },
                bourse.el("strong", {}, row.symbol),
                bourse.el("span", { class: "fund-price" }, marketFormat.price(row.price))),
            bourse.el("span", { class: "fund-name note" }, row.name),
            bourse.el("span", { class: "price-change " + change.direction }, row.price === null ? "—" : change.text),
            bourse.el("span", { class: "spark" },
                bourse.el("img", { class: "sparkline", src: "/stocks/" + encodeURIComponent(row.symbol) + "/sparkline.svg", alt: "", width: "96", height: "32", loading: "lazy" }),
                bourse.el("span", { class: "spark-period" }, "1 month"))));
}

function moverCard(row, list) {
    const percent = marketFormat.percent(row.changePercent);
    return bourse.el("li", { class: "mover", "data-symbol": row.symbol },
        bourse.el("a", { class: "mover-link", href: "/stocks/" + encodeURIComponent(row.symbol) },
            bourse.el("span", { class: "mover-head" },
                bourse.el("strong", {}, row.symbol),
                bourse.el("span", { class: "mover-price" }, marketFormat.price(row.price))),
            bourse.el("span", { class: "mover-name note" }, row.name),
            bourse.el("span", { class: "mover-foot" },
                bourse.el("span", { class: "price-change " + percent.direction }, percent.text),
                list === "active" ? bourse.el("span", { class: "note" }, shares(row.volume)) : null)));
}

/** Asks `url` and shows it with `show`; on its way (a free tier), says so in `status` and asks
 *  again when the source says; another failure, says it and offers Try again. */
function load(url, status, show) {
    async function attempt() {
        try {
            show(await bourse.getJSON(url, undefined, true));
            status.textContent = "";
            status.hidden = true;
        } catch (error) {
            status.hidden = false;
            if (error instanceof bourse.LoadError && error.onItsWay) {
                status.textContent = "On their way: " + error.onItsWayReason + ". They load here by themselves.";
                setTimeout(attempt, error.retryDelayMs);
                return;
            }
            status.replaceChildren(
                bourse.describeLoadError(error, { source: "The market data source", unsaved: "no earlier prices are saved", answer: "an answer" }) + " ",
                retryButton(attempt));
        }
    }
    attempt();
}

function retryButton(again) {
    const button = bourse.el("button", { type: "button", class: "button" }, "Try again");
    button.addEventListener("click", again);
    return button;
}

function start() {
    const day = document.getElementById("day");
    if (!day) return;
    const funds = bourse.byId("funds");
    load("/api/v1/quotes?symbols=" + FUNDS.join(","), bourse.byId("funds-status"), function (answer) {
        if (marketFormat.isPending(answer)) {
            // Priced from the same answer as the list: ask again until the prices are in.
            bourse.byId("funds-status").hidden = false;
            bourse.byId("funds-status").textContent = "The funds' prices are on their way; they load here by themselves.";
            setTimeout(start, 5000);
            return;
        }
        funds.replaceChildren(...answer.results.map(fundCard));
        funds.removeAttribute("aria-busy");
    });
    load("/api/v1/movers", bourse.byId("movers-status"), function (answer) {
        bourse.byId("day-as-of").textContent = answer.asOf ? "Close of " + dates.day(answer.asOf) : "";
        for (const [list, id] of LISTS) {
            const target = bourse.byId(id);
            target.replaceChildren(...answer[list].map(function (row) { return moverCard(row, list); }));
            if (answer[list].length === 0) target.replaceChildren(bourse.el("li", { class: "note" }, "No stock qualifies today."));
            target.removeAttribute("aria-busy");
        }
    });
}
start();
