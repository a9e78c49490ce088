"use strict";
// Bourse's service worker (scope /). The server serves this file after one line of its own,
// `self.BOURSE_BUILD = {version, precache}`: the version of every asset, so a new deploy is a
// new worker, and the URLs of the app shell to keep on the device.
//
// - The shell (scripts, styles, icons, the offline page) is cached on install; a new version's
//   activation deletes the old shell and tells the open pages, which reload once and say so.
// - Pages: the network first (3 s), else the copy kept of that page, else the offline page.
// - GET API answers and charts: the network first, kept on the device when they are 200. The
//   worker waits `apiTimeoutMs` (the server's source deadline and 4 s: a slow or rate-limited
//   source answers within it, as "on its way"); past it, or with no network, the kept answer,
//   marked `stale` and `offline` with when it was saved. "Offline" means the app could not be
//   reached: with nothing kept, a request that failed for lack of network says so, and one that
//   only took long says the server did not answer in time.
// - POST, PUT, DELETE go to the network only: offline they fail at once with a 503 that says
//   nothing was sent and nothing will be; they are never kept or sent later.
// - The pages open when the worker takes over (the first page a device opens loads before any
//   worker controls it) are kept, and so is what they fetched before: each page posts the URLs
//   (`{type: "keep", urls}`), which are fetched again and kept, so they work offline too.
// - Sign-in, sign-out and every 401 pass through; a 401 or a sign-out deletes what was kept,
//   so a signed-out device shows sign-in, not stale private data.
// - A push (Web Push, "Notify me" in the bell) is shown as a notification from its JSON payload
//   `{id, kind, title, body, url, tag, createdAt}` (a missing or unreadable payload still shows
//   one), and the open pages are told so their bell counts it. A tap on it focuses an open window
//   of the app at the notification's page, or opens one; only a path of this app ("/stocks/AAPL")
//   is ever opened, never another site's URL.
(function () {
    const build = self.BOURSE_BUILD || { version: "dev", precache: [] };
    const SHELL = "bourse-shell-" + build.version;
    const DATA = "bourse-data";
    const PAGE_TIMEOUT_MS = 3000;
    const API_TIMEOUT_MS = Number.isFinite(build.apiTimeoutMs) && build.apiTimeoutMs > 0 ? build.apiTimeoutMs : 12000;

    self.addEventListener("install", (event) => {
        event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(build.precache)).then(() => self.skipWaiting()));
    });

    self.addEventListener("activate", (event) => {
        event.waitUntil((async () => {
            const names = await caches.keys();
            const old = names.filter((name) => name.startsWith("bourse-shell-") && name !== SHELL);
            await Promise.all(old.map((name) => caches.delete(name)));
            await self.clients.claim();
            // Not waited for: fetches wait while the worker is activating.
            self.clients.matchAll({ type: "window", includeUncontrolled: true })
                .then((windows) => keepAll(windows.map((client) => client.url))).catch(() => {});
            if (old.length > 0) {
                const windows = await self.clients.matchAll({ type: "window" });
                for (const client of windows) client.postMessage({ type: "updated", version: build.version });
            }
        })());
    });

    /** `fetch` that gives up after `ms` (a slow network is treated as none). */
    function fetchWithin(request, ms) {
        const controller = new AbortController();
        const timer = setTimeout(() => controller.abort(), ms);
        return fetch(request, { signal: controller.signal }).finally(() => clearTimeout(timer));
    }

    function json(status, body) {
        return new Response(JSON.stringify(body), {
            status: status, headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
        });
    }

    async function forget() {
        await caches.delete(DATA);
    }

    /** Keeps a copy of a good answer, with when it was saved. */
    async function keep(request, response) {
        if (response.status !== 200) return;
        const headers = new Headers(response.headers);
        headers.set("X-Bourse-Saved-At", new Date().toISOString());
        const body = await response.clone().arrayBuffer();
        const cache = await caches.open(DATA);
        await cache.put(request, new Response(body, { status: 200, headers: headers }));
    }

    /** The kept answer to an API request, marked as offline data from when it was saved; with
     *  nothing kept, why there is no answer: no network (`timedOut` false), or no answer in time. */
    async function keptAPIAnswer(request, timedOut) {
        const kept = await caches.match(request, { cacheName: DATA });
        if (!kept && timedOut) {
            const seconds = Math.round(API_TIMEOUT_MS / 1000);
            return json(504, { error: "The Bourse server did not answer within " + seconds + " s. Try again in a moment." });
        }
        if (!kept) {
            return json(503, { error: "You are offline, and this has not been seen on this device yet.", offline: true });
        }
        if (!(kept.headers.get("Content-Type") || "").includes("json")) return kept;
        try {
            const body = await kept.json();
            body.stale = true;
            body.offline = true;
            body.savedAt = kept.headers.get("X-Bourse-Saved-At");
            if (!body.fetchedAt) body.fetchedAt = body.savedAt;
            return json(200, body);
        } catch (error) {
            return kept;
        }
    }

    /** Fetches `urls` (this origin's pages, API answers and charts) not kept yet, and keeps them. */
    async function keepAll(urls) {
        const cache = await caches.open(DATA);
        await Promise.all(urls.map(async (href) => {
            let url;
            try {
                url = new URL(href, self.location.origin);
            } catch (error) {
                return;
            }
            if (url.origin !== self.location.origin || url.pathname.startsWith("/assets/")) return;
            if (await cache.match(url.href)) return;
            const accept = url.pathname.startsWith("/api/") ? "application/json"
                : url.pathname.endsWith(".svg") ? "image/svg+xml" : "text/html";
            try {
                const response = await fetchWithin(new Request(url.href, { headers: { Accept: accept } }), API_TIMEOUT_MS);
                if (!response.redirected) await keep(new Request(url.href), response);
            } catch (error) {
                // Not reachable now: it is kept the next time it is opened.
            }
        }));
    }

    self.addEventListener("message", (event) => {
        const data = event.data;
        if (!data || data.type !== "keep" || !Array.isArray(data.urls)) return;
        event.waitUntil(keepAll(data.urls.filter((url) => typeof url === "string").slice(0, 200)));
    });

    async function api(request) {
        try {
            const response = await fetchWithin(request, API_TIMEOUT_MS);
            if (response.status === 401) await forget();
            else await keep(request, response);
            return response;
        } catch (error) {
            return keptAPIAnswer(request, error && error.name === "AbortError");
        }
    }

    async function page(request) {
        try {
            const response = await fetchWithin(request, PAGE_TIMEOUT_MS);
            if (response.redirected && new URL(response.url).pathname === "/signin") await forget();
            else await keep(request, response);
            return response;
        } catch (error) {
            const kept = await caches.match(request, { cacheName: DATA, ignoreSearch: false });
            if (kept) return kept;
            const offline = await caches.match("/offline", { cacheName: SHELL });
            return offline || new Response("You are offline.", { status: 503, headers: { "Content-Type": "text/plain" } });
        }
    }

    async function change(request) {
        try {
            const response = await fetch(request);
            if (new URL(request.url).pathname === "/signout" || response.status === 401) await forget();
            return response;
        } catch (error) {
            return json(503, {
                error: "You are offline: nothing was sent, and nothing will be sent later. Try again when you are back online.",
                offline: true,
            });
        }
    }

    const ICON = "/icons/icon-192.png";
    const FALLBACK_BODY = "Something happened in Bourse: open it to see what.";

    /** `url` when it is a path of this app ("/stocks/AAPL": one "/" first, and this origin once
     *  resolved), else null. A copy of bourse.js's `appPath`, the one the pages use: keep the two
     *  the same. This worker is a classic script (registered without `type: "module"`, served at
     *  /sw.js with its build line first), so it can't import an ES module, and `importScripts`
     *  can't load one (`export` is not classic syntax); a module worker would change which
     *  browsers install it. */
    function appPath(url) {
        if (typeof url !== "string" || !url.startsWith("/") || url.startsWith("//") || url.startsWith("/\\")) return null;
        try {
            return new URL(url, location.origin).origin === location.origin ? url : null;
        } catch (error) {
            return null;
        }
    }

    /** `url` when it is a path of this app, else the home screen. */
    function appPathOrHome(url) {
        return appPath(url) || "/";
    }

    /** The notification a push message asks for, from its JSON payload (or whatever it holds). */
    function notificationOf(data) {
        let message = null;
        let text = "";
        if (data) {
            try {
                text = data.text();
                message = JSON.parse(text);
            } catch (error) {
                message = null;
            }
        }
        if (!message || typeof message !== "object") {
            const body = text.trim() === "" ? FALLBACK_BODY : text.slice(0, 300);
            return { title: "Bourse", options: { body: body, icon: ICON, badge: ICON, data: { url: "/" } } };
        }
        const title = typeof message.title === "string" && message.title !== "" ? message.title.slice(0, 200) : "Bourse";
        const options = {
            body: typeof message.body === "string" ? message.body.slice(0, 1000) : FALLBACK_BODY,
            icon: ICON,
            badge: ICON,
            data: { url: appPathOrHome(message.url), id: typeof message.id === "string" ? message.id : null },
        };
        if (typeof message.tag === "string" && message.tag !== "") options.tag = message.tag.slice(0, 100);
        if (typeof message.createdAt === "string") {
            const at = Date.parse(message.createdAt);
            if (!isNaN(at)) options.timestamp = at;
        }
        return { title: title, options: options };
    }

    self.addEventListener("push", (event) => {
        const shown = notificationOf(event.data);
        event.waitUntil((async () => {
            await self.registration.showNotification(shown.title, shown.options);
            const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
            for (const client of windows) client.postMessage({ type: "notification" });
        })());
    });

    self.addEventListener("notificationclick", (event) => {
        event.notification.close();
        const data = event.notification.data || {};
        const target = new URL(appPathOrHome(data.url), self.location.origin).href;
        event.waitUntil((async () => {
            const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
            const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
            if (!open) {
                await self.clients.openWindow(target);
                return;
            }
            const focused = await open.focus();
            if (focused.url === target) return;
            try {
                await focused.navigate(target);
            } catch (error) {
                // Not controlled by this worker (navigate refuses): a window of its own instead.
                await self.clients.openWindow(target);
            }
        })());
    });

    self.addEventListener("fetch", (event) => {
        const request = event.request;
        const url = new URL(request.url);
        if (url.origin !== self.location.origin) return;
        if (request.method !== "GET") {
            event.respondWith(change(request));
            return;
        }
        if (url.pathname === "/signin" || url.pathname === "/sw.js" || url.pathname.endsWith("/ws")) return;
        if (url.pathname.startsWith("/assets/") || url.pathname.startsWith("/icons/") || url.pathname === "/offline") {
            event.respondWith(caches.match(request, { cacheName: SHELL }).then((hit) => hit || fetch(request)));
            return;
        }
        if (url.pathname.startsWith("/api/") || url.pathname.endsWith(".svg")) {
            event.respondWith(api(request));
            return;
        }
        if (request.mode === "navigate") event.respondWith(page(request));
    });
})();
