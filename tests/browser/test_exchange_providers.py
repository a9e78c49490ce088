"""The exchange on a real provider's stream (issue 17), in Chromium: Alpaca's and Massive's
protocols as `bourse sim` speaks them, over the same simulated market.

For each provider the app is started with `BOURSE_FEED` and `BOURSE_FEED_URL` pointing at the
sim: the screen goes live on the provider's quotes (one level a side, moving), and a market buy
fills at the ask of the tick it matched (read from the app's own socket, tick by tick). With the
market closed the screen says so over the provider's quotes, and a market order is rejected
"market closed" while a limit order rests. With a wrong key the screen says the feed was refused
and what to fix, and the key is nowhere on it.

A real feed trades New York's hours by default; these apps are told `BOURSE_MARKET_HOURS` so that
what they check does not depend on the time of day the suite runs.
"""
import json
import threading
from decimal import Decimal

import pytest
import websocket
from selenium.webdriver.common.by import By

from conftest import running_app, running_sim
from test_exchange import api, choose, history_row, last_seq, open_live, place, set_field, wait, FINAL

ALPACA_KEY, ALPACA_SECRET, MASSIVE_KEY = "sim-key-id", "sim-secret-value", "sim-massive-key"
PROVIDERS = ["alpaca", "massive"]


@pytest.fixture(scope="module")
def size():
    """One size: what this module checks does not depend on the layout."""
    return "phone"


@pytest.fixture(scope="module")
def sim():
    """One `bourse sim` speaking both providers' streams (and Massive's REST API), with keys."""
    with running_sim("--feed-rate", "2", "--alpaca-key", ALPACA_KEY, "--alpaca-secret", ALPACA_SECRET,
                     "--massive-key", MASSIVE_KEY) as port:
        yield port


def provider_environment(provider, sim_port, right_key=True, hours="always"):
    if provider == "alpaca":
        return {"BOURSE_FEED": "alpaca", "BOURSE_FEED_URL": f"ws://127.0.0.1:{sim_port}/v2/iex",
                "APCA_API_KEY_ID": ALPACA_KEY if right_key else "wrong-key-id",
                "APCA_API_SECRET_KEY": ALPACA_SECRET if right_key else "wrong-secret-value",
                "BOURSE_MARKET_HOURS": hours}
    return {"BOURSE_FEED": "massive", "BOURSE_FEED_URL": f"ws://127.0.0.1:{sim_port}/stocks",
            "MASSIVE_API_KEY": MASSIVE_KEY if right_key else "wrong-massive-key",
            "MASSIVE_BASE_URL": f"http://127.0.0.1:{sim_port}", "BOURSE_MARKET_HOURS": hours}


class SocketTicks:
    """Every tick the app's socket sends, by seq: what a fill can be checked against."""

    def __init__(self, app_url):
        self.asks, self.stop = {}, threading.Event()
        self.socket = websocket.create_connection(app_url.replace("http", "ws") + "/exchange/ws", timeout=1)
        self.thread = threading.Thread(target=self.listen, daemon=True)
        self.thread.start()

    def listen(self):
        while not self.stop.is_set():
            try:
                message = json.loads(self.socket.recv())
            except websocket.WebSocketTimeoutException:
                continue
            except (websocket.WebSocketException, OSError):
                return
            if message.get("type") == "tick" and message.get("asks"):
                self.asks[message["seq"]] = message["asks"][0][0]

    def close(self):
        self.stop.set()
        self.thread.join(timeout=5)
        self.socket.close()


def book_sides(driver):
    return driver.execute_script("""
        const texts = (selector) => [...document.querySelectorAll(selector)].map((cell) => cell.textContent.trim())
            .filter((text) => text !== "");
        return [texts("#book-rows td.bid"), texts("#book-rows td.ask")];
    """)


@pytest.mark.parametrize("provider", PROVIDERS)
def test_quotes_move_the_book_and_a_market_buy_fills_at_the_ask(driver, sim, provider, screenshot):
    with running_app(**provider_environment(provider, sim)) as app_url:
        ticks = SocketTicks(app_url)
        try:
            open_live(driver, app_url)
            assert api(app_url, "/api/v1/book")["source"] == provider
            assert not driver.find_element(By.ID, "sim-label").is_displayed(), "a provider's feed is not labelled simulated"
            label = driver.find_element(By.ID, "source-label").get_attribute("title")
            assert label == {"alpaca": "Alpaca · IEX", "massive": "Massive"}[provider], label
            bids, asks = book_sides(driver)
            assert len(bids) == 1 and len(asks) == 1, (bids, asks)
            assert Decimal(bids[0]) < Decimal(asks[0])
            # The provider's quotes move the book: the best bid or ask changes as the market does.
            first = (bids[0], asks[0])
            wait(driver, 60).until(lambda d: tuple(side[0] for side in book_sides(d) if side) != first)
            screenshot()

            choose(driver, '[data-side="buy"]')
            choose(driver, '[data-type="market"]')
            set_field(driver, "quantity", "100")
            order_id = place(driver)
            wait(driver).until(lambda d: history_row(d, order_id)["status"] in FINAL)
            event = api(app_url, f"/api/v1/orders/{order_id}")
            assert event["order"]["status"] == "FILLED", event
            (fill,) = event["fills"]
            assert fill["quantity"] == 100
            assert fill["seq"] in ticks.asks, (fill, sorted(ticks.asks)[-5:])
            assert fill["price"] == ticks.asks[fill["seq"]], "a market buy fills at the ask of the tick it met"
        finally:
            ticks.close()


@pytest.mark.parametrize("provider", PROVIDERS)
def test_the_closed_market_over_a_providers_quotes(driver, sim, provider, screenshot):
    with running_app(**provider_environment(provider, sim, hours="closed")) as app_url:
        open_live(driver, app_url)
        note = driver.find_element(By.ID, "market-note")
        assert note.is_displayed() and note.text == "Market closed."
        bids, asks = book_sides(driver)
        assert len(bids) == 1 and len(asks) == 1, "the provider's quote is shown while closed"

        choose(driver, '[data-side="buy"]')
        choose(driver, '[data-type="market"]')
        set_field(driver, "quantity", "100")
        market_id = place(driver)
        wait(driver).until(lambda d: history_row(d, market_id)["status"] == "REJECTED")
        assert "market closed" in history_row(driver, market_id)["text"]

        above = str((Decimal(asks[0]) * Decimal("1.2")).quantize(Decimal("0.01")))
        choose(driver, '[data-type="limit"]')
        set_field(driver, "limit-price", above)
        limit_id = place(driver)
        seen = last_seq(driver)
        wait(driver, 60).until(lambda d: last_seq(d) >= seen + 2)
        order = api(app_url, f"/api/v1/orders/{limit_id}")["order"]
        assert (order["status"], order["filledQuantity"]) == ("PENDING", 0), "a limit order rests while closed"
        screenshot()


@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_refused_key_is_shown_with_what_to_fix(driver, sim, provider, screenshot):
    with running_app(**provider_environment(provider, sim, right_key=False)) as app_url:
        driver.get(app_url + "/exchange")
        wait(driver, 30).until(lambda d: d.find_element(By.ID, "feed-badge").get_attribute("data-state") == "refused")
        assert driver.find_element(By.ID, "feed-badge").text == "Refused"
        note = driver.find_element(By.ID, "feed-note")
        assert note.is_displayed()
        fix = "APCA_API_KEY_ID" if provider == "alpaca" else "MASSIVE_API_KEY"
        assert fix in note.text, note.text
        book = api(app_url, "/api/v1/book")
        assert book["state"] == "refused" and fix in book["refusal"]["fix"]
        stored = b"".join(path.read_bytes() for path in app_url.database.parent.glob(app_url.database.name + "*"))
        for secret in ("wrong-key-id", "wrong-secret-value", "wrong-massive-key"):
            assert secret not in driver.page_source and secret not in json.dumps(book)
            assert secret not in app_url.log.read_text(), "never in a log line"
            assert secret.encode() not in stored, "never in the database"
        screenshot()
