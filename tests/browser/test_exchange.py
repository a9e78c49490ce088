"""The exchange screen in Chromium at phone and tablet size, against the app's simulated feed.

The app is one process for the whole session and both sizes trade on it, so each check is
relative to what was there before (the position grows, the history gains rows).
"""
import json
import urllib.request
from decimal import Decimal

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from axe_check import assert_no_serious_violations
from layout_checks import assert_fits_width, assert_touch_targets

FINAL = {"FILLED", "CANCELLED", "REJECTED"}


def wait(driver, seconds=20):
    return WebDriverWait(driver, seconds)


def api(app_url, path):
    with urllib.request.urlopen(app_url + path, timeout=10) as response:
        return json.load(response)


def last_seq(driver):
    value = driver.execute_script("return document.body.dataset.lastSeq")
    return int(value) if value else None


def history_ids(driver):
    # Read in one script: the rows are redrawn whenever an order changes.
    return set(driver.execute_script(
        "return [...document.querySelectorAll('#history-rows tr')].map((row) => row.dataset.orderId)"))


def tap(driver, element):
    """Brings `element` to the middle of the screen (clear of the sticky bar and the notifications),
    taps it, and waits until the page has the click. On a touch screen (these browsers emulate one)
    Chromium turns the tap into a click a moment after the touch ends, after `click()` returned:
    read at once, the page may not have heard the tap yet (it failed CI once, under load). A tap
    that lands on anything else, or never arrives, fails here."""
    driver.execute_script("""
        const target = arguments[0];
        target.scrollIntoView({block: 'center'});
        window.__tapped = false;
        document.addEventListener("click", function (event) {
            window.__tapped = target.contains(event.target) ? true : "elsewhere: " + event.target.outerHTML.slice(0, 120);
        }, {capture: true, once: true});""", element)
    element.click()
    # A tap that leaves the page (a link) is heard too: the new page has no `__tapped`.
    wait(driver, 10).until(lambda d: d.execute_script("return window.__tapped") is not False)
    tapped = driver.execute_script("return window.__tapped")
    assert tapped in (True, None), f"the tap on {element.tag_name} landed {tapped}"


def open_live(driver, app_url):
    driver.get(app_url + "/exchange")
    wait(driver).until(lambda d: d.find_element(By.ID, "feed-badge").get_attribute("data-state") == "live")
    wait(driver).until(lambda d: last_seq(d) is not None)
    first = last_seq(driver)
    wait(driver).until(lambda d: last_seq(d) > first)
    wait(driver).until(lambda d: d.find_element(By.ID, "best-bid").text not in ("—", "none", ""))


def choose(driver, selector):
    button = driver.find_element(By.CSS_SELECTOR, selector)
    tap(driver, button)
    assert button.get_attribute("aria-pressed") == "true"


def set_field(driver, field_id, text):
    field = driver.find_element(By.ID, field_id)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", field)
    field.clear()
    field.send_keys(text)


def submit_order(driver):
    """Taps the submit button and, when the order is large enough to ask first, "Place it"."""
    tap(driver, driver.find_element(By.ID, "submit"))
    if driver.find_element(By.ID, "ticket-confirm").is_displayed():
        tap(driver, driver.find_element(By.ID, "confirm-place"))


def place(driver):
    """Taps the submit button (and confirms a large order); returns the id of the order that appears in the history."""
    before = history_ids(driver)
    submit_order(driver)
    wait(driver).until(lambda d: history_ids(d) - before)
    (order_id,) = history_ids(driver) - before
    return order_id


def history_row(driver, order_id):
    """The history row of `order_id` as {"status", "text"}, read at one moment (the rows are redrawn)."""
    return driver.execute_script("""
        const row = document.querySelector('#history-rows tr[data-order-id="' + arguments[0] + '"]');
        return row ? { status: row.dataset.status, text: row.innerText } : { status: null, text: "" };
    """, order_id)


def test_the_feed_goes_live_with_the_book_and_chart(driver, app_url, screenshot):
    driver.get(app_url + "/exchange")
    assert driver.find_element(By.CSS_SELECTOR, "header a.brand").text == "Bourse"
    # The header's navigation, or on a phone the tab bar: whichever is shown marks Exchange.
    current = [a for a in driver.find_elements(By.CSS_SELECTOR, 'nav a[aria-current="page"]') if a.is_displayed()]
    assert len(current) == 1 and current[0].text.endswith("Exchange")
    open_live(driver, app_url)

    assert driver.find_element(By.ID, "feed-badge").text == "Live"
    assert driver.find_element(By.ID, "ex-symbol").text != ""
    assert driver.find_element(By.ID, "sim-label").is_displayed(), "the embedded feed is simulated"
    assert not driver.find_element(By.ID, "status").is_displayed()
    # One script reads the book at one moment (ticks are handled between scripts, never during one).
    bids, asks, spread = driver.execute_script("""
        const texts = (selector) => [...document.querySelectorAll(selector)].map((cell) => cell.textContent);
        return [texts("#book-rows td.bid"), texts("#book-rows td.ask"), document.getElementById("spread").textContent];
    """)
    assert len(bids) == 10 and bids[0] and asks[0], (bids, asks)
    assert Decimal(bids[0]) < Decimal(asks[0])
    assert Decimal(spread) == Decimal(asks[0]) - Decimal(bids[0])
    wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, "#ex-chart polyline").get_attribute("points"))
    # Each tick's latency is a performance mark (scripts/tick-latency.py reads them).
    latencies = driver.execute_script(
        "return performance.getEntriesByName('bourse-tick', 'mark').map((mark) => mark.detail)")
    assert latencies and all(isinstance(value, (int, float)) for value in latencies)
    screenshot()
    assert_no_serious_violations(driver)
    assert_fits_width(driver)
    assert_touch_targets(driver)


def test_a_market_buy_fills_and_the_position_grows(driver, app_url, screenshot):
    open_live(driver, app_url)
    wait(driver).until(lambda d: d.find_element(By.ID, "pos-quantity").get_attribute("data-quantity") is not None)
    held = api(app_url, "/api/v1/position")["quantity"]
    choose(driver, '[data-side="buy"]')
    choose(driver, '[data-type="market"]')
    set_field(driver, "quantity", "100")
    assert driver.find_element(By.ID, "submit").text == "Buy 100 at market"

    order_id = place(driver)
    wait(driver).until(lambda d: history_row(d, order_id)["status"] in FINAL)
    row = history_row(driver, order_id)
    status = row["status"]
    order = api(app_url, f"/api/v1/orders/{order_id}")["order"]
    if status == "FILLED":
        assert "Filled" in row["text"]
    else:  # the visible book was shorter than 100 shares
        assert status == "CANCELLED" and "could not be filled" in row["text"], row["text"]
    toast = wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, f'#toasts .toast[data-order-id="{order_id}"]')))
    assert toast.text.startswith("Bought"), toast.text
    assert len(driver.find_elements(By.CSS_SELECTOR, f'#toasts .toast[data-order-id="{order_id}"]')) == 1, "one notice, not two"
    wait(driver).until(lambda d: d.find_element(By.ID, "pos-quantity").get_attribute("data-quantity")
                       == str(held + order["filledQuantity"]))
    assert driver.find_element(By.ID, "pos-average").text not in ("", "—")
    screenshot()
    assert_fits_width(driver)


def test_a_limit_buy_below_the_market_waits_and_is_cancelled(driver, app_url, screenshot):
    open_live(driver, app_url)
    best_bid = Decimal(driver.find_element(By.ID, "best-bid").text)
    far_below = str((best_bid * Decimal("0.8")).quantize(Decimal("1"))) + ".00"
    choose(driver, '[data-side="buy"]')
    choose(driver, '[data-type="limit"]')
    assert driver.find_element(By.ID, "limit-price").is_displayed()
    assert driver.find_element(By.ID, "limit-price").get_attribute("value") == "", "live data never writes a field"
    assert driver.find_element(By.ID, "use-limit-price").text.startswith("Use ask "), "the best ask is offered as a tap"
    set_field(driver, "quantity", "25")
    set_field(driver, "limit-price", far_below)
    assert driver.find_element(By.ID, "submit").text == f"Buy 25 at {far_below} or less"

    order_id = place(driver)
    item = wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, f'#open-orders li[data-order-id="{order_id}"]')))
    assert item.get_attribute("data-status") == "PENDING"
    assert history_row(driver, order_id)["status"] == "PENDING"
    screenshot("pending")
    assert_no_serious_violations(driver)
    assert_touch_targets(driver)

    tap(driver, item.find_element(By.CSS_SELECTOR, "button.cancel"))
    wait(driver).until(EC.invisibility_of_element_located((By.CSS_SELECTOR, f'#open-orders li[data-order-id="{order_id}"]')))
    wait(driver).until(lambda d: history_row(d, order_id)["status"] == "CANCELLED")
    assert "Cancelled" in history_row(driver, order_id)["text"]
    assert api(app_url, f"/api/v1/orders/{order_id}")["order"]["status"] == "CANCELLED"
    choose(driver, '[data-type="market"]')
    assert not driver.find_element(By.ID, "limit-price").is_displayed()


def test_a_bad_quantity_shows_the_servers_error_and_places_nothing(driver, app_url, screenshot):
    open_live(driver, app_url)
    wait(driver).until(lambda d: not d.find_element(By.ID, "history-empty").text.startswith("Loading"))
    orders_before = len(api(app_url, "/api/v1/orders?status=all&limit=100")["orders"])
    rows_before = history_ids(driver)
    choose(driver, '[data-type="market"]')
    set_field(driver, "quantity", "0")
    tap(driver, driver.find_element(By.ID, "submit"))

    error = wait(driver).until(EC.visibility_of_element_located((By.ID, "ticket-error")))
    wait(driver).until(lambda d: "quantity" in error.text.lower())
    assert driver.find_element(By.ID, "quantity").get_attribute("value") == "0", "the user's input stays"
    assert driver.find_element(By.ID, "quantity").get_attribute("aria-invalid") == "true"
    assert history_ids(driver) == rows_before
    assert len(api(app_url, "/api/v1/orders?status=all&limit=100")["orders"]) == orders_before
    screenshot()
    assert_no_serious_violations(driver)

    set_field(driver, "quantity", "100")
    assert driver.find_element(By.ID, "submit").text == "Buy 100 at market"
