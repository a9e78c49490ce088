"""Price alerts in the app (issue 20): "Alert me" on a stock's page sets one (and says the API's
refusal as it is), My stocks counts it on the stock and lists it, and its Remove button removes it;
a fired alert shows its price and can be re-armed. The app is shared by every browser test, so the
alerts set here are removed and My stocks emptied again, whatever happens."""
import json
import time
import urllib.error
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from axe_check import assert_no_serious_violations
from conftest import one_size
from layout_checks import assert_fits_width, assert_touch_targets
from test_exchange import set_field, tap


def wait(driver, seconds=30):
    return WebDriverWait(driver, seconds)


def call(app_url, path, method="GET", body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(app_url + path, method=method, data=data,
                                     headers={"Content-Type": "application/json"} if data else {})
    with urllib.request.urlopen(request, timeout=20) as response:
        return json.loads(response.read() or b"null")


def alerts_on(app_url, symbol):
    return [alert for alert in call(app_url, "/api/v1/alerts")["alerts"] if alert["symbol"] == symbol]


def remove_alerts(app_url, symbol):
    for alert in alerts_on(app_url, symbol):
        try:
            call(app_url, "/api/v1/alerts/" + alert["id"], "DELETE")
        except urllib.error.HTTPError as error:
            if error.code != 404:
                raise


def alert_rows(driver):
    """(id, status, text) of each alert row shown, read in one script (the list is redrawn)."""
    return driver.execute_script(
        "return [...document.querySelectorAll('#alert-rows li.alert-row')]"
        ".map((r) => [r.dataset.alertId, r.dataset.status, r.textContent])")


def open_stock(driver, app_url, symbol):
    driver.get(app_url + "/stocks/" + symbol)
    wait(driver).until(lambda d: d.find_element(By.ID, "alerts").is_displayed())
    wait(driver).until(lambda d: d.find_element(By.ID, "price").text not in ("", "—"))
    wait(driver).until(lambda d: d.find_element(By.ID, "alert-note").text != "" or alert_rows(d))


def set_alert(driver, kind, value):
    Select(driver.find_element(By.ID, "alert-kind")).select_by_value(kind)
    set_field(driver, "alert-value", value)
    tap(driver, driver.find_element(By.CSS_SELECTOR, "#alert-form button[type=submit]"))


def test_alert_me_then_my_stocks_then_remove(driver, app_url, screenshot):
    remove_alerts(app_url, "MSFT")
    try:
        open_stock(driver, app_url, "MSFT")
        assert alert_rows(driver) == []
        assert "No alert on MSFT" in driver.find_element(By.ID, "alert-note").text

        # The API's refusal, as it says it; nothing is set.
        set_alert(driver, "below", "12.345")
        error = driver.find_element(By.ID, "alert-error")
        wait(driver).until(lambda d: error.is_displayed() and error.text != "")
        assert "tick" in error.text or "0.01" in error.text, error.text
        assert alerts_on(app_url, "MSFT") == []

        # A level the price is far above: armed.
        set_alert(driver, "below", "1.00")
        wait(driver).until(lambda d: len(alert_rows(d)) == 1)
        assert not error.is_displayed()
        (alert_id, status, text) = alert_rows(driver)[0]
        assert status == "armed" and "At or below 1.00" in text and "Armed" in text, text
        assert [(a["id"], a["below"], a["status"]) for a in alerts_on(app_url, "MSFT")] == [(alert_id, "1.00", "armed")]
        assert driver.find_element(By.ID, "alert-value").get_attribute("value") == ""
        assert_fits_width(driver)
        assert_touch_targets(driver)
        assert_no_serious_violations(driver)
        screenshot("stock")

        # On My stocks: the count on the stock and the alert in the list.
        call(app_url, "/api/v1/watchlist", "PUT", {"symbols": ["MSFT"]})
        driver.get(app_url + "/")
        badge = (By.CSS_SELECTOR, "#watch-rows li[data-symbol=MSFT] .watch-alerts")
        wait(driver).until(lambda d: d.find_elements(*badge) and d.find_element(*badge).text == "1 alert")
        wait(driver).until(lambda d: [row[0] for row in alert_rows(d)] == [alert_id])
        row = driver.find_element(By.CSS_SELECTOR, f"#alert-rows li[data-alert-id='{alert_id}']")
        assert row.find_element(By.CSS_SELECTOR, "a").get_attribute("href") == app_url + "/stocks/MSFT"
        assert "MSFT at or below 1.00" in " ".join(row.text.split()), row.text
        assert_fits_width(driver)
        assert_touch_targets(driver)
        assert_no_serious_violations(driver)
        screenshot("my-stocks")

        # Removed from My stocks: gone from the list, the count and the API.
        tap(driver, driver.find_element(By.CSS_SELECTOR, "[aria-label='Remove the alert MSFT at or below 1.00']"))
        wait(driver).until(lambda d: alert_rows(d) == [])
        assert driver.find_element(By.ID, "alerts-empty").is_displayed()
        assert not driver.find_elements(*badge)
        assert alerts_on(app_url, "MSFT") == []
    finally:
        remove_alerts(app_url, "MSFT")
        call(app_url, "/api/v1/watchlist", "PUT", {"symbols": []})


@one_size
def test_a_fired_alert_shows_its_price_and_is_re_armed(driver, app_url):
    remove_alerts(app_url, "KO")
    try:
        open_stock(driver, app_url, "KO")
        count = driver.find_element(By.ID, "bell-count")
        before = int(count.get_attribute("textContent") or 0) if count.get_attribute("hidden") is None else 0
        # Any price meets "at or above 0.01": set against the price the page just loaded, it fires at once.
        set_alert(driver, "above", "0.01")
        wait(driver).until(lambda d: [row[1] for row in alert_rows(d)] == ["fired"])
        # Its notice is counted by the bell at once, without a reload.
        wait(driver, 5).until(lambda d: count.get_attribute("hidden") is None
                              and int(count.get_attribute("textContent")) == before + 1)
        (alert_id, _, text) = alert_rows(driver)[0]
        (fired,) = alerts_on(app_url, "KO")
        assert fired["status"] == "fired" and fired["price"] is not None
        assert "Fired" in text and "at or above 0.01" in text.lower(), text
        assert "fired at once" in driver.find_element(By.ID, "alert-note").text

        # Re-arm: armed again (PUT), and the known price fires it again at once, later.
        tap(driver, driver.find_element(By.CSS_SELECTOR, "[aria-label='Re-arm the alert at or above 0.01']"))
        deadline = time.monotonic() + 20
        while alerts_on(app_url, "KO")[0]["firedAt"] == fired["firedAt"]:
            assert time.monotonic() < deadline, "Re-arm did not arm the alert again"
            time.sleep(0.2)
        wait(driver).until(lambda d: [row[0] for row in alert_rows(d)] == [alert_id])

        # A day's move: the label says Percent; a percent above 1000 is the API's 400, said as it is.
        Select(driver.find_element(By.ID, "alert-kind")).select_by_value("movePercent")
        assert driver.find_element(By.ID, "alert-value-label").text == "Percent"
        set_alert(driver, "movePercent", "5000")
        error = driver.find_element(By.ID, "alert-error")
        wait(driver).until(lambda d: error.is_displayed() and error.text != "")
        assert len(alerts_on(app_url, "KO")) == 1
    finally:
        remove_alerts(app_url, "KO")
