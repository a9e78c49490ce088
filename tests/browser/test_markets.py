"""The markets screens in Chromium at phone and tablet size: the list (prices, more rows on
scroll, sorting), the header search, a stock's page with its chart, and the pages with the
market source stopped."""
import re
import json
import urllib.error
import urllib.parse
import urllib.request
from decimal import Decimal

import pytest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from axe_check import assert_no_serious_violations
from conftest import one_size
from layout_checks import assert_fits_width, assert_touch_targets

SIGNED = re.compile(r"^([+\u2212]\d+\.\d{2,}|0\.0+|—)$")
PERCENT = re.compile(r"^([+\u2212]\d+\.\d{2}|0\.00)\s%$|^—$")


CHART = "/stocks/AAPL/chart.svg?range=1M&style=line&width=320&height=200"


def available(app_url, path):
    """Whether the app serves `path` (the search and chart APIs are built in parallel)."""
    try:
        with urllib.request.urlopen(app_url + path, timeout=30):
            return True
    except urllib.error.HTTPError as error:
        if error.code == 404:
            return False
        raise


def require(app_url, path, what):
    """Skips the test while `path` is not in this build."""
    if not available(app_url, path):
        pytest.skip(f"{what} is not in this build yet ({path} is 404)")


def wait(driver, seconds=30):
    return WebDriverWait(driver, seconds)


def loaded_rows(driver):
    return driver.find_elements(By.CSS_SELECTOR, "#quote-rows tr[data-symbol]")


def decimal(text):
    """A displayed signed number as a Decimal: "−0.40" -> -0.40, "+0.87 %" -> 0.87."""
    return Decimal(text.replace("\u2212", "-").replace("+", "").replace("%", "").strip())


def assert_within_screen(driver, selector):
    """Fails when `selector` reaches past the screen's right edge (a mobile browser zooms out
    for wide content, so the page's own width does not show it)."""
    right, screen = driver.execute_script(
        "return [document.querySelector(arguments[0]).getBoundingClientRect().right, screen.width]", selector)
    assert right <= screen, f"{selector} ends at {right}px on a {screen}px screen"


def open_list(driver, app_url):
    driver.get(app_url + "/")
    wait(driver).until(lambda d: len(loaded_rows(d)) >= 50)


def test_list_shows_prices_and_loads_more_on_scroll(driver, app_url, screenshot):
    open_list(driver, app_url)
    assert not driver.find_elements(By.CSS_SELECTOR, "#quote-rows tr.skeleton")
    assert not driver.find_element(By.ID, "status").is_displayed()
    label = driver.find_element(By.ID, "source-label")
    assert label.text in ("Simulated market", "Simulated") and label.get_attribute("title") == "Simulated market"
    first = loaded_rows(driver)[0]
    cells = first.find_elements(By.CSS_SELECTOR, "th, td")
    symbol = cells[0].text
    assert cells[0].find_element(By.TAG_NAME, "a").get_attribute("href") == f"{app_url}/stocks/{symbol}"
    priced = [row for row in loaded_rows(driver) if row.find_elements(By.CSS_SELECTOR, "td")[1].text != "—"]
    assert len(priced) > 40
    for row in priced[:10]:
        price, change, percent = [cell.text for cell in row.find_elements(By.CSS_SELECTOR, "td")[1:]]
        assert re.match(r"^\d+\.\d{2,}$", price), price
        assert SIGNED.match(change), change
        assert PERCENT.match(percent), percent
        colour = row.find_elements(By.CSS_SELECTOR, "td")[3].get_attribute("class")
        assert ("up" in colour) == change.startswith("+") and ("down" in colour) == change.startswith("\u2212")
    assert driver.execute_script("return getComputedStyle(arguments[0]).textAlign", priced[0].find_elements(By.CSS_SELECTOR, "td")[1]) == "right"
    screenshot("list")
    assert_no_serious_violations(driver)
    assert_fits_width(driver)
    assert_within_screen(driver, "#quotes")
    assert_touch_targets(driver)

    driver.execute_script("document.getElementById('list-end').scrollIntoView()")
    wait(driver).until(lambda d: len(loaded_rows(d)) >= 100)
    symbols = [row.get_attribute("data-symbol") for row in loaded_rows(driver)]
    assert len(symbols) == len(set(symbols)), "a page was loaded twice"
    assert "loaded" in driver.find_element(By.ID, "quote-count").text


def whole_market(app_url):
    """Every listing of the unsorted list, page after page (the reference a sort is checked against)."""
    rows, cursor = [], None
    while True:
        url = app_url + "/api/v1/tickers?limit=1000" + (f"&cursor={urllib.parse.quote(cursor)}" if cursor else "")
        with urllib.request.urlopen(url, timeout=60) as response:
            answer = json.load(response)
        rows += answer["results"]
        cursor = answer["next"]
        if not cursor:
            return rows


def sorted_caption(driver, title, direction):
    return wait(driver).until(
        lambda d: f"the whole market sorted by {title} ({direction})" in d.find_element(By.ID, "quote-count").text
        and len(loaded_rows(d)) >= 50)


def press(driver, button):
    """Scrolls `button` to the middle of the screen (where a person would have it, clear of the
    phone's tab bar) and taps it."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()


def test_sort_by_percent_change_sorts_the_whole_market(driver, app_url, screenshot):
    market = [row for row in whole_market(app_url) if row["changePercent"] is not None]
    top = max(market, key=lambda row: (Decimal(row["changePercent"]), [-ord(c) for c in row["symbol"]]))
    bottom = min(market, key=lambda row: (Decimal(row["changePercent"]), row["symbol"]))
    open_list(driver, app_url)
    header = driver.find_element(By.CSS_SELECTOR, "th[data-sort=changePercent]")
    press(driver, header.find_element(By.TAG_NAME, "button"))
    assert header.get_attribute("aria-sort") == "descending"
    sorted_caption(driver, "% change", "descending")
    # The first row is the whole market's biggest gain, not the biggest of the rows loaded before.
    wait(driver).until(lambda d: loaded_rows(d)[0].get_attribute("data-symbol") == top["symbol"])
    # The next page continues the order.
    driver.execute_script("document.getElementById('list-end').scrollIntoView()")
    wait(driver).until(lambda d: len(loaded_rows(d)) >= 100)
    values = [decimal(row.find_elements(By.CSS_SELECTOR, "td")[3].text) for row in loaded_rows(driver)]
    assert values == sorted(values, reverse=True)
    symbols = [row.get_attribute("data-symbol") for row in loaded_rows(driver)]
    assert len(symbols) == len(set(symbols)), "a row shown twice"
    screenshot("percent")

    press(driver, header.find_element(By.TAG_NAME, "button"))
    assert header.get_attribute("aria-sort") == "ascending"
    sorted_caption(driver, "% change", "ascending")
    wait(driver).until(lambda d: loaded_rows(d)[0].get_attribute("data-symbol") == bottom["symbol"])
    known = [decimal(row.find_elements(By.CSS_SELECTOR, "td")[3].text) for row in loaded_rows(driver)]
    assert known == sorted(known)

    press(driver, driver.find_element(By.CSS_SELECTOR, "th[data-sort=symbol] button"))
    assert header.get_attribute("aria-sort") is None
    sorted_caption(driver, "Symbol", "ascending")
    symbols = [row.get_attribute("data-symbol") for row in loaded_rows(driver)]
    assert symbols == sorted(symbols)


def test_search_suggestions_open_a_stock(driver, app_url, screenshot):
    require(app_url, "/api/v1/search?q=app", "the search API")
    driver.get(app_url + "/gnb")
    box = driver.find_element(By.ID, "site-search-input")
    box.send_keys("app")
    wait(driver).until(lambda d: box.get_attribute("aria-expanded") == "true")
    options = driver.find_elements(By.CSS_SELECTOR, "#site-search-list [role=option]")
    symbols = [option.get_attribute("data-symbol") for option in options]
    assert "AAPL" in symbols
    apple = options[symbols.index("AAPL")]
    assert "Apple" in apple.text and "NASDAQ" in apple.text
    screenshot("suggestions")
    assert_no_serious_violations(driver)
    assert_touch_targets(driver)

    for _ in range(symbols.index("AAPL") + 1):
        box.send_keys(Keys.ARROW_DOWN)
    assert box.get_attribute("aria-activedescendant") == apple.get_attribute("id")
    assert apple.get_attribute("aria-selected") == "true"
    box.send_keys(Keys.ESCAPE)
    assert box.get_attribute("aria-expanded") == "false"
    box.send_keys(Keys.ARROW_DOWN)
    for _ in range(symbols.index("AAPL")):
        box.send_keys(Keys.ARROW_DOWN)
    box.send_keys(Keys.ENTER)
    wait(driver).until(EC.url_to_be(app_url + "/stocks/AAPL"))

    box = driver.find_element(By.ID, "site-search-input")
    box.send_keys("microsof")
    wait(driver).until(lambda d: box.get_attribute("aria-expanded") == "true")
    driver.find_element(By.CSS_SELECTOR, "#site-search-list [data-symbol=MSFT]").click()
    wait(driver).until(EC.url_to_be(app_url + "/stocks/MSFT"))


@one_size
def test_search_without_suggestions_goes_to_the_search_page(driver, app_url):
    require(app_url, "/search?q=bank", "the search page")
    driver.get(app_url + "/")
    box = driver.find_element(By.ID, "site-search-input")
    box.send_keys("bank")
    box.send_keys(Keys.ENTER)
    wait(driver).until(EC.url_contains("/search?q=bank"))


def test_stock_page_with_chart_candles_and_crosshair(driver, app_url, screenshot):
    require(app_url, CHART, "the chart")
    driver.get(app_url + "/stocks/AAPL")
    wait(driver).until(lambda d: re.match(r"^\d+\.\d{2,}$", d.find_element(By.ID, "price").text))
    assert "Apple" in driver.find_element(By.ID, "stock-name").text
    assert SIGNED.match(driver.find_element(By.ID, "change").text)
    assert driver.find_element(By.ID, "description").text
    chart = wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#chart svg")))
    width = driver.execute_script("return arguments[0].getBoundingClientRect().width", chart)
    box = driver.execute_script("return document.getElementById('chart').getBoundingClientRect().width")
    assert abs(width - box) < 2, "the chart fills its box"
    assert driver.find_element(By.CSS_SELECTOR, "[data-range='1M']").get_attribute("aria-pressed") == "true"
    assert driver.find_element(By.CSS_SELECTOR, "[data-style='line']").get_attribute("aria-pressed") == "true"
    screenshot("detail")
    assert_no_serious_violations(driver)
    assert_fits_width(driver)
    assert_within_screen(driver, "#chart-section")
    assert_touch_targets(driver)

    driver.find_element(By.CSS_SELECTOR, "[data-style='candles']").click()
    wait(driver).until(lambda d: "style=candles" in d.current_url)
    wait(driver).until(lambda d: d.find_element(By.ID, "chart").get_attribute("aria-busy") is None)
    assert driver.find_element(By.CSS_SELECTOR, "[data-style='candles']").get_attribute("aria-pressed") == "true"
    screenshot("candles")

    # The crosshair: a tap on the chart (these drivers emulate touch) reads out the bar under it.
    chart = wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#chart svg.chart-candles")))
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", chart)
    ActionChains(driver).move_to_element_with_offset(chart, 10, 0).click().perform()
    wait(driver).until(lambda d: "Vol" in d.find_element(By.ID, "chart-readout").text)
    readout = driver.find_element(By.ID, "chart-readout").text
    assert re.search(r"O [\d.,]+ .*H [\d.,]+ .*L [\d.,]+ .*C [\d.,]+", readout), readout
    screenshot("crosshair")

    driver.find_element(By.CSS_SELECTOR, "[data-range='5D']").click()
    wait(driver).until(lambda d: "range=5D" in d.current_url)
    wait(driver).until(lambda d: d.find_element(By.ID, "chart").get_attribute("aria-busy") is None)
    assert driver.find_element(By.ID, "chart-error").is_displayed() is False
    driver.refresh()
    wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#chart svg")))
    assert driver.find_element(By.CSS_SELECTOR, "[data-range='5D']").get_attribute("aria-pressed") == "true"
    assert driver.find_element(By.CSS_SELECTOR, "[data-style='candles']").get_attribute("aria-pressed") == "true"


def test_unknown_symbol(driver, app_url, screenshot):
    """A well-formed symbol no listed stock has gets the friendly 404 page (status 404, says so,
    links back to the markets) and loads no chart or data."""
    with pytest.raises(urllib.error.HTTPError) as answer:
        urllib.request.urlopen(app_url + "/stocks/ZZZZZQ", timeout=30)
    assert answer.value.code == 404
    driver.get(app_url + "/stocks/ZZZZZQ")
    assert driver.find_element(By.TAG_NAME, "h1").text == "No stock ZZZZZQ is listed"
    alert = driver.find_element(By.CSS_SELECTOR, "[role=alert]")
    assert alert.is_displayed()
    assert "No listed stock has the symbol \u201cZZZZZQ\u201d" in alert.text
    assert not driver.find_elements(By.ID, "chart-section")
    assert not driver.find_elements(By.ID, "retry")
    assert driver.find_element(By.CSS_SELECTOR, "a.back").get_attribute("href") == app_url + "/markets"
    screenshot()
    assert_no_serious_violations(driver)


def test_a_path_that_is_not_a_symbol(driver, app_url):
    driver.get(app_url + "/stocks/%3Cb%3Ebold%3C%2Fb%3E")
    assert driver.find_element(By.TAG_NAME, "h1").text == "Not a ticker symbol"
    assert not driver.find_elements(By.TAG_NAME, "b")
    assert_no_serious_violations(driver)
    driver.get(app_url + "/stocks/AAPL/nothing")
    assert driver.find_element(By.TAG_NAME, "h1").text == "Page not found"
    assert_no_serious_violations(driver)
