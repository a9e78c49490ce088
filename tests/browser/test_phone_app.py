"""Bourse as an app on the phone (Chromium at 390 x 844): installable, its service worker in
control, everything seen on the device opening with the server stopped (and the offline notice),
offline search, an order refused offline, the pages refreshing by themselves when the server
is back, a new version replacing the old cache; the tab bar and the 56 px header; My stocks."""
import json
import subprocess
import time
import urllib.request

import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from axe_check import assert_no_serious_violations
from conftest import free_port, make_driver, running_app
from layout_checks import assert_fits_width, assert_touch_targets
from test_exchange import choose, set_field, tap

SCREENS = ["/", "/markets", "/stocks/AAPL", "/gnb", "/gnb/T2006", "/exchange"]


def wait(driver, seconds=30):
    # The pages here reload themselves (a new worker taking over, the server back online): an
    # element found just before a reload is stale when it is read, so look again.
    return WebDriverWait(driver, seconds, ignored_exceptions=(StaleElementReferenceException,))


@pytest.fixture
def phone():
    driver = make_driver("phone")
    yield driver
    driver.quit()


def set_watchlist(app_url, symbols):
    request = urllib.request.Request(app_url + "/api/v1/watchlist", method="PUT", data=json.dumps({"symbols": symbols}).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=20):
        pass


def controlled(driver):
    return driver.execute_script("return !!(navigator.serviceWorker && navigator.serviceWorker.controller)")


def shell_caches(driver):
    return driver.execute_async_script(
        "const done = arguments[0]; caches.keys().then((k) => done(k.filter((n) => n.startsWith('bourse-shell-'))))")


def loaded(driver, path):
    """Waits until the screen at `path` shows its data (not a spinner, not the offline page)."""
    def ready(d):
        text = d.find_element(By.TAG_NAME, "main").text
        if "You are offline" in text and "has not been opened" in text:
            return False
        if path == "/":
            return d.find_elements(By.CSS_SELECTOR, "#watch-rows li[data-symbol]")
        if path == "/markets":
            return d.find_elements(By.CSS_SELECTOR, "#quote-rows tr[data-symbol]")
        if path == "/stocks/AAPL":
            return d.find_element(By.ID, "price").text not in ("", "—") and d.find_elements(By.CSS_SELECTOR, "#chart svg")
        if path == "/gnb":
            return d.find_elements(By.CSS_SELECTOR, "[data-sku]")
        if path == "/gnb/T2006":
            return "EUR" in text and d.find_elements(By.CSS_SELECTOR, "tbody tr")
        if path == "/exchange":
            return d.find_elements(By.CSS_SELECTOR, "#history-rows tr[data-order-id]")
        return True
    wait(driver).until(ready)


def test_installable_offline_and_back_online(phone, screenshot_dir=None):
    port = free_port()
    with running_app(port=port) as app_url:
        database = app_url.database
        phone.get(app_url + "/stocks/AAPL")
        wait(phone).until(lambda d: d.find_element(By.ID, "follow").is_displayed())
        tap(phone, phone.find_element(By.ID, "follow"))
        wait(phone).until(lambda d: d.find_element(By.ID, "follow").get_attribute("aria-pressed") == "true")
        # Installable: Chrome finds nothing missing in the manifest, icons and worker.
        errors = phone.execute_cdp_cmd("Page.getInstallabilityErrors", {})
        assert errors.get("installabilityErrors") == [], errors
        wait(phone).until(controlled)

        # An order, so the exchange has history to show offline.
        phone.get(app_url + "/exchange")
        wait(phone).until(lambda d: d.find_element(By.ID, "feed-badge").get_attribute("data-state") == "live")
        choose(phone, '[data-side="buy"]')
        choose(phone, '[data-type="market"]')
        set_field(phone, "quantity", "5")
        tap(phone, phone.find_element(By.ID, "submit"))
        wait(phone).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#history-rows tr[data-order-id]"))

        for path in SCREENS:
            phone.get(app_url + path)
            loaded(phone, path)
        # Search once online, so the device keeps the listings.
        wait(phone).until(lambda d: d.execute_async_script(
            "const done = arguments[0]; caches.match('/api/v1/search/listings').then((r) => done(!!r))"))

        # The server goes away (how it shuts down is test_lifecycle's business: here it is only
        # made unreachable, so a slow stop is cut short).
        app_url.process.terminate()
        try:
            app_url.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            app_url.process.kill()
            app_url.process.wait(timeout=10)

        for path in SCREENS:
            phone.get(app_url + path)
            loaded(phone, path)
            if path != "/exchange":
                notice = wait(phone).until(lambda d: d.find_element(By.ID, "stale-notice"))
                wait(phone).until(lambda d: notice.is_displayed() and notice.get_attribute("data-offline") == "true")
                assert notice.text.startswith("Offline: showing data from"), notice.text
            if path == "/":
                phone.save_screenshot("artifacts/screenshots/phone-offline-my-stocks.png")

        box = phone.find_element(By.ID, "site-search-input")
        box.send_keys("app")
        wait(phone).until(lambda d: any(o.get_attribute("data-symbol") == "AAPL"
                                        for o in d.find_elements(By.CSS_SELECTOR, "#site-search-list [role=option]")))

        phone.get(app_url + "/exchange")
        loaded(phone, "/exchange")
        before = phone.execute_script("return document.querySelectorAll('#history-rows tr').length")
        choose(phone, '[data-side="buy"]')
        choose(phone, '[data-type="market"]')
        set_field(phone, "quantity", "7")
        tap(phone, phone.find_element(By.ID, "submit"))
        wait(phone).until(lambda d: "You are offline: nothing was sent" in d.find_element(By.ID, "ticket-error").text)
        assert phone.execute_script("return document.querySelectorAll('#history-rows tr').length") == before

        # The server comes back (same address, same database): the page refreshes by itself.
        phone.get(app_url + "/")
        loaded(phone, "/")
        with running_app(port=port, database=database):
            wait(phone, 60).until(lambda d: not d.find_element(By.ID, "stale-notice").is_displayed())
            assert phone.execute_script("return document.querySelectorAll('#watch-rows li').length") == 1


def test_a_new_version_replaces_the_old_cache(phone):
    port = free_port()
    with running_app(port=port, BOURSE_DEPLOY_ID="first") as app_url:
        database = app_url.database
        phone.get(app_url + "/markets")
        wait(phone).until(controlled)
        first = shell_caches(phone)
        assert len(first) == 1
    with running_app(port=port, database=database, BOURSE_DEPLOY_ID="second") as app_url:
        phone.get(app_url + "/markets")
        wait(phone, 60).until(lambda d: d.find_element(By.ID, "update-notice").is_displayed())
        second = shell_caches(phone)
        assert len(second) == 1 and second != first


def test_the_tab_bar_and_header_at_phone_size(phone, app_url):
    phone.get(app_url + "/markets")
    header = phone.execute_script("return document.querySelector('.site-header').getBoundingClientRect().height")
    assert header <= 56
    bar = phone.find_element(By.CSS_SELECTOR, "nav.tab-bar")
    assert bar.is_displayed()
    assert not phone.find_element(By.CSS_SELECTOR, "nav[aria-label=Sections]").is_displayed()
    for title, path in [("Exchange", "/exchange"), ("GNB", "/gnb"), ("Search", "/search"), ("Markets", "/markets"),
                        ("My stocks", "/")]:
        link = phone.find_element(By.XPATH, f"//nav[@class='tab-bar']//a[.//span[text()='{title}']]")
        link.click()
        wait(phone).until(lambda d: d.current_url == app_url + path)
        assert_fits_width(phone)
    assert_touch_targets(phone)
    assert_no_serious_violations(phone)
    phone.set_window_size(320, 700)
    for path in ["/", "/markets", "/stocks/AAPL", "/exchange", "/gnb"]:
        phone.get(app_url + path)
        assert_fits_width(phone)


def test_my_stocks_follow_reorder_remove(phone, app_url):
    # The session's app, its list emptied first and after (other modules follow stocks too).
    set_watchlist(app_url, [])
    try:
        phone.get(app_url + "/")
        assert phone.find_element(By.ID, "follow-hint").is_displayed(), "the home screen says how to follow"
        for symbol in ["AAPL", "MSFT", "KO"]:
            phone.get(app_url + "/stocks/" + symbol)
            button = wait(phone).until(lambda d: d.find_element(By.ID, "follow") if d.find_element(By.ID, "follow").is_displayed() else None)
            tap(phone, button)
            wait(phone).until(lambda d: d.find_element(By.ID, "follow").get_attribute("aria-pressed") == "true")
        phone.get(app_url + "/")
        def rows(d):  # read in one script: the list is redrawn after every change
            return d.execute_script("return [...document.querySelectorAll('#watch-rows li')].map((r) => r.dataset.symbol)")
        wait(phone).until(lambda d: rows(d) == ["AAPL", "MSFT", "KO"])
        wait(phone).until(lambda d: d.execute_script(
            "return [...document.querySelectorAll('#watch-rows img.sparkline')].every((i) => i.complete && i.naturalWidth > 0)"))
        phone.save_screenshot("artifacts/screenshots/phone-my-stocks.png")
        assert_no_serious_violations(phone)

        tap(phone, phone.find_element(By.ID, "edit-list"))
        tap(phone, phone.find_element(By.CSS_SELECTOR, "[aria-label='Move up KO']"))
        wait(phone).until(lambda d: rows(d) == ["AAPL", "KO", "MSFT"])
        # Each sparkline says which period it shows.
        periods = phone.execute_script(
            "return [...document.querySelectorAll('#watch-rows .spark')].map((s) => s.textContent.trim())")
        assert periods == ["1 month"] * 3, periods
        # Removing offers Undo, which puts the stock back in its place.
        tap(phone, phone.find_element(By.CSS_SELECTOR, "[aria-label='Remove KO']"))
        wait(phone).until(lambda d: rows(d) == ["AAPL", "MSFT"])
        undo = wait(phone).until(lambda d: d.find_element(By.ID, "undo") if d.find_element(By.ID, "undo-bar").is_displayed() else None)
        assert "Removed KO" in phone.find_element(By.ID, "undo-bar").text
        tap(phone, undo)
        wait(phone).until(lambda d: rows(d) == ["AAPL", "KO", "MSFT"])
        tap(phone, phone.find_element(By.CSS_SELECTOR, "[aria-label='Remove AAPL']"))
        wait(phone).until(lambda d: rows(d) == ["KO", "MSFT"])
        assert_touch_targets(phone)
        phone.refresh()
        wait(phone).until(lambda d: rows(d) == ["KO", "MSFT"])
    finally:
        set_watchlist(app_url, [])


def test_the_first_page_a_device_opens_works_offline(phone):
    """Opened before any worker controlled it, the first page and its data are kept when the worker
    takes over: with the server gone, it opens as seen, not as "not opened on this device yet"."""
    with running_app() as app_url:
        phone.get(app_url + "/stocks/MSFT")
        loaded_stock = lambda d: (d.find_element(By.ID, "price").text not in ("", "—")
                                  and d.find_elements(By.CSS_SELECTOR, "#chart svg"))
        wait(phone).until(loaded_stock)
        wait(phone).until(controlled)
        kept = ("const done = arguments[0]; Promise.all([location.href, '/api/v1/stocks/MSFT', "
                "performance.getEntriesByType('resource').map((e) => e.name).find((n) => n.includes('/chart.svg'))]"
                ".map((url) => caches.match(url, { cacheName: 'bourse-data' }))).then((hits) => done(hits.every(Boolean)))")
        wait(phone).until(lambda d: d.execute_async_script(kept))
        price = phone.find_element(By.ID, "price").text

        app_url.process.terminate()
        try:
            app_url.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            app_url.process.kill()
            app_url.process.wait(timeout=10)

        phone.get(app_url + "/stocks/MSFT")
        assert "has not been opened" not in phone.find_element(By.TAG_NAME, "main").text
        wait(phone).until(loaded_stock)
        assert phone.find_element(By.ID, "price").text == price
        notice = phone.find_element(By.ID, "stale-notice")
        wait(phone).until(lambda d: notice.is_displayed() and notice.get_attribute("data-offline") == "true")


HEADER_PAGES = ["/", "/markets", "/stocks/AAPL", "/search", "/exchange", "/gnb", "/gnb/T2006", "/nowhere"]


def test_every_header_keeps_a_usable_search_box_at_390_px(phone, app_url):
    """Spec §7: one header row at most 56 px tall; the source label stays short (the whole source is
    said in the page), so the search box keeps a usable width on every page."""
    for path in HEADER_PAGES:
        phone.get(app_url + path)
        if path.startswith("/gnb"):  # the label comes with the data: the long GNB source
            wait(phone).until(lambda d: d.find_element(By.ID, "source-label").is_displayed())
            note = phone.find_element(By.ID, "source-note")
            assert note.is_displayed() and "GNB" in note.text, note.text
        width, height = phone.execute_script("""
            return [document.getElementById("site-search-input").getBoundingClientRect().width,
                    document.querySelector(".site-header").getBoundingClientRect().height];""")
        assert width >= 120, f"{path}: the search box is {width} px wide"
        assert height <= 56, f"{path}: the header is {height} px tall"
        assert_fits_width(phone)
