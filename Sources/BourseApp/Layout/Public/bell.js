import * as bourse from "./bourse.js";
import * as dates from "./dates.js";
import { startNotify } from "./notify.js";

// The bell in the header (PageLayout+Bell.swift): the unseen notifications counted on it
// (GET /api/v1/notifications), and a panel that lists them all, newest first (title, body, time,
// a link to the stock or the exchange), opening it marks them seen (POST
// /api/v1/notifications/seen). The panel also holds "Notify me" (notify.js). The button is a
// disclosure: aria-expanded, Escape or a tap outside closes it.
function start() {
    const bell = bourse.byId("bell");
    const button = bourse.byId("bell-button");
    const panel = bourse.byId("bell-panel");
    if (!bell || !button || !panel) return;
    const count = bourse.byId("bell-count");
    const label = bourse.byId("bell-label");
    const list = bourse.byId("bell-list");
    const status = bourse.byId("bell-status");
    let notify = null;
    let loading = null;

    function showCount(unseen) {
        const n = Number.isInteger(unseen) && unseen > 0 ? unseen : 0;
        count.textContent = n > 99 ? "99+" : String(n);
        count.hidden = n === 0;
        label.textContent = n === 0 ? "Notifications" : "Notifications, " + n + " unseen";
    }

    function item(notification, unseen) {
        const parts = [
            unseen ? bourse.el("span", { class: "visually-hidden" }, "New: ") : null,
            bourse.el("strong", { class: "bell-title" }, String(notification.title || "")),
            bourse.el("span", { class: "bell-body" }, String(notification.body || "")),
            bourse.el("time", { class: "bell-time", datetime: String(notification.createdAt) },
                dates.dateTime(notification.createdAt) || String(notification.createdAt || "")),
        ];
        const path = bourse.appPath(notification.url);  // only a path of this app is a link
        return bourse.el("li", { class: "bell-item" + (unseen ? " unseen" : ""), "data-id": String(notification.id), "data-kind": String(notification.kind) },
            path ? bourse.el("a", { href: path }, ...parts) : bourse.el("div", { class: "bell-entry" }, ...parts));
    }

    async function load(markSeen) {
        const body = await bourse.getJSON("/api/v1/notifications", undefined, !markSeen);
        const notifications = Array.isArray(body.notifications) ? body.notifications : [];
        const unseen = Number.isInteger(body.unseen) ? body.unseen : 0;
        if (!markSeen) {
            showCount(unseen);
            return;
        }
        list.replaceChildren(...notifications.map((notification, index) => item(notification, index < unseen)));
        status.textContent = notifications.length === 0
            ? "Nothing yet. Fired alerts, order fills and orders cancelled or expired are listed here."
            : "";
        if (unseen > 0 && !body.offline) {
            await bourse.sendJSON("POST", "/api/v1/notifications/seen");
        }
        showCount(0);
    }

    async function refreshCount() {
        if (loading) return;
        loading = load(!panel.hidden).catch(() => {}).finally(() => { loading = null; });
    }

    async function open() {
        button.setAttribute("aria-expanded", "true");
        panel.hidden = false;
        if (list.children.length === 0) status.textContent = "Loading…";
        if (!notify) notify = startNotify();
        else notify.refresh();
        try {
            await load(true);
        } catch (error) {
            status.textContent = "The notifications can't be loaded: " + error.message;
        }
    }

    function close(returnFocus) {
        if (panel.hidden) return;
        panel.hidden = true;
        button.setAttribute("aria-expanded", "false");
        if (returnFocus) button.focus();
    }

    button.addEventListener("click", () => {
        if (panel.hidden) open();
        else close(false);
    });
    document.addEventListener("keydown", (event) => {
        if (event.key === "Escape" && !panel.hidden) {
            event.preventDefault();
            close(true);
        }
    });
    document.addEventListener("click", (event) => {
        if (!panel.hidden && !bell.contains(event.target)) close(false);
    });
    // A push shown by the service worker (sw.js) while this page is open, or the page seen again.
    if ("serviceWorker" in navigator) {
        navigator.serviceWorker.addEventListener("message", (event) => {
            if (event.data && event.data.type === "notification") refreshCount();
        });
    }
    document.addEventListener("visibilitychange", () => {
        if (document.visibilityState === "visible") refreshCount();
    });
    // This page made a notice (an alert that fired as it was set): count it at once.
    document.addEventListener("bourse:notice", refreshCount);
    refreshCount();
}
start();
