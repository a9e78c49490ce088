"""The GNB screens in Chromium at phone and tablet size, against the app's embedded data."""
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from axe_check import assert_no_serious_violations
from conftest import one_size
from layout_checks import assert_fits_width, assert_touch_targets

PRODUCTS = ["B2009", "M2007", "R2008", "T2006"]


def wait(driver, seconds=20):
    return WebDriverWait(driver, seconds)


def visible_skus(driver):
    rows = driver.find_elements(By.CSS_SELECTOR, "#product-rows tr")
    return [row.get_attribute("data-sku") for row in rows if row.is_displayed()]


def test_products_search_and_one_product(driver, app_url, screenshot):
    driver.get(app_url + "/gnb")
    assert driver.find_element(By.CSS_SELECTOR, "header a.brand").text == "Bourse"
    wait(driver).until(EC.visibility_of_element_located((By.ID, "products")))
    assert sorted(visible_skus(driver)) == PRODUCTS
    assert not driver.find_element(By.ID, "status").is_displayed()
    screenshot("list")
    assert_no_serious_violations(driver)
    assert_fits_width(driver)
    assert_touch_targets(driver)

    search = driver.find_element(By.ID, "sku-filter")
    search.send_keys("T20")
    wait(driver).until(lambda d: visible_skus(d) == ["T2006"])
    assert "1 of 4 products" in driver.find_element(By.ID, "product-count").text

    driver.find_element(By.LINK_TEXT, "T2006").click()
    wait(driver).until(EC.url_to_be(app_url + "/gnb/T2006"))
    wait(driver).until(EC.text_to_be_present_in_element((By.ID, "total"), "14.99 EUR"))
    paths = [cell.text for cell in driver.find_elements(By.CSS_SELECTOR, "#transaction-rows td.path")]
    assert "USD → EUR" in paths
    assert driver.find_element(By.TAG_NAME, "h1").text == "Product T2006"
    screenshot("T2006")
    assert_no_serious_violations(driver)
    assert_fits_width(driver)
    assert_touch_targets(driver)


def test_unknown_product(driver, app_url, screenshot):
    driver.get(app_url + "/gnb/T9999")
    wait(driver).until(EC.visibility_of_element_located((By.ID, "error")))
    assert "No product T9999" in driver.find_element(By.ID, "error-text").text
    assert not driver.find_element(By.ID, "retry").is_displayed()
    screenshot()
    assert_no_serious_violations(driver)


@one_size
@pytest.mark.parametrize("sku", ["transactions.xml", "rates"])
def test_a_sku_named_like_the_gnb_services_files_is_a_product_page(driver, app_url, sku):
    """The GNB stand-in has its own port and prefix: on the app, every SKU is a product page."""
    driver.get(app_url + "/gnb/" + sku)
    assert driver.find_element(By.TAG_NAME, "h1").text == f"Product {sku}"
    wait(driver).until(EC.visibility_of_element_located((By.ID, "error")))
    assert f"No product {sku}" in driver.find_element(By.ID, "error-text").text


def test_a_path_that_is_not_a_sku(driver, app_url):
    driver.get(app_url + "/gnb/%3Cb%3Ebold%3C%2Fb%3E")
    assert driver.find_element(By.TAG_NAME, "h1").text == "Not a product code"
    assert not driver.find_elements(By.TAG_NAME, "b")
    assert_no_serious_violations(driver)


def test_dark_mode(driver, app_url, screenshot):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    try:
        driver.get(app_url + "/gnb/T2006")
        wait(driver).until(EC.text_to_be_present_in_element((By.ID, "total"), "14.99 EUR"))
        background = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
        assert background == "rgb(18, 20, 23)"
        screenshot()
        assert_no_serious_violations(driver)
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
