import * as bourse from "./bourse.js";

// "Notify me" in the bell's panel: Web Push on this device. The browser is asked for permission
// only when the button is tapped, never on load. Then the app's service worker (/sw.js, which
// bourse.js registers) subscribes with the server's VAPID key (GET /api/v1/push/key) and the
// subscription is sent to POST /api/v1/push/subscriptions. A refusal (no permission, no push
// service) is said plainly; the bell lists everything anyway. Subscribed: "Stop notifications"
// (unsubscribe, DELETE /api/v1/push/subscriptions?endpoint=) and the kinds sent
// (GET/PUT /api/v1/push/settings).

const SUBSCRIBE_TIMEOUT_MS = 20000;
const ON = "Notifications are on for this device.";
const LISTED = "The bell still lists everything.";

/** A base64url string (unpadded) as bytes: the `applicationServerKey` the push service wants. */
export function keyBytes(text) {
    const base64 = String(text).replace(/-/g, "+").replace(/_/g, "/") + "===".slice((String(text).length + 3) % 4);
    return Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
}

function sameBytes(buffer, bytes) {
    if (!buffer) return false;
    const view = new Uint8Array(buffer);
    return view.length === bytes.length && view.every((byte, index) => byte === bytes[index]);
}

/** `promise`, or an Error with `message` after `ms`. */
function within(promise, ms, message) {
    let timer;
    const timeout = new Promise((resolve, reject) => { timer = setTimeout(() => reject(new Error(message)), ms); });
    return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function supported() {
    return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** Starts the panel's push controls; `refresh()` reads the state again (without asking anything). */
export function startNotify() {
    const text = bourse.byId("push-text");
    const on = bourse.byId("push-on");
    const off = bourse.byId("push-off");
    const kinds = bourse.byId("push-kinds");
    const boxes = Array.from(kinds.querySelectorAll("input[data-kind]"));

    function say(message) {
        text.textContent = message;
    }

    function showOff(message) {
        on.hidden = false;
        off.hidden = true;
        kinds.hidden = true;
        say(message);
    }

    function showOn(message) {
        on.hidden = true;
        off.hidden = false;
        kinds.hidden = false;
        say(message);
        loadSettings();
    }

    function showSettings(settings) {
        for (const box of boxes) box.checked = settings[box.dataset.kind] !== false;
    }

    async function loadSettings() {
        try {
            showSettings(await bourse.getJSON("/api/v1/push/settings"));
        } catch (error) {
            say(ON + " Which kinds are sent can't be loaded: " + error.message);
        }
    }

    /** This page's worker registration, if there is one (asks nothing). */
    async function existing() {
        return (await navigator.serviceWorker.getRegistration("/")) || null;
    }

    async function refresh() {
        if (!supported()) {
            on.hidden = true;
            off.hidden = true;
            kinds.hidden = true;
            say("This browser can't show notifications from Bourse here (on an iPhone or iPad, add Bourse to the "
                + "home screen and open it from there; push needs HTTPS). " + LISTED);
            return;
        }
        try {
            const registration = Notification.permission === "granted" ? await existing() : null;
            const subscription = registration ? await registration.pushManager.getSubscription() : null;
            if (subscription) {
                showOn(ON);
                // The server keeps it (the same endpoint again is the same subscription).
                bourse.sendJSON("POST", "/api/v1/push/subscriptions", subscription.toJSON()).catch(() => {});
                return;
            }
        } catch (error) {
            // Read as not subscribed.
        }
        showOff(Notification.permission === "denied"
            ? "Notifications are blocked for Bourse in this browser's settings, so nothing is sent to this device. " + LISTED
            : "Get a notification on this device when an alert fires, an order fills, or an order is cancelled or expires.");
    }

    async function subscribe() {
        const registration = await within(
            navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(() => navigator.serviceWorker.ready),
            SUBSCRIBE_TIMEOUT_MS, "the app's service worker did not start");
        const key = keyBytes((await bourse.getJSON("/api/v1/push/key")).publicKey);
        const old = await registration.pushManager.getSubscription();
        if (old && !sameBytes(old.options && old.options.applicationServerKey, key)) await old.unsubscribe();
        else if (old) return old;
        return within(registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
            SUBSCRIBE_TIMEOUT_MS, "the push service did not answer");
    }

    async function turnOn() {
        on.disabled = true;
        say("Asking this browser for permission…");
        let permission = "default";
        try {
            permission = await Notification.requestPermission();
        } catch (error) {
            permission = "default";
        }
        try {
            if (permission !== "granted") {
                showOff(permission === "denied"
                    ? "The browser refused: notifications are blocked for Bourse, so nothing is sent to this device. " + LISTED
                    : "No permission was given, so nothing is sent to this device. " + LISTED);
                return;
            }
            say("Subscribing…");
            let subscription;
            try {
                subscription = await subscribe();
            } catch (error) {
                showOff("This browser could not subscribe to push messages (" + (error.message || error.name) + "), so nothing is sent to this device. " + LISTED);
                return;
            }
            try {
                await bourse.sendJSON("POST", "/api/v1/push/subscriptions", subscription.toJSON());
            } catch (error) {
                await subscription.unsubscribe().catch(() => {});
                showOff("Bourse could not keep this device's subscription (" + error.message + "), so nothing is sent to this device. " + LISTED);
                return;
            }
            showOn(ON);
        } finally {
            on.disabled = false;
        }
    }

    async function turnOff() {
        off.disabled = true;
        try {
            const registration = await existing();
            const subscription = registration ? await registration.pushManager.getSubscription() : null;
            if (subscription) {
                const endpoint = subscription.endpoint;
                await subscription.unsubscribe();
                try {
                    await bourse.sendJSON("DELETE", "/api/v1/push/subscriptions?endpoint=" + encodeURIComponent(endpoint));
                } catch (error) {
                    if (!(error instanceof bourse.LoadError) || error.status !== 404) throw error;
                }
            }
            showOff("Notifications are off for this device. " + LISTED);
        } catch (error) {
            say("Notifications could not be stopped: " + error.message);
        } finally {
            off.disabled = false;
        }
    }

    for (const box of boxes) {
        box.addEventListener("change", async () => {
            const kind = box.dataset.kind;
            box.disabled = true;
            try {
                showSettings(await bourse.sendJSON("PUT", "/api/v1/push/settings", { [kind]: box.checked }));
                say(ON);
            } catch (error) {
                box.checked = !box.checked;
                say("That could not be saved: " + error.message);
            } finally {
                box.disabled = false;
            }
        });
    }
    on.addEventListener("click", turnOn);
    off.addEventListener("click", turnOff);
    refresh();
    return { refresh };
}
