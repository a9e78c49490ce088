"""Notifications in Chromium (issue 20): the browser is asked for permission only when "Notify me"
is tapped, never on load; a push delivered to the service worker through the DevTools protocol is
shown as a notification with the payload's title and body (and a missing or hostile payload
still gives a safe one); the bell in the header counts what fired, lists it, and opening it
clears the count. The app is shared by every browser test: the alerts set here are removed."""
import json
import time
import urllib.error
import urllib.request

import pytest
import websocket
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from axe_check import assert_no_serious_violations
from conftest import one_size
from layout_checks import assert_fits_width, assert_touch_targets
from test_alerts_ui import call, wait
from test_exchange import tap

# Counts the page's calls of Notification.requestPermission, across page loads of the tab.
COUNT_PERMISSION_ASKS = """
if (typeof Notification !== "undefined" && Notification.requestPermission) {
    const original = Notification.requestPermission;
    Notification.requestPermission = function () {
        const asked = Number(sessionStorage.getItem("bourse-test-permission-asks") || "0") + 1;
        sessionStorage.setItem("bourse-test-permission-asks", String(asked));
        return original.apply(Notification, arguments);
    };
}
"""


def permission_asks(driver):
    return int(driver.execute_script("return sessionStorage.getItem('bourse-test-permission-asks') || '0'"))


def controlled(driver):
    return driver.execute_script("return !!(navigator.serviceWorker && navigator.serviceWorker.controller)")


def open_bell(driver):
    button = driver.find_element(By.ID, "bell-button")
    tap(driver, button)
    wait(driver).until(lambda d: d.find_element(By.ID, "bell-panel").is_displayed())
    assert button.get_attribute("aria-expanded") == "true"


@pytest.fixture(scope="module")
def counting(driver, app_url):
    """The driver, counting permission asks on every page it loads from now on."""
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": COUNT_PERMISSION_ASKS})
    return driver


class DevTools:
    """A second DevTools connection to the page's target, for what Selenium cannot do: listen to
    the ServiceWorker domain's events."""

    def __init__(self, driver, page_url):
        address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
        with urllib.request.urlopen(f"http://{address}/json", timeout=10) as response:
            targets = json.loads(response.read())
        page = next(t for t in targets if t.get("type") == "page" and t.get("url", "").startswith(page_url))
        self.socket = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=30, suppress_origin=True)
        self.next_id = 0
        self.events = []

    def send(self, method, params=None):
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params or {}}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == self.next_id:
                assert "error" not in message, f"{method}: {message['error']}"
                return message.get("result", {})
            if "method" in message:
                self.events.append(message)

    def event(self, matches, seconds=30):
        deadline = time.monotonic() + seconds
        while True:
            for event in self.events:
                if matches(event):
                    return event
            assert time.monotonic() < deadline, "no such DevTools event"
            self.socket.settimeout(max(0.1, deadline - time.monotonic()))
            try:
                message = json.loads(self.socket.recv())
            except websocket.WebSocketTimeoutException:
                continue
            if "method" in message:
                self.events.append(message)

    def close(self):
        self.socket.close()


# Nothing here depends on the layout (the bell's layout is checked at both sizes below), and
# headless Chromium's push subscription waits out notify.js's 20 s timeout: phone size only.
@one_size
def test_permission_is_asked_only_when_notify_me_is_tapped(counting, app_url, screenshot):
    driver = counting
    for path in ["/markets", "/stocks/AAPL", "/exchange", "/"]:
        driver.get(app_url + path)
        wait(driver).until(lambda d: d.find_element(By.ID, "bell-button").is_displayed())
    wait(driver).until(controlled)
    assert permission_asks(driver) == 0

    driver.execute_cdp_cmd("Browser.grantPermissions", {"permissions": ["notifications"], "origin": app_url})
    driver.get(app_url + "/markets")
    open_bell(driver)
    notify = driver.find_element(By.ID, "push-on")
    wait(driver).until(lambda d: notify.is_displayed())
    assert permission_asks(driver) == 0, "opening the bell asked for permission"
    tap(driver, notify)
    text = driver.find_element(By.ID, "push-text")
    wait(driver).until(lambda d: "on for this device" in text.text or "nothing is sent to this device" in text.text)
    assert permission_asks(driver) == 1
    screenshot("notify-me")

    if "on for this device" in text.text:
        # Subscribed: the server has it; the kinds are saved; Stop removes it on both sides.
        assert call(app_url, "/api/v1/push/subscriptions")["subscriptions"]
        fills = driver.find_element(By.CSS_SELECTOR, "#push-kinds input[data-kind=fills]")
        wait(driver).until(lambda d: fills.is_selected())
        tap(driver, fills.find_element(By.XPATH, ".."))  # its label, which the (transparent) box covers
        wait(driver).until(lambda d: call(app_url, "/api/v1/push/settings")["fills"] is False)
        call(app_url, "/api/v1/push/settings", "PUT", {"fills": True})
        tap(driver, driver.find_element(By.ID, "push-off"))
        wait(driver).until(lambda d: "off for this device" in text.text)
        assert call(app_url, "/api/v1/push/subscriptions")["subscriptions"] == []
    else:
        # Refused (headless Chromium has no push service): said plainly, Notify me offered again,
        # and the bell still lists the notifications.
        assert "The bell still lists everything" in text.text
        assert driver.find_element(By.ID, "push-on").is_displayed()
        assert not driver.find_element(By.ID, "push-off").is_displayed()
        assert driver.find_element(By.ID, "bell-list") is not None


def shown_notifications(driver):
    return driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        navigator.serviceWorker.ready.then((r) => r.getNotifications())
            .then((list) => done(list.map((n) => ({title: n.title, body: n.body, tag: n.tag, url: n.data && n.data.url}))))
            .catch((error) => done({error: String(error)}));""")


def close_notifications(driver):
    driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        navigator.serviceWorker.ready.then((r) => r.getNotifications())
            .then((list) => { list.forEach((n) => n.close()); done(true); }, () => done(false));""")


@one_size
def test_a_push_is_shown_by_the_service_worker(counting, app_url):
    driver = counting
    driver.execute_cdp_cmd("Browser.grantPermissions", {"permissions": ["notifications"], "origin": app_url})
    driver.get(app_url + "/markets")
    wait(driver).until(controlled)
    devtools = DevTools(driver, app_url)
    try:
        devtools.send("ServiceWorker.enable")
        updated = devtools.event(lambda e: e["method"] == "ServiceWorker.workerRegistrationUpdated" and any(
            r["scopeURL"] == app_url + "/" and not r["isDeleted"] for r in e["params"]["registrations"]))
        registration = next(r["registrationId"] for r in updated["params"]["registrations"] if r["scopeURL"] == app_url + "/")

        def shown_after_push(data, title):
            """Delivers `data` and returns the notification titled `title` the worker showed. The
            ones shown before are closed first; headless Chromium now and then lists no
            notification for a push that comes right after others, so an unlisted push is
            delivered again (at most three times) before the test fails."""
            close_notifications(driver)
            found = []
            for _ in range(3):
                devtools.send("ServiceWorker.deliverPushMessage",
                              {"origin": app_url, "registrationId": registration, "data": data})
                deadline = time.monotonic() + 10
                while time.monotonic() < deadline:
                    found = shown_notifications(driver)
                    assert not isinstance(found, dict), found
                    for notification in found:
                        if notification["title"] == title:
                            return notification
                    time.sleep(0.2)
            raise AssertionError(f"no notification {title!r} among {found}")

        payload = {"id": "9001", "kind": "alert", "title": "AAPL at or above 0.01", "body": "AAPL traded at 190.12 <b>&</b>",
                   "url": "/stocks/AAPL", "tag": "alert-9001", "createdAt": "2026-11-26T01:00:00.000Z"}
        notification = shown_after_push(json.dumps(payload), payload["title"])
        assert notification == {"title": payload["title"], "body": payload["body"], "tag": "alert-9001", "url": "/stocks/AAPL"}

        # Another site's URL is never kept for the tap: the app's home instead.
        hostile = {**payload, "title": "Hostile", "url": "https://example.com/x", "tag": "hostile"}
        assert shown_after_push(json.dumps(hostile), "Hostile")["url"] == "/"
        hostile = {**payload, "title": "Hostile too", "url": "//example.com/x", "tag": "hostile-too"}
        assert shown_after_push(json.dumps(hostile), "Hostile too")["url"] == "/"

        # Not JSON: still a notification, the text as its body.
        fallback = shown_after_push("not json", "Bourse")
        assert fallback["body"] == "not json" and fallback["url"] == "/"
    finally:
        close_notifications(driver)
        devtools.close()


def test_the_bell_lists_a_fired_alert_and_clears_its_count(counting, app_url, screenshot):
    driver = counting
    call(app_url, "/api/v1/stocks/AAPL")  # the app knows AAPL's price: the alert fires when set
    alert = call(app_url, "/api/v1/alerts", "POST", {"symbol": "AAPL", "above": "0.01"})["alert"]
    try:
        assert alert["status"] == "fired"
        deadline = time.monotonic() + 20
        while not any("AAPL" in n["title"] + n["body"] and n["kind"] == "alert"
                      for n in call(app_url, "/api/v1/notifications")["notifications"]):
            assert time.monotonic() < deadline, "the fired alert made no notification"
            time.sleep(0.2)
        unseen = call(app_url, "/api/v1/notifications")["unseen"]
        assert unseen >= 1

        driver.get(app_url + "/markets")
        count = driver.find_element(By.ID, "bell-count")
        wait(driver).until(lambda d: count.is_displayed() and count.text == (str(unseen) if unseen < 100 else "99+"))
        button = driver.find_element(By.ID, "bell-button")
        assert f"{unseen} unseen" in button.get_attribute("textContent")
        screenshot("bell-count")

        open_bell(driver)
        wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#bell-list li.bell-item"))
        first = driver.find_element(By.CSS_SELECTOR, "#bell-list li.bell-item")
        assert "AAPL" in first.text and "unseen" in first.get_attribute("class"), first.text
        assert first.find_element(By.TAG_NAME, "a").get_attribute("href") == app_url + "/stocks/AAPL"
        wait(driver).until(lambda d: not count.is_displayed())
        assert call(app_url, "/api/v1/notifications")["unseen"] == 0
        screenshot("bell-open")  # before axe, which may scroll the page
        assert_fits_width(driver)
        assert_touch_targets(driver)
        assert_no_serious_violations(driver)

        # Escape closes it and gives the focus back to the bell.
        driver.switch_to.active_element.send_keys(Keys.ESCAPE)
        wait(driver).until(lambda d: not d.find_element(By.ID, "bell-panel").is_displayed())
        assert button.get_attribute("aria-expanded") == "false"
        assert driver.switch_to.active_element == button

        # Seen: no count after a reload either; the list is still there.
        driver.get(app_url + "/markets")
        open_bell(driver)
        wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#bell-list li.bell-item"))
        assert not driver.find_element(By.ID, "bell-count").is_displayed()
        assert not driver.find_elements(By.CSS_SELECTOR, "#bell-list li.unseen")
        # A click outside the panel closes it (on a phone the panel may cover the page: clicked by script).
        driver.execute_script("document.querySelector('main').click()")
        wait(driver).until(lambda d: not d.find_element(By.ID, "bell-panel").is_displayed())
    finally:
        try:
            call(app_url, "/api/v1/alerts/" + alert["id"], "DELETE")
        except urllib.error.HTTPError as error:
            if error.code != 404:
                raise
