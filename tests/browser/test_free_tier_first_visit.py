"""A new user's first visit on Massive's free tier (issue 16 item 2), end to end in Chromium.

`bourse sim` plays Massive's free tier: 5 requests a minute (a 429 past that), 403 for the
snapshots, and grouped daily answering 12 s late, so that the prices cannot be in when the
first list answers. The app is started on it with a key, on a database with nothing saved, and
the markets page is opened at once: the rows whose prices are still on their way show as loading
(`pending` class, `aria-busy`) under a note saying so; then, without a reload, every row is
priced and the note goes. Last, the sim's request log shows that the app kept to the free tier:
no grouped-daily URL asked twice, at most 5 requests in any minute, no 429.

My stocks is not opened in the same run: with it the app also asked for a month of bars of each
stock (its sparklines), which pushed the list's second grouped-daily answer into the next minute
(about 50 s more). Its loading rows are the same code (`market-format.js`).
"""
import contextlib
import re
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import running_app, running_sim

# The rate limit the sim enforces and the app is told to keep to: Massive's free tier.
PER_MINUTE = 5
# How long the sim takes to answer grouped daily: longer than the app's 2 s pricing patience.
GROUPED_DELAY = 12
GROUPED = "/v2/aggs/grouped/"
# A generous bound for every row to be priced (the goal is 70 s; this is a liveness
# check on a shared machine, not a measurement).
PRICED_WITHIN = 120
PRICE = re.compile(r"^(\d+\.\d{2,}|—)$")


@pytest.fixture(scope="module")
def size():
    """One size is enough: what this module checks does not depend on the layout (the layout
    tests run at phone and tablet size), and each size costs its own app, sim and minute."""
    return "phone"


@contextlib.contextmanager
def free_tier_sim(request_log):
    """`bourse sim` as Massive's free tier, logging every request it receives to `request_log`."""
    with running_sim("--rate-limit", str(PER_MINUTE), "--tier", "free", "--slow", f"{GROUPED.rstrip('/')}={GROUPED_DELAY}",
                     "--request-log", str(request_log)) as port:
        yield f"http://127.0.0.1:{port}"


def requests_logged(request_log):
    """The sim's log as (time answered, status, path with query) tuples."""
    entries = []
    for line in Path(request_log).read_text().splitlines():
        if not line.strip():
            continue
        stamp, status, target = line.split(" ", 2)
        entries.append((datetime.fromisoformat(stamp.replace("Z", "+00:00")), status, target))
    return entries


def pending_rows(driver, selector):
    return driver.find_elements(By.CSS_SELECTOR, selector + ".pending")


def assert_shows_loading(driver, selector):
    """Some rows are loading, each marked busy, and the note says prices are on their way."""
    WebDriverWait(driver, 30).until(lambda d: pending_rows(d, selector) or d.find_element(By.ID, "error").is_displayed())
    assert not driver.find_element(By.ID, "error").is_displayed(), driver.find_element(By.ID, "error").text
    rows = pending_rows(driver, selector)
    assert all(row.get_attribute("aria-busy") == "true" for row in rows)
    assert all(row.find_elements(By.CSS_SELECTOR, ".bone") for row in rows)
    note = driver.find_element(By.ID, "pending-note")
    assert note.is_displayed()
    assert "on their way" in note.text and "Massive" in note.text, note.text


def wait_until_priced(driver, selector):
    """Waits until no row is loading and the note is gone; the marker set on the first load is
    still there (the page was not reloaded). Returns the rows' price texts."""
    WebDriverWait(driver, PRICED_WITHIN, poll_frequency=1).until(lambda d: not pending_rows(d, selector))
    assert not driver.find_element(By.ID, "pending-note").is_displayed()
    assert driver.execute_script("return window.firstVisitMarker") is True, "the page was reloaded"
    assert not driver.find_elements(By.CSS_SELECTOR, selector + "[aria-busy]")
    assert not driver.find_element(By.ID, "error").is_displayed()


def test_rows_load_then_fill_in_without_a_reload_and_the_free_tier_is_kept(driver, screenshot, tmp_path):
    request_log = tmp_path / "requests.log"
    with free_tier_sim(request_log) as sim_url, running_app(
            MASSIVE_API_KEY="test-key", MASSIVE_BASE_URL=sim_url, MASSIVE_RATE_LIMIT=str(PER_MINUTE)) as app_url:
        driver.get(app_url + "/markets")
        markets_rows = "#quote-rows tr[data-symbol]"
        assert_shows_loading(driver, markets_rows)
        driver.execute_script("window.firstVisitMarker = true")
        screenshot("loading")

        wait_until_priced(driver, markets_rows)
        rows = driver.find_elements(By.CSS_SELECTOR, markets_rows)
        assert len(rows) >= 50
        prices = [row.find_elements(By.CSS_SELECTOR, "td")[1].text for row in rows]
        assert all(PRICE.match(price) for price in prices), prices
        assert sum(price != "—" for price in prices) > 40, prices
        screenshot("priced")

    entries = requests_logged(request_log)
    assert entries, "the sim logged no request"
    log = request_log.read_text()
    grouped = [target for _, _, target in entries if target.startswith(GROUPED)]
    assert grouped, "the list was priced without grouped daily"
    assert len(grouped) == len(set(grouped)), f"a grouped-daily URL was asked twice:\n{log}"
    assert not [entry for entry in entries if entry[1] == "429"], f"the app went past the rate limit:\n{log}"
    # A line is written when the answer is sent: a grouped-daily request came in GROUPED_DELAY earlier.
    times = sorted(at - timedelta(seconds=GROUPED_DELAY) if target.startswith(GROUPED) else at
                   for at, _, target in entries)
    for index, start in enumerate(times):
        within = [at for at in times[index:] if at < start + timedelta(seconds=60)]
        assert len(within) <= PER_MINUTE, f"{len(within)} requests within a minute from {start}:\n{log}"
