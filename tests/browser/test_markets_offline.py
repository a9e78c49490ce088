"""The markets screens when the market source stops: the pages still show the last saved data
with the "showing data from <time>" notice, and refresh by themselves when it is back.

Here the app talks to the stand-ins over HTTP as it would to Polygon: `bourse sim` runs as a
process of its own, and the app is started with POLYGON_API_KEY and POLYGON_BASE_URL pointing at
it, so that the test can kill the source and start it again on the same port.
"""
import contextlib
import json
import socket
import sqlite3
import subprocess
import time
import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from axe_check import assert_no_serious_violations
from conftest import bourse_binary, free_port, running_app
from test_markets import CHART, available


@pytest.fixture(scope="module")
def size():
    """One size is enough here: what this module checks does not depend on the layout (the
    layout tests run at phone and tablet size), and each size costs its own app and browser."""
    return "phone"


class Source:
    """`bourse sim` on a fixed loopback port, which can be stopped and started again."""

    def __init__(self):
        self.port = free_port()
        self.process = None

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}"

    def start(self):
        self.process = subprocess.Popen(
            [str(bourse_binary()), "sim", "--host", "127.0.0.1", "--port", str(self.port)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                pytest.fail(f"bourse sim exited with {self.process.returncode}")
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port), timeout=1):
                return
            time.sleep(0.2)
        pytest.fail("bourse sim did not start listening within 30 s")

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.kill()
            self.process.wait()


@pytest.fixture(scope="module")
def source():
    sim = Source()
    sim.start()
    yield sim
    sim.stop()


@pytest.fixture(scope="module")
def app_on_source(source):
    """The app with the stand-ins as its "real" Polygon source, allowed to ask often."""
    with running_app(POLYGON_API_KEY="test", POLYGON_BASE_URL=source.url, POLYGON_RATE_LIMIT="600") as url:
        yield url


def age_the_cache(database):
    """Marks every saved answer as no longer fresh, as the next day would: otherwise the app
    answers from its cache (reference data is fresh for a day) without asking the source."""
    with contextlib.closing(sqlite3.connect(database, timeout=10)) as connection:
        connection.execute("UPDATE saved_answer SET fresh_until = 0")
        connection.commit()


def wait_until_stale(app_url, path, seconds=30):
    """Waits until the app answers `path` from its last saved copy (`stale`), the source being down."""
    deadline = time.monotonic() + seconds
    while True:
        with urllib.request.urlopen(app_url + path, timeout=30) as response:
            if json.load(response)["stale"]:
                return
        assert time.monotonic() < deadline, f"{path} was still answered as fresh after {seconds} s"
        time.sleep(0.2)


def wait(driver, seconds=30):
    return WebDriverWait(driver, seconds)


def notice(driver):
    return driver.find_element(By.ID, "stale-notice")


def test_stop_the_source_and_reload(driver, app_on_source, source, screenshot):
    if source.process.poll() is not None:
        source.start()
    has_chart = available(app_on_source, CHART)
    driver.get(app_on_source + "/")
    wait(driver).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#quote-rows tr[data-symbol]")) >= 50)
    assert not notice(driver).is_displayed()
    driver.get(app_on_source + "/stocks/AAPL")
    if has_chart:
        wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#chart svg")))
    price = wait(driver).until(lambda d: d.find_element(By.ID, "price").text if d.find_element(By.ID, "description").text else None)

    source.stop()
    age_the_cache(app_on_source.database)
    # The app keeps decoded answers in memory for at most 10 s before it reads the database
    # again (the hot cache), so the aged copy is what it reads after that: wait until the stock's
    # answer (the newest in memory, the list's came before it) is the aged copy, no longer.
    wait_until_stale(app_on_source, "/api/v1/stocks/AAPL")

    driver.refresh()
    wait(driver, 60).until(lambda d: notice(d).is_displayed())
    assert "Showing data from" in notice(driver).text
    assert driver.find_element(By.ID, "price").text == price
    if has_chart:
        wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#chart svg")))
    screenshot("detail")
    assert_no_serious_violations(driver)

    driver.get(app_on_source + "/")
    wait(driver, 60).until(lambda d: notice(d).is_displayed())
    assert "Showing data from" in notice(driver).text
    rows = driver.find_elements(By.CSS_SELECTOR, "#quote-rows tr[data-symbol]")
    assert len(rows) >= 50
    assert not driver.find_element(By.ID, "error").is_displayed()
    screenshot("list")
    assert_no_serious_violations(driver)

    # The source is back: within the 30-second refresh the notice goes and fresh rows replace the saved ones.
    source.start()
    wait(driver, 75).until(lambda d: not notice(d).is_displayed())
    assert len(driver.find_elements(By.CSS_SELECTOR, "#quote-rows tr[data-symbol]")) >= 50
