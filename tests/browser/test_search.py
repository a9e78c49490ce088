"""Search as a person uses it, in Chromium at 320, 390, 820 and 1440 px, light and dark: the
header's suggestions (the exact symbol first, each with its saved price and day change, wide
enough for the names) and `/search` (no word broken across lines, every row one link at least
44 px tall, the Search tab the current one)."""
import json
import re
import time
import urllib.request

import pytest

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

import conftest
from conftest import one_size
from layout_checks import MIN_TARGET, assert_fits_width, assert_touch_targets, broken_words

PRICE = re.compile(r"^\d+\.\d{2,}$")
PERCENT = re.compile(r"^([+\u2212]\d+\.\d{2}|0\.00)\s%$")  # Selenium reads the no-break space as a space

# The screens the layout tests run on: the conftest's phone (390 px) and tablet (820 px), and a
# small phone and a desktop beside them, each its own Chromium (a device's width is fixed).
SCREENS = {"small-phone": 320, "phone": 390, "tablet": 820, "desktop": 1440}


def wait(driver, seconds=30):
    return WebDriverWait(driver, seconds)


def get_json(app_url, path):
    with urllib.request.urlopen(app_url + path, timeout=30) as response:
        return json.load(response)


def price_the_market(app_url):
    """Opens the market list's prices once (what a person's first look at /markets does), so the
    app has saved prices for search to show."""
    deadline = time.monotonic() + 60
    while json.dumps(get_json(app_url, "/api/v1/tickers?limit=5")).count('"pending": true'):
        assert time.monotonic() < deadline, "the market list's prices never came"
        time.sleep(0.5)


@pytest.fixture(params=list(SCREENS), scope="module")
def screen(request, app_url):
    """(width, Chromium at that width), for each of `SCREENS`."""
    browser = conftest.make_driver(request.param)
    browser.get(app_url + "/search")
    assert browser.execute_script("return window.innerWidth") == SCREENS[request.param]
    yield SCREENS[request.param], browser
    browser.quit()


@pytest.fixture
def light_afterwards(screen):
    """The light colour scheme again after the test."""
    yield
    screen[1].execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def save(driver, request, step):
    conftest.SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(conftest.SCREENSHOTS / f"{request.node.originalname}-{step}.png"))


def console_errors(driver):
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def suggest(driver, app_url, query):
    driver.get(app_url + "/gnb")
    box = driver.find_element(By.ID, "site-search-input")
    box.send_keys(query)
    wait(driver).until(lambda d: box.get_attribute("aria-expanded") == "true"
                       and d.find_elements(By.CSS_SELECTOR, "#site-search-list [role=option]"))
    return driver.find_elements(By.CSS_SELECTOR, "#site-search-list [role=option]")


@one_size
def test_typing_nvda_suggests_nvda_first_with_its_saved_price(driver, app_url, screenshot):
    price_the_market(app_url)
    expected = get_json(app_url, "/api/v1/search?q=nvda&limit=8")["results"][0]
    assert expected["symbol"] == "NVDA" and expected["price"] is not None, expected
    driver.get_log("browser")

    options = suggest(driver, app_url, "nvda")

    first = options[0]
    assert first.get_attribute("data-symbol") == "NVDA", [o.get_attribute("data-symbol") for o in options]
    assert "NVIDIA" in first.find_element(By.CSS_SELECTOR, ".name").text
    price = first.find_element(By.CSS_SELECTOR, ".quote .price").text
    assert PRICE.match(price) and price.startswith(expected["price"].split(".")[0] + "."), price
    change = first.find_element(By.CSS_SELECTOR, ".quote .change")
    assert PERCENT.match(change.text), change.text
    assert set(change.get_attribute("class").split()) & {"up", "down", "flat"}
    screenshot("nvda")
    assert console_errors(driver) == []


@one_size  # the order does not depend on the screen
@pytest.mark.parametrize("query, symbol", [("msft", "MSFT"), ("aapl", "AAPL"), ("apple", "AAPL"), ("t", "T")])
def test_the_exact_symbol_or_the_company_comes_first(driver, app_url, query, symbol):
    options = suggest(driver, app_url, query)
    assert options[0].get_attribute("data-symbol") == symbol, [o.get_attribute("data-symbol") for o in options]


def test_the_suggestions_are_wide_enough_for_the_names(screen, app_url, request):
    width, driver = screen
    options = suggest(driver, app_url, "bank of")
    names = {o.get_attribute("data-symbol"): o.find_element(By.CSS_SELECTOR, ".name") for o in options}
    assert "BAC" in names, list(names)
    cut = driver.execute_script("return arguments[0].scrollWidth > arguments[0].clientWidth", names["BAC"])
    assert not cut, f"'Bank of America Corporation' is cut at {width} px"
    left, right, viewport = driver.execute_script("""
        const r = document.getElementById('site-search-list').getBoundingClientRect();
        return [r.left, r.right, window.innerWidth];""")
    assert left >= 0 and right <= viewport, f"the list spans {left}..{right} on a {viewport} px screen"
    save(driver, request, f"bank-of-{width}")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_search_page_breaks_no_word_and_each_row_is_a_link(screen, app_url, scheme, light_afterwards, request):
    price_the_market(app_url)
    width, driver = screen
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-color-scheme", "value": scheme}]})
    driver.get_log("browser")
    driver.get(app_url + "/search?q=bank")
    assert driver.execute_script("return matchMedia('(prefers-color-scheme: dark)').matches") == (scheme == "dark")
    rows = driver.find_elements(By.CSS_SELECTOR, "#search-results > li")
    assert len(rows) == 50

    broken = broken_words(driver, driver.find_element(By.TAG_NAME, "main"))
    assert broken == [], f"words broken across lines at {width} px ({scheme}): {broken[:10]}"
    assert_fits_width(driver)
    assert_touch_targets(driver)
    # Each row is one link, the row's whole box, at least 44 px tall.
    shapes = driver.execute_script("""
        return [...document.querySelectorAll('#search-results > li')].map((li) => {
            const links = li.querySelectorAll('a'), r = li.getBoundingClientRect();
            const a = links[0] ? links[0].getBoundingClientRect() : {width: 0, height: 0};
            return [links.length, Math.round(a.width) >= Math.round(r.width) - 1,
                    Math.round(a.height) >= Math.round(r.height) - 1, Math.round(a.height)];
        });""")
    assert all(count == 1 and wide and tall and height >= MIN_TARGET for count, wide, tall, height in shapes), \
        shapes[:5]
    first = rows[0].find_element(By.TAG_NAME, "a")
    assert first.get_attribute("href").endswith("/stocks/BAC"), first.get_attribute("href")
    if width < 600:
        # A card: the name under the symbol, not a column beside it.
        below = driver.execute_script("""
            const a = arguments[0];
            return a.querySelector('.name').getBoundingClientRect().top
                >= a.querySelector('.symbol').getBoundingClientRect().bottom - 1;""", first)
        assert below, f"the results are not cards at {width} px"
    priced = driver.find_elements(By.CSS_SELECTOR, "#search-results .price:not(.none)")
    assert priced and all(PRICE.match(p.text) for p in priced[:10]), [p.text for p in priced[:10]]
    assert console_errors(driver) == []
    save(driver, request, f"{width}-{scheme}")


def test_the_search_tab_is_the_current_one_on_the_search_page(driver, app_url, size):
    driver.get(app_url + "/search?q=bank")
    current = driver.execute_script("""
        return [...document.querySelectorAll('a[aria-current="page"]')]
            .filter((a) => a.offsetParent !== null).map((a) => a.getAttribute('href'));""")
    if size == "phone":
        assert current == ["/search"], current
        tab = driver.find_element(By.CSS_SELECTOR, '.tab-bar a[href="/search"]')
        assert driver.execute_script("return getComputedStyle(arguments[0]).fontWeight", tab) == "700"
    else:
        assert "/markets" not in current, current
