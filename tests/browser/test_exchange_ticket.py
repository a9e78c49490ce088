"""The exchange screen as a person uses it (SPEC.md §12, issue 29): the ticket keeps exactly what
is typed while the feed sends 20 ticks a second, offers live prices only as taps, starts at 1
share, refuses 0 before sending and asks before a large order; notices never cover the ticket;
the order lists break no word at 320 and 390 px, in light and dark.

The app is this module's own, with a fast feed (`--feed-rate 20`); each check counts the orders
it placed itself.
"""
import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import conftest
from conftest import one_size, running_app
from layout_checks import assert_fits_width, assert_touch_targets, broken_words
from test_exchange import api, choose, last_seq, open_live, set_field, tap, wait
from test_exchange_orders import order_count, post

conftest.SIZES.setdefault("narrow", (320, 640, 2))


@pytest.fixture(params=["phone", "narrow"], scope="module")
def size(request):
    """A phone of 390 px and the narrowest one the app serves, 320 px."""
    return request.param


@pytest.fixture(scope="module")
def fast_app():
    """The app with its simulated feed at 20 ticks a second."""
    with running_app("--feed-rate", "20") as url:
        yield url


def value(driver, field_id):
    return driver.execute_script("return document.getElementById(arguments[0]).value", field_id)


def submit_text(driver):
    return driver.find_element(By.ID, "submit").text


def ticks_per_second(driver):
    first = last_seq(driver)
    time.sleep(1)
    return last_seq(driver) - first


@one_size
def test_the_ticket_keeps_exactly_what_is_typed_while_ticks_pour_in(driver, fast_app, screenshot):
    open_live(driver, fast_app)
    assert ticks_per_second(driver) >= 10, "the feed is not fast enough for this test to mean anything"
    orders_before = order_count(fast_app)
    choose(driver, '[data-side="sell"]')
    choose(driver, '[data-type="limit"]')
    time.sleep(0.5)
    assert value(driver, "limit-price") == "", "live data wrote into the limit price"
    assert submit_text(driver) == "Sell 1 at a limit price"

    field = driver.find_element(By.ID, "limit-price")
    tap(driver, field)
    typed = ""
    for key in "140.25":
        field.send_keys(key)
        typed += key
        time.sleep(0.15)  # three ticks between two keys
        assert value(driver, "limit-price") == typed
        assert submit_text(driver) == f"Sell 1 at {typed} or more"
    time.sleep(0.5)
    assert value(driver, "limit-price") == "140.25"
    assert submit_text(driver) == "Sell 1 at 140.25 or more"

    # Cleared, it stays empty: focused and then left.
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(Keys.BACKSPACE)
    time.sleep(0.5)
    assert value(driver, "limit-price") == ""
    driver.execute_script("document.activeElement.blur()")
    time.sleep(0.5)
    assert value(driver, "limit-price") == ""
    assert submit_text(driver) == "Sell 1 at a limit price"

    # The best bid is offered as a tap, and only the tap writes it, exactly as the button said.
    use = driver.find_element(By.ID, "use-limit-price")
    assert use.is_displayed() and use.text.startswith("Use bid ")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", use)
    offered = driver.execute_script("const b = arguments[0]; b.click(); return b.dataset.price", use)
    assert value(driver, "limit-price") == offered
    assert submit_text(driver) == f"Sell 1 at {offered} or more"
    time.sleep(0.5)
    assert value(driver, "limit-price") == offered, "the tapped price is the person's now: the book does not move it"
    choose(driver, '[data-side="buy"]')
    assert driver.find_element(By.ID, "use-limit-price").text.startswith("Use ask ")
    assert value(driver, "limit-price") == offered, "changing the side writes no price"
    # A stop price is offered the last trade.
    choose(driver, '[data-type="stop"]')
    assert value(driver, "stop-price") == ""
    assert driver.find_element(By.ID, "use-stop-price").text.startswith("Use last ")
    screenshot()
    assert order_count(fast_app) == orders_before, "nothing was sent"
    choose(driver, '[data-type="market"]')


@one_size
def test_one_share_by_default_zero_is_refused_before_sending(driver, fast_app, screenshot):
    open_live(driver, fast_app)
    assert value(driver, "quantity") == "1"
    assert submit_text(driver) == "Buy 1 at market"
    orders_before = order_count(fast_app)
    choose(driver, '[data-type="market"]')
    for bad in ("0", "", "2.5", "abc"):
        set_field(driver, "quantity", bad)
        text = submit_text(driver)
        assert " 0 " not in text and not text.startswith(("Buy 0", "Sell 0")), text
        tap(driver, driver.find_element(By.ID, "submit"))
        error = driver.find_element(By.ID, "ticket-error")
        wait(driver).until(lambda d: "quantity" in error.text.lower())
        assert error.text.startswith("Nothing was sent"), error.text
        assert driver.find_element(By.ID, "quantity-error").is_displayed()
        assert driver.find_element(By.ID, "quantity").get_attribute("aria-invalid") == "true"
        assert value(driver, "quantity") == bad, "the person's input stays"
    screenshot()
    time.sleep(1)
    assert order_count(fast_app) == orders_before, "quantity 0 reached the server"
    set_field(driver, "quantity", "1")
    assert submit_text(driver) == "Buy 1 at market"


@one_size
def test_an_order_over_the_threshold_asks_before_it_is_sent(driver, fast_app, screenshot):
    open_live(driver, fast_app)
    assert driver.find_element(By.ID, "ticket").get_attribute("data-confirm-above") == "10000"
    choose(driver, '[data-side="buy"]')
    choose(driver, '[data-type="market"]')
    set_field(driver, "quantity", "1000")  # 1,000 shares of a stock above $10 is over $10,000
    orders_before = order_count(fast_app)
    tap(driver, driver.find_element(By.ID, "submit"))
    confirm = wait(driver).until(lambda d: d.find_element(By.ID, "ticket-confirm") if d.find_element(
        By.ID, "ticket-confirm").is_displayed() else None)
    assert "Buy 1000 at market: about $" in confirm.text and "over $10,000.00" in confirm.text, confirm.text
    assert not driver.find_element(By.ID, "submit").is_displayed()
    screenshot("asking")
    time.sleep(1)
    assert order_count(fast_app) == orders_before, "sent before it was confirmed"

    # "Change it" goes back with nothing sent; a change to the ticket closes the question too.
    tap(driver, driver.find_element(By.ID, "confirm-back"))
    assert not confirm.is_displayed() and driver.find_element(By.ID, "submit").is_displayed()
    tap(driver, driver.find_element(By.ID, "submit"))
    wait(driver).until(lambda d: confirm.is_displayed())
    set_field(driver, "quantity", "2000")
    assert not confirm.is_displayed()
    time.sleep(0.5)
    assert order_count(fast_app) == orders_before

    tap(driver, driver.find_element(By.ID, "submit"))
    wait(driver).until(lambda d: confirm.is_displayed())
    tap(driver, driver.find_element(By.ID, "confirm-place"))
    wait(driver).until(lambda d: order_count(fast_app) == orders_before + 1)
    newest = api(fast_app, "/api/v1/orders?status=all&limit=1")["orders"][0]
    assert newest["quantity"] == 2000 and newest["type"] == "market"

    # A small order goes at once.
    set_field(driver, "quantity", "1")
    tap(driver, driver.find_element(By.ID, "submit"))
    wait(driver).until(lambda d: order_count(fast_app) == orders_before + 2)
    assert not confirm.is_displayed()


def top_element_is(driver, element):
    """Whether `element` (or something inside it) is what a tap at its centre reaches; else what is."""
    found = driver.execute_script("""
        const target = arguments[0], box = target.getBoundingClientRect();
        const found = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        if (found !== null && (found === target || target.contains(found))) return true;
        return (found ? found.outerHTML.slice(0, 120) : 'nothing') + ' at ' + JSON.stringify(box)
            + ', toasts ' + JSON.stringify(document.getElementById('toasts').getBoundingClientRect());
    """, element)
    assert found is True, found
    return True


def test_after_five_notices_the_submit_button_is_still_on_top(driver, fast_app, screenshot):
    open_live(driver, fast_app)
    submit = driver.find_element(By.ID, "submit")
    for number in range(5):
        post(fast_app, "/api/v1/orders", {"side": "buy" if number % 2 else "sell", "type": "market", "quantity": 1})
    wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#toasts .toast"))
    time.sleep(0.5)
    assert len(driver.find_elements(By.CSS_SELECTOR, "#toasts .toast")) == 1, "a phone shows one notice at a time"
    text = driver.find_element(By.CSS_SELECTOR, "#toasts .toast p").get_attribute("textContent")
    assert text[0].isupper() and "order " not in text, text
    # The button in the middle of the screen, and low, just above the tab bar, where notices sit.
    for place in ("center", "low"):
        driver.execute_script("""
            const button = arguments[0];
            button.scrollIntoView({block: 'center'});
            if (arguments[1] === 'low') {
                const bar = document.querySelector('.tab-bar');
                const bottom = bar && getComputedStyle(bar).display !== 'none' ? bar.getBoundingClientRect().top : innerHeight;
                window.scrollBy(0, button.getBoundingClientRect().bottom - (bottom - 8));
            }
        """, submit, place)
        time.sleep(0.3)  # placed on the next frame after scrolling
        for number in range(5):
            post(fast_app, "/api/v1/orders", {"side": "sell" if number % 2 else "buy", "type": "market", "quantity": 1})
        time.sleep(1)
        assert top_element_is(driver, submit), f"a notice covers the submit button ({place})"
        # Nor anything else of the ticket: a notice over it has stepped aside (see-through to taps).
        overlap = driver.execute_script("""
            const a = document.getElementById('toasts').getBoundingClientRect();
            const b = document.getElementById('ticket-section').getBoundingClientRect();
            const over = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
            return over && document.getElementById('toasts').dataset.place !== 'aside';
        """)
        assert not overlap, "a notice lies over the ticket"
        screenshot(place)
    # Away from the ticket a notice shows above the tab bar.
    driver.execute_script("document.getElementById('history-section').scrollIntoView({block: 'start'})")
    post(fast_app, "/api/v1/orders", {"side": "buy", "type": "market", "quantity": 1})
    wait(driver).until(lambda d: d.find_element(By.ID, "toasts").get_attribute("data-place") == "bottom"
                       and d.find_element(By.CSS_SELECTOR, "#toasts .toast").is_displayed())
    toast = driver.find_element(By.CSS_SELECTOR, "#toasts .toast").rect
    bar = driver.find_element(By.CSS_SELECTOR, ".tab-bar").rect
    assert toast["y"] + toast["height"] <= bar["y"], "the notice sits above the tab bar"


@one_size
def test_a_page_opened_fresh_tells_nothing_that_happened_before(driver, fast_app):
    post(fast_app, "/api/v1/orders", {"side": "buy", "type": "market", "quantity": 1})
    open_live(driver, fast_app)
    time.sleep(1)
    assert driver.find_elements(By.CSS_SELECTOR, "#toasts .toast") == []


@one_size
def test_cancelling_one_exit_says_first_that_the_other_goes_too(driver, fast_app, screenshot):
    open_live(driver, fast_app)
    bid = float(driver.find_element(By.ID, "best-bid").text)
    entry = post(fast_app, "/api/v1/orders", {
        "side": "buy", "type": "market", "quantity": 3,
        "takeProfit": f"{bid * 1.5:.2f}", "stopLoss": f"{bid * 0.5:.2f}"})["order"]
    take_profit = f'#open-orders li[data-order-id="{entry["id"]}.tp"]'
    item = wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, take_profit))
    wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, f'#open-orders li[data-order-id="{entry["id"]}.sl"]'))
    tap(driver, item.find_element(By.CSS_SELECTOR, "button.cancel"))
    question = item.find_element(By.CSS_SELECTOR, ".cancel-confirm")
    assert question.is_displayed()
    assert "cancels its stop-loss" in question.text and "one cancels the other" in question.text, question.text
    screenshot()
    time.sleep(0.5)
    assert api(fast_app, f"/api/v1/orders/{entry['id']}.tp")["order"]["status"] == "PENDING", "nothing sent yet"
    tap(driver, item.find_element(By.CSS_SELECTOR, "button.cancel-both"))
    wait(driver).until(lambda d: api(fast_app, f"/api/v1/orders/{entry['id']}.sl")["order"]["status"] == "CANCELLED")
    wait(driver).until(lambda d: "Take-profit cancelled; its stop-loss too (one cancels the other)"
                       in d.find_element(By.ID, "ticket-notice").get_attribute("textContent"))


def place_every_kind(app_url, bid):
    """Orders of every type, time in force and bracket; some cancelled."""
    far_below, far_above = f"{bid * 0.6:.2f}", f"{bid * 1.6:.2f}"
    bodies = [
        {"side": "buy", "type": "market", "quantity": 5},
        {"side": "sell", "type": "market", "quantity": 2},
        {"side": "buy", "type": "limit", "quantity": 25, "price": far_below},
        {"side": "sell", "type": "limit", "quantity": 10, "price": far_above, "timeInForce": "day"},
        {"side": "buy", "type": "limit", "quantity": 100000, "price": far_below, "timeInForce": "fok"},
        {"side": "buy", "type": "stop", "quantity": 20, "stopPrice": far_above},
        {"side": "sell", "type": "stop_limit", "quantity": 20, "stopPrice": far_below, "price": f"{bid * 0.59:.2f}"},
        {"side": "sell", "type": "trailing_stop", "quantity": 5, "trailAmount": "12.50"},
        {"side": "buy", "type": "trailing_stop", "quantity": 5, "trailPercent": "25"},
        {"side": "buy", "type": "market", "quantity": 4, "takeProfit": far_above, "stopLoss": far_below},
        {"side": "buy", "type": "market", "quantity": 3, "takeProfit": far_above, "stopLoss": far_below},
    ]
    placed = [post(app_url, "/api/v1/orders", body)["order"] for body in bodies]
    time.sleep(0.5)  # the exits come with the entries' fills
    post(app_url, f"/api/v1/orders/{placed[2]['id']}", method="DELETE")
    post(app_url, f"/api/v1/orders/{placed[5]['id']}", method="DELETE")
    post(app_url, f"/api/v1/orders/{placed[9]['id']}.tp", method="DELETE")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_order_lists_break_no_word(driver, fast_app, size, scheme, screenshot):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    try:
        open_live(driver, fast_app)
        kinds = {order["type"] for order in api(fast_app, "/api/v1/orders?status=all&limit=100")["orders"]}
        if "trailing_stop" not in kinds:
            place_every_kind(fast_app, float(driver.find_element(By.ID, "best-bid").text))
        driver.get_log("browser")  # what the earlier pages logged
        open_live(driver, fast_app)
        wait(driver).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#history-rows tr")) >= 10)
        wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, '#history-rows tr[data-status="CANCELLED"]'))
        assert driver.execute_script("return matchMedia('(prefers-color-scheme: dark)').matches") == (scheme == "dark")
        # The history is cards on a phone: no table columns.
        assert driver.execute_script(
            "return getComputedStyle(document.querySelector('#history-rows tr')).display") == "grid"
        choose(driver, '[data-type="limit"]')
        tap(driver, driver.find_element(By.ID, "bracket-toggle"))
        broken = broken_words(driver)
        assert broken == [], f"words broken across lines at {size} ({scheme}): {broken[:10]}"
        assert_fits_width(driver)
        assert_touch_targets(driver)
        errors = [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
        assert errors == [], errors
        driver.execute_script("document.getElementById('history-section').scrollIntoView({block: 'start'})")
        screenshot(f"history-{scheme}")
        driver.execute_script("document.getElementById('open-section').scrollIntoView({block: 'start'})")
        screenshot(f"open-{scheme}")
        driver.execute_script("document.getElementById('ticket-section').scrollIntoView({block: 'start'})")
        screenshot(f"ticket-{scheme}")
        tap(driver, driver.find_element(By.ID, "bracket-toggle"))
        choose(driver, '[data-type="market"]')
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
