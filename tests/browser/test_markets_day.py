"""The day at a glance on /markets (issue 31 item 1, SPEC §13), in Chromium at phone and tablet
size: the index funds (SPY, QQQ, DIA, IWM) with price, day change and a month sparkline, then
the day's top gainers, top losers and most active, as the API gives them; cards a thumb scrolls
sideways on a phone, three columns side by side on a tablet; no word broken, nothing wider than
the screen, every card a 44 px target."""
import json
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from axe_check import assert_no_serious_violations
from layout_checks import assert_fits_width, assert_touch_targets, broken_words


def wait(driver, seconds=30):
    return WebDriverWait(driver, seconds)


def get(url):
    with urllib.request.urlopen(url, timeout=60) as response:
        return json.load(response)


def symbols(driver, list_id):
    return [li.get_attribute("data-symbol") for li in driver.find_elements(By.CSS_SELECTOR, f"#{list_id} li.mover")]


def test_the_day_opens_the_markets(driver, size, app_url, screenshot):
    movers = get(app_url + "/api/v1/movers")
    funds = get(app_url + "/api/v1/quotes?symbols=SPY,QQQ,DIA,IWM")["results"]
    driver.get(app_url + "/markets")
    wait(driver).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#funds li.fund[data-symbol]")) == 4
                       and len(symbols(d, "movers-active")) == 10)
    # The funds in their order, each with the list's price and a month's sparkline.
    cards = driver.find_elements(By.CSS_SELECTOR, "#funds li.fund")
    assert [card.get_attribute("data-symbol") for card in cards] == ["SPY", "QQQ", "DIA", "IWM"]
    for card, fund in zip(cards, funds):
        assert card.find_element(By.CSS_SELECTOR, ".fund-price").text.startswith(fund["price"].split(".")[0])
        assert card.find_element(By.CSS_SELECTOR, "a").get_attribute("href").endswith("/stocks/" + fund["symbol"])
        spark = card.find_element(By.CSS_SELECTOR, "img.sparkline")
        assert spark.get_attribute("src").endswith(f"/stocks/{fund['symbol']}/sparkline.svg")
        assert "1 month" in card.text
    # The three lists as the API ranks them, and the day they are of.
    for name, list_id in (("gainers", "movers-gainers"), ("losers", "movers-losers"), ("active", "movers-active")):
        assert symbols(driver, list_id) == [row["symbol"] for row in movers[name]], name
    first_gainer = driver.find_element(By.CSS_SELECTOR, "#movers-gainers li.mover")
    assert first_gainer.find_element(By.CSS_SELECTOR, ".price-change").text.startswith("+")
    assert "shares" in driver.find_element(By.CSS_SELECTOR, "#movers-active li.mover").text
    assert driver.find_element(By.ID, "day-as-of").text.startswith("Close of ")
    # The whole list still follows.
    wait(driver).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#quote-rows tr[data-symbol]")) >= 50)

    day = driver.find_element(By.ID, "day")
    assert broken_words(driver, day) == []
    assert_fits_width(driver)
    assert_touch_targets(driver)
    lists = driver.find_elements(By.CSS_SELECTOR, ".movers-list")
    tops = [round(element.rect["y"]) for element in lists]
    if size == "phone":
        # Stacked; each list a row of cards that scrolls sideways inside it, not the page.
        assert tops == sorted(tops) and len(set(tops)) == 3
        cards = driver.find_element(By.ID, "movers-gainers")
        assert driver.execute_script("return arguments[0].scrollWidth > arguments[0].clientWidth", cards)
    else:
        assert len(set(tops)) == 1, "the three lists side by side"
    assert_no_serious_violations(driver)
    screenshot("day")
