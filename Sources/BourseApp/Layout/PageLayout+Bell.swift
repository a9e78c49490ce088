extension PageLayout {
    /// The bell in every page's header (but sign-in's): the notifications of
    /// `/api/v1/notifications` (fired alerts, fills, orders cancelled or expired), the unseen ones
    /// counted on it. `bell.js` fills the count and, when the button opens the panel, the list,
    /// marking them seen. The panel also holds "Notify me" (`notify.js`): Web Push on this device,
    /// asked for only when tapped, with "Stop notifications" and which kinds are sent. Devices
    /// without push see the same list here.
    ///
    /// The button is a disclosure (`aria-expanded`, `aria-controls`); Escape closes the panel. Its
    /// name says the unseen count (the visible count is hidden from assistive technology).
    static let bell: HTML = #"""
        <div class="bell" id="bell">\#
        <button type="button" class="bell-button" id="bell-button" aria-expanded="false" aria-controls="bell-panel">\#
        <svg class="bell-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">\#
        <path fill="currentColor" d="M12 22a2 2 0 0 0 2-2h-4a2 2 0 0 0 2 2zm6-6v-5c0-3.07-1.64-5.64-4.5-6.32V4a1.5 1.5 0 \#
        0 0-3 0v.68C7.63 5.36 6 7.92 6 11v5l-2 2v1h16v-1l-2-2z"/></svg>\#
        <span class="visually-hidden" id="bell-label">Notifications</span>\#
        <span class="bell-count" id="bell-count" aria-hidden="true" hidden></span></button>
        <div class="bell-panel" id="bell-panel" role="region" aria-labelledby="bell-heading" hidden>
        <h2 class="bell-heading" id="bell-heading">Notifications</h2>
        <p class="bell-status" id="bell-status" role="status" aria-live="polite"></p>
        <ul class="bell-list" id="bell-list"></ul>
        <div class="push-box" id="push-box">
        <p class="push-text" id="push-text" role="status" aria-live="polite"></p>
        <button type="button" class="button" id="push-on" hidden>Notify me</button>
        <fieldset class="push-kinds" id="push-kinds" hidden><legend>Send to this device</legend>\#
        <label class="push-kind"><input type="checkbox" data-kind="alerts"><span>Fired alerts</span></label>\#
        <label class="push-kind"><input type="checkbox" data-kind="fills"><span>Order fills</span></label>\#
        <label class="push-kind"><input type="checkbox" data-kind="orders"><span>Orders cancelled or expired</span></label>\#
        </fieldset>
        <button type="button" class="button secondary" id="push-off" hidden>Stop notifications</button>
        </div>
        </div>
        </div>
        """#
}
