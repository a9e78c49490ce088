"""Key statistics on a stock's page (issue 31 item 3, SPEC §13), in Chromium at phone and tablet
size, and on a 320 px phone: each statistic as the API gives it (prices with two places, volumes
with thousands separators, the market cap in short words, "—" for a fund's), two to a row on a
phone and three on a tablet, no word broken across lines, nothing wider than the screen."""
import json
import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import make_driver
from layout_checks import assert_fits_width, broken_words

KEYS = ["previousClose", "open", "dayHigh", "dayLow", "volume", "averageVolume", "week52High", "week52Low",
        "marketCap"]


def get(url):
    with urllib.request.urlopen(url, timeout=60) as response:
        return json.load(response)


def shown(driver):
    """Each statistic's text on the page, by its API key, once every one is filled in."""
    def filled(d):
        cells = {cell.get_attribute("data-stat"): cell.text for cell in d.find_elements(By.CSS_SELECTOR, "[data-stat]")}
        return cells if all(cells.get(key) for key in KEYS) else None
    return WebDriverWait(driver, 30).until(filled)


def expected_text(key, value):
    if value is None:
        return "—"
    if key in ("volume", "averageVolume"):
        return f"{value:,}"
    if key == "marketCap":
        number = float(value)
        for size, unit in ((1e12, "T"), (1e9, "B"), (1e6, "M")):
            if number >= size:
                return f"{number / size:.2f}{unit}"
        return f"{round(number):,}"
    whole, _, fraction = value.partition(".")
    return whole + "." + fraction.ljust(2, "0")


def check_section(driver, app_url, symbol):
    stats = get(app_url + f"/api/v1/stocks/{symbol}")["stats"]
    driver.get(app_url + f"/stocks/{symbol}")
    cells = shown(driver)
    assert stats["pending"] is False
    assert cells == {key: expected_text(key, stats[key]) for key in KEYS}
    section = driver.find_element(By.ID, "stats")
    assert driver.find_element(By.ID, "stats-heading").text == "Key statistics"
    assert broken_words(driver, section) == []
    assert_fits_width(driver)
    return section


def columns(driver):
    tops = [round(item.rect["y"]) for item in driver.find_elements(By.CSS_SELECTOR, "#stats .stat")]
    return tops.count(tops[0])


def test_the_statistics_show_as_the_api_gives_them(driver, size, app_url, screenshot):
    check_section(driver, app_url, "AAPL")
    assert columns(driver) == (2 if size == "phone" else 3)
    driver.execute_script("document.getElementById('stats').scrollIntoView()")
    screenshot()


def test_a_fund_has_no_market_cap(driver, size, app_url):
    check_section(driver, app_url, "SPY")
    assert driver.find_element(By.CSS_SELECTOR, "[data-stat=marketCap]").text == "—"


@pytest.mark.parametrize("size", ["small-phone"], indirect=False)
def test_a_small_phone_breaks_no_word(app_url, size):
    driver = make_driver(size)
    try:
        check_section(driver, app_url, "BRK.B")
        assert columns(driver) == 2
    finally:
        driver.quit()
