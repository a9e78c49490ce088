"""The exchange screen's ticket, open orders and history for the orders of SPEC.md §10 (stop, stop
limit, trailing stop, time in force, brackets), in Chromium at phone and laptop (1280 px) size against the
app's simulated feed.

The app is one process for the whole session (other modules trade on it too), so each check
looks at the orders it placed itself, and "nothing was sent" is checked against the API's count.
"""
import json
import urllib.request
from decimal import Decimal

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from axe_check import assert_no_serious_violations
from conftest import one_size
from layout_checks import assert_fits_width, assert_touch_targets
from test_exchange import api, choose, history_ids, history_row, open_live, place, set_field, submit_order, tap, wait


# The fields each type shows, and its times in force (the first one chosen).
FIELDS = {
    "market": {"limit-price": False, "stop-price": False, "trail": False, "bracket-toggle": True},
    "limit": {"limit-price": True, "stop-price": False, "trail": False, "bracket-toggle": True},
    "stop": {"limit-price": False, "stop-price": True, "trail": False, "bracket-toggle": False},
    "stop_limit": {"limit-price": True, "stop-price": True, "trail": False, "bracket-toggle": False},
    "trailing_stop": {"limit-price": False, "stop-price": False, "trail": True, "bracket-toggle": False},
}
TIFS = {
    "market": ["ioc", "fok"],
    "limit": ["gtc", "day", "ioc", "fok"],
    "stop": ["gtc", "day"],
    "stop_limit": ["gtc", "day"],
    "trailing_stop": ["gtc", "day"],
}


@pytest.fixture(params=["phone", "laptop"], scope="module")
def size(request):
    """This module runs at phone size and at a laptop's (the three-column grid, 1280 px)."""
    return request.param


def post(app_url, path, body=None, method="POST"):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(app_url + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def order_count(app_url):
    return len(api(app_url, "/api/v1/orders?status=all&limit=1000")["orders"])


def last_price(driver):
    return Decimal(driver.find_element(By.ID, "last-price").text.split()[0].strip("▲▼ "))


def cents(value):
    return str(Decimal(value).quantize(Decimal("0.01")))


def shown(driver, element_id):
    return driver.find_element(By.ID, element_id).is_displayed()


def open_item(driver, order_id):
    """The open-orders item of `order_id` as {"stopPrice", "text", "parentId"}, read at one moment."""
    return driver.execute_script("""
        const item = document.querySelector('#open-orders li[data-order-id="' + arguments[0] + '"]');
        return item ? { stopPrice: item.dataset.stopPrice || null, parentId: item.dataset.parentId || null,
                        text: item.innerText } : null;
    """, order_id)


def show_open_orders(driver):
    """Scrolls the open orders into view (for the screenshot) and closes the notifications over them."""
    driver.execute_script("""
        document.querySelectorAll('#toasts .toast').forEach((toast) => toast.remove());
        document.getElementById('open-section').scrollIntoView({block: 'center'});
    """)


def place_entry(driver):
    """Taps the submit button; returns the id of the new order in the history (its exits, ids with a dot, may come with it)."""
    before = history_ids(driver)
    submit_order(driver)
    wait(driver).until(lambda d: {i for i in history_ids(d) - before if "." not in i})
    (order_id,) = {i for i in history_ids(driver) - before if "." not in i}
    return order_id


def test_each_type_shows_its_fields_and_times_in_force(driver, app_url, screenshot):
    open_live(driver, app_url)
    choose(driver, '[data-side="sell"]')
    for order_type, fields in FIELDS.items():
        choose(driver, f'[data-type="{order_type}"]')
        for field, visible in fields.items():
            assert shown(driver, field) == visible, (order_type, field)
        tif = Select(driver.find_element(By.ID, "time-in-force"))
        assert [option.get_attribute("value") for option in tif.options] == TIFS[order_type], order_type
        assert tif.first_selected_option.get_attribute("value") == TIFS[order_type][0], "the default is chosen"
        assert driver.find_element(By.ID, "tif-hint").text != ""
        if fields["stop-price"]:
            assert driver.find_element(By.ID, "stop-price-hint").text == "Triggers when the last price falls to this or below."
        assert_fits_width(driver)
        assert_touch_targets(driver)

    # The time in force's line says what the chosen one does; the button says what will happen.
    choose(driver, '[data-type="stop"]')
    Select(driver.find_element(By.ID, "time-in-force")).select_by_value("day")
    assert "close" in driver.find_element(By.ID, "tif-hint").text
    set_field(driver, "quantity", "50")
    set_field(driver, "stop-price", "99.50")
    assert driver.find_element(By.ID, "submit").text == "Sell 50 if the price falls to 99.50 (day only)"
    choose(driver, '[data-type="trailing_stop"]')
    assert Select(driver.find_element(By.ID, "time-in-force")).first_selected_option.get_attribute("value") == "gtc"
    set_field(driver, "quantity", "100")
    set_field(driver, "trail", "1.00")
    assert driver.find_element(By.ID, "submit").text == "Sell 100, trailing 1.00 below the high"
    Select(driver.find_element(By.ID, "trail-unit")).select_by_value("percent")
    assert driver.find_element(By.ID, "submit").text == "Sell 100, trailing 1.00% below the high"
    screenshot("trailing")
    choose(driver, '[data-side="buy"]')
    choose(driver, '[data-type="stop_limit"]')
    set_field(driver, "stop-price", "101.00")
    set_field(driver, "limit-price", "101.05")
    assert driver.find_element(By.ID, "stop-price-hint").text == "Triggers when the last price rises to this or above."
    assert driver.find_element(By.ID, "submit").text == "Buy 100 at 101.05 or less once the price reaches 101.00"

    # The bracket is behind its disclosure, on market and limit entries only.
    choose(driver, '[data-type="market"]')
    toggle = driver.find_element(By.ID, "bracket-toggle")
    assert toggle.get_attribute("aria-expanded") == "false" and not shown(driver, "take-profit")
    tap(driver, toggle)
    assert toggle.get_attribute("aria-expanded") == "true"
    assert shown(driver, "take-profit") and shown(driver, "stop-loss")
    set_field(driver, "take-profit", "104.00")
    set_field(driver, "stop-loss", "98.00")
    assert driver.find_element(By.ID, "submit").text == "Buy 100 at market, take-profit 104.00, stop-loss 98.00"
    screenshot("bracket")
    assert_fits_width(driver)
    assert_touch_targets(driver)
    assert_no_serious_violations(driver)
    tap(driver, toggle)
    assert not shown(driver, "take-profit")
    assert driver.find_element(By.ID, "submit").text == "Buy 100 at market"


def test_a_bad_stop_price_or_a_bracket_out_of_order_is_shown_and_nothing_is_sent(driver, app_url, screenshot):
    open_live(driver, app_url)
    before = order_count(app_url)
    choose(driver, '[data-side="sell"]')
    choose(driver, '[data-type="stop"]')
    set_field(driver, "quantity", "10")
    set_field(driver, "stop-price", "99.505")
    tap(driver, driver.find_element(By.ID, "submit"))
    error = wait(driver).until(EC.visibility_of_element_located((By.ID, "stop-price-error")))
    assert "tick" in error.text
    stop = driver.find_element(By.ID, "stop-price")
    assert stop.get_attribute("aria-invalid") == "true"
    assert "stop-price-error" in stop.get_attribute("aria-describedby").split()
    assert "Nothing was sent" in driver.find_element(By.ID, "ticket-error").text
    screenshot("stop")
    assert_no_serious_violations(driver)
    # Typing in the field clears its error.
    set_field(driver, "stop-price", "99.50")
    assert stop.get_attribute("aria-invalid") == "false" and not shown(driver, "stop-price-error")

    # A buy limit with its take-profit below its stop-loss.
    choose(driver, '[data-side="buy"]')
    choose(driver, '[data-type="limit"]')
    set_field(driver, "limit-price", "100.00")
    tap(driver, driver.find_element(By.ID, "bracket-toggle"))
    set_field(driver, "take-profit", "98.00")
    set_field(driver, "stop-loss", "104.00")
    tap(driver, driver.find_element(By.ID, "submit"))
    error = wait(driver).until(EC.visibility_of_element_located((By.ID, "take-profit-error")))
    assert "above the stop-loss" in error.text
    assert driver.find_element(By.ID, "take-profit").get_attribute("aria-invalid") == "true"
    # The stop-loss above the limit is wrong on its own too.
    assert "below the limit" in driver.find_element(By.ID, "stop-loss-error").text
    # A trail percent over 50.
    choose(driver, '[data-type="trailing_stop"]')
    Select(driver.find_element(By.ID, "trail-unit")).select_by_value("percent")
    set_field(driver, "trail", "60")
    tap(driver, driver.find_element(By.ID, "submit"))
    error = wait(driver).until(EC.visibility_of_element_located((By.ID, "trail-error")))
    assert "at most 50" in error.text
    assert order_count(app_url) == before, "nothing reached the server"
    assert_fits_width(driver)


def test_a_stop_order_waits_in_open_orders_with_its_level_and_is_cancelled(driver, app_url, screenshot):
    open_live(driver, app_url)
    level = cents(last_price(driver) * Decimal("0.7"))
    choose(driver, '[data-side="sell"]')
    choose(driver, '[data-type="stop"]')
    set_field(driver, "quantity", "20")
    set_field(driver, "stop-price", level)
    Select(driver.find_element(By.ID, "time-in-force")).select_by_value("day")
    assert driver.find_element(By.ID, "submit").text == f"Sell 20 if the price falls to {level} (day only)"
    order_id = place(driver)

    order = api(app_url, f"/api/v1/orders/{order_id}")["order"]
    assert (order["type"], order["stopPrice"], order["timeInForce"], order["status"]) == ("stop", level, "day", "PENDING")
    wait(driver).until(lambda d: open_item(d, order_id) is not None)
    item = open_item(driver, order_id)
    assert item["stopPrice"] == level
    assert f"stop {level}" in item["text"] and "day only" in item["text"], item["text"]
    assert f"stop {level}" in history_row(driver, order_id)["text"]
    show_open_orders(driver)
    screenshot()
    assert_touch_targets(driver)

    tap(driver, driver.find_element(By.CSS_SELECTOR, f'#open-orders li[data-order-id="{order_id}"] button.cancel'))
    wait(driver).until(lambda d: open_item(d, order_id) is None)
    wait(driver).until(lambda d: history_row(d, order_id)["status"] == "CANCELLED")
    assert api(app_url, f"/api/v1/orders/{order_id}")["order"]["status"] == "CANCELLED"
    choose(driver, '[data-type="market"]')


@one_size
def test_trailing_stops_show_their_level_as_it_moves(driver, app_url, screenshot):
    open_live(driver, app_url)
    trail = cents(last_price(driver) * Decimal("0.2"))
    ids = {}
    for side in ("sell", "buy"):
        choose(driver, f'[data-side="{side}"]')
        choose(driver, '[data-type="trailing_stop"]')
        set_field(driver, "quantity", "5")
        set_field(driver, "trail", trail)
        word = "below the high" if side == "sell" else "above the low"
        assert driver.find_element(By.ID, "submit").text == f"{side.title()} 5, trailing {trail} {word}"
        ids[side] = place(driver)
    levels = {side: api(app_url, f"/api/v1/orders/{order_id}")["order"]["stopPrice"] for side, order_id in ids.items()}
    for side, order_id in ids.items():
        wait(driver).until(lambda d: open_item(d, order_id) is not None)
        assert f"trailing {trail} " in open_item(driver, order_id)["text"]

    # The sell's level follows each new high, the buy's each new low: any move of the last price
    # moves one of them, and the screen follows from the socket's events, without a reload.
    def moved(_):
        now = {side: api(app_url, f"/api/v1/orders/{order_id}")["order"]["stopPrice"] for side, order_id in ids.items()}
        changed = {side: level for side, level in now.items() if level != levels[side] and level is not None}
        return changed or False
    changed = wait(driver, 60).until(moved)
    for side, level in changed.items():
        wait(driver).until(lambda d: open_item(d, ids[side])["stopPrice"] != levels[side])
    for side, order_id in ids.items():
        # Read both at one moment's distance: the screen shows what the API says (they may move on together).
        wait(driver).until(lambda d: open_item(d, order_id)["stopPrice"]
                           == api(app_url, f"/api/v1/orders/{order_id}")["order"]["stopPrice"])
        item = open_item(driver, order_id)  # once: the level may move again between two reads
        assert f"trailing stop {item['stopPrice']}" in item["text"]
    show_open_orders(driver)
    screenshot()
    for order_id in ids.values():
        post(app_url, f"/api/v1/orders/{order_id}", method="DELETE")
        wait(driver).until(lambda d: open_item(d, order_id) is None)
    choose(driver, '[data-type="market"]')


def test_a_bracket_entrys_exits_appear_and_cancel_from_the_list(driver, app_url, screenshot):
    open_live(driver, app_url)
    price = last_price(driver)
    take_profit, stop_loss = cents(price * Decimal("1.5")), cents(price * Decimal("0.5"))
    choose(driver, '[data-side="buy"]')
    choose(driver, '[data-type="market"]')
    set_field(driver, "quantity", "10")
    tap(driver, driver.find_element(By.ID, "bracket-toggle"))
    set_field(driver, "take-profit", take_profit)
    set_field(driver, "stop-loss", stop_loss)
    assert driver.find_element(By.ID, "submit").text == f"Buy 10 at market, take-profit {take_profit}, stop-loss {stop_loss}"
    entry = place_entry(driver)
    wait(driver).until(lambda d: history_row(d, entry)["status"] in {"FILLED", "CANCELLED", "REJECTED"})
    order = api(app_url, f"/api/v1/orders/{entry}")["order"]
    assert (order["takeProfit"], order["stopLoss"]) == (take_profit, stop_loss)
    assert order["filledQuantity"] > 0, "the simulated book has asks for 10 shares"
    assert f"take-profit {take_profit}" in history_row(driver, entry)["text"]

    for suffix, role in ((".tp", "take-profit"), (".sl", "stop-loss")):
        exit_id = entry + suffix
        wait(driver).until(lambda d: open_item(d, exit_id) is not None)
        item = open_item(driver, exit_id)
        assert item["parentId"] == entry
        assert f"{role} of order {entry}" in item["text"], item["text"]
        assert api(app_url, f"/api/v1/orders/{exit_id}")["order"]["parentId"] == entry
    assert take_profit in open_item(driver, entry + ".tp")["text"]
    assert stop_loss in open_item(driver, entry + ".sl")["text"]
    show_open_orders(driver)
    screenshot()
    assert_fits_width(driver)
    assert_touch_targets(driver)

    # Cancelling an exit from the list (its id has a dot) cancels both exits: the item says so first.
    item = driver.find_element(By.CSS_SELECTOR, f'#open-orders li[data-order-id="{entry}.tp"]')
    tap(driver, item.find_element(By.CSS_SELECTOR, "button.cancel"))
    assert "cancels its stop-loss" in item.find_element(By.CSS_SELECTOR, ".cancel-confirm").text
    assert api(app_url, f"/api/v1/orders/{entry}.tp")["order"]["status"] == "PENDING", "nothing sent before the answer"
    tap(driver, item.find_element(By.CSS_SELECTOR, "button.cancel-both"))
    for suffix in (".tp", ".sl"):
        wait(driver).until(lambda d: open_item(d, entry + suffix) is None)
        wait(driver).until(lambda d: history_row(d, entry + suffix)["status"] == "CANCELLED")
        assert api(app_url, f"/api/v1/orders/{entry}{suffix}")["order"]["status"] == "CANCELLED"


@one_size
def test_a_stop_already_passed_triggers_at_once_and_the_history_says_where(driver, app_url, screenshot):
    open_live(driver, app_url)
    # A buy stop below the last price: its condition (last >= level) holds, so it triggers on placement.
    level = cents(last_price(driver) * Decimal("0.9"))
    choose(driver, '[data-side="buy"]')
    choose(driver, '[data-type="stop"]')
    set_field(driver, "quantity", "5")
    set_field(driver, "stop-price", level)
    assert driver.find_element(By.ID, "submit").text == f"Buy 5 if the price rises to {level}"
    order_id = place(driver)
    wait(driver).until(lambda d: history_row(d, order_id)["status"] in {"FILLED", "CANCELLED", "REJECTED"})
    order = api(app_url, f"/api/v1/orders/{order_id}")["order"]
    assert order["triggered"] and order["triggerPrice"] is not None
    row = history_row(driver, order_id)
    assert f"stop {level}" in row["text"] and f"triggered at {order['triggerPrice']}" in row["text"], row["text"]
    toast = wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, f'#toasts .toast[data-order-id="{order_id}"]')))
    assert "triggered" in toast.text
