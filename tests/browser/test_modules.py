"""The scripts are ES modules that define no global: every page, loaded and given time to run its
scripts, has no property on `window` that a fresh window of the same origin (an about:blank iframe,
which inherits the page's origin and secure context) lacks, and its console has no uncaught error."""
import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait


@pytest.fixture(scope="module")
def size():
    """One size is enough here: what this module checks does not depend on the layout (the
    layout tests run at phone and tablet size), and each size costs its own app and browser."""
    return "phone"

PAGES = ["/", "/markets", "/stocks/AAPL", "/search", "/search?q=apple", "/exchange", "/gnb", "/gnb/T2006",
         "/nowhere", "/offline"]

# What Selenium's own scripts leave on the window (find_element, execute_script).
WEBDRIVER = ["ret_nodes", "se_exportedFunctionSymbol"]

OWN_GLOBALS = """
    const WEBDRIVER = arguments[0];
    const frame = document.createElement("iframe");
    document.body.append(frame);
    const fresh = new Set(Object.getOwnPropertyNames(frame.contentWindow));
    const own = Object.getOwnPropertyNames(window)
        .filter((name) => !fresh.has(name) && !/^\\d+$/.test(name) && !WEBDRIVER.includes(name));
    frame.remove();
    return own;
"""


@pytest.mark.parametrize("path", PAGES)
def test_no_script_defines_a_global(driver, app_url, path):
    driver.get_log("browser")  # drop what earlier pages logged
    driver.get(app_url + path)
    WebDriverWait(driver, 30).until(lambda d: d.execute_script("return document.readyState") == "complete")
    # The modules ran (the search box is a combobox) and the page's data had time to arrive.
    WebDriverWait(driver, 30).until(
        lambda d: d.find_element(By.ID, "site-search-input").get_attribute("role") == "combobox")
    time.sleep(1)

    assert driver.execute_script(OWN_GLOBALS, WEBDRIVER) == []
    uncaught = [entry["message"] for entry in driver.get_log("browser") if "Uncaught" in entry["message"]]
    assert uncaught == [], uncaught
