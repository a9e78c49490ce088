"""The exchange screen while the market is closed (SPEC.md §9), in Chromium at phone and tablet
size, against an app started with BOURSE_MARKET_HOURS=closed: the screen says so, a market order
is rejected "market closed", a limit order rests even at a price the book crosses.
"""
from decimal import Decimal

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from axe_check import assert_no_serious_violations
from conftest import one_size, running_app
from layout_checks import assert_fits_width
from test_exchange import api, choose, history_row, last_seq, open_live, place, set_field, wait


@pytest.fixture(scope="module")
def app_url():
    """An app of its own whose market never opens; the simulated feed still ticks."""
    with running_app(BOURSE_MARKET_HOURS="closed") as url:
        yield url


def test_the_screen_says_the_market_is_closed(driver, app_url, screenshot):
    driver.get(app_url + "/exchange")
    # Drawn by the server, before any script or socket.
    note = driver.find_element(By.ID, "market-note")
    assert note.is_displayed() and note.text == "Market closed."
    assert driver.find_element(By.ID, "page").get_attribute("data-market") == "closed"
    open_live(driver, app_url)  # loads the page again and waits for ticks: the quotes still move
    note = driver.find_element(By.ID, "market-note")
    assert note.is_displayed() and note.text == "Market closed."
    ticket = driver.find_element(By.ID, "ticket-market")
    assert ticket.is_displayed() and "a market order is rejected until it opens" in ticket.text
    # The script writes a next open as the server does (ExchangeMarketNote), in New York time.
    texts = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        import(arguments[0]).then((market) => done(arguments[1].map(market.newYorkText)), (error) => done(String(error)));
    """, app_url + "/assets/exchange-market.js", ["2026-11-27T14:30:00Z", "2026-07-06T13:30:00Z", "2026-09-08T13:30:00Z"])
    # The one date style (dates.js, the browser's locale: Chromium's is English here); Intl may put
    # a narrow no-break space before "AM".
    texts = [text.replace("\u202f", " ") if isinstance(text, str) else text for text in texts]
    assert texts == ["Fri, Nov 27, 9:30 AM ET", "Mon, Jul 6, 9:30 AM ET", "Tue, Sep 8, 9:30 AM ET"]
    book = api(app_url, "/api/v1/book")
    assert book["market"] == {"open": False, "nextOpen": None}
    assert book["asks"] and book["bids"], "the last tick's quotes are shown"
    screenshot()
    assert_no_serious_violations(driver)
    assert_fits_width(driver)


@one_size
def test_a_market_order_is_rejected_market_closed(driver, app_url, screenshot):
    open_live(driver, app_url)
    choose(driver, '[data-side="buy"]')
    choose(driver, '[data-type="market"]')
    set_field(driver, "quantity", "10")

    order_id = place(driver)
    wait(driver).until(lambda d: history_row(d, order_id)["status"] == "REJECTED")
    row = history_row(driver, order_id)
    assert "Rejected" in row["text"] and "market closed" in row["text"], row["text"]
    order = api(app_url, f"/api/v1/orders/{order_id}")["order"]
    assert (order["status"], order["reason"], order["filledQuantity"]) == ("REJECTED", "market closed", 0)
    screenshot()


@one_size
def test_a_limit_order_rests_while_closed(driver, app_url, screenshot):
    open_live(driver, app_url)
    # Well above the best ask: it would fill at once in an open market.
    best_ask = Decimal(driver.find_element(By.ID, "best-ask").text)
    above = str((best_ask * Decimal("1.2")).quantize(Decimal("0.01")))
    choose(driver, '[data-side="buy"]')
    choose(driver, '[data-type="limit"]')
    set_field(driver, "quantity", "10")
    set_field(driver, "limit-price", above)

    order_id = place(driver)
    item = wait(driver).until(EC.visibility_of_element_located(
        (By.CSS_SELECTOR, f'#open-orders li[data-order-id="{order_id}"]')))
    assert item.get_attribute("data-status") == "PENDING"
    # More ticks cross it; it still waits.
    seen = last_seq(driver)
    wait(driver).until(lambda d: last_seq(d) >= seen + 3)
    assert history_row(driver, order_id)["status"] == "PENDING"
    order = api(app_url, f"/api/v1/orders/{order_id}")["order"]
    assert (order["status"], order["filledQuantity"]) == ("PENDING", 0)
    screenshot()
