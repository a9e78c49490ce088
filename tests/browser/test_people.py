"""Several people (SPEC §14), as they meet it: the owner invites someone on the People page
(with a long name), the page shows the link whole; the invited person opens it in another
browser, chooses a password and is signed in, with no People link; the owner makes them a
viewer and removes them, and their browser is signed out. At phone and tablet size: nothing
wider than the screen, no word broken, fingers-sized targets."""
import pytest
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait

from axe_check import assert_no_serious_violations
from conftest import make_driver, running_app
from layout_checks import assert_fits_width, assert_touch_targets, broken_words
from test_signin import PASSWORD, set_password

LONG_NAME = "Bartholomew Featherstonehaugh-Smythe"
THEIR_PASSWORD = "a sentence that is long enough"


@pytest.fixture(scope="module")
def owned_app():
    with running_app(prepare=set_password) as app_url:
        yield app_url


def sign_in_browser(driver, app_url, name="ada", password=PASSWORD):
    driver.get(app_url + "/signin")
    driver.find_element(By.ID, "sign-in-name").send_keys(name)
    driver.find_element(By.ID, "sign-in-password").send_keys(password)
    driver.find_element(By.CSS_SELECTOR, ".sign-in button[type=submit]").click()
    WebDriverWait(driver, 10).until(lambda d: "/signin" not in d.current_url)


def wait_for_new_page(driver, old_element):
    """The form's answer loaded whole: the old page gone and the new one done loading (a tap on
    a page still loading may be lost, as a person's would)."""
    WebDriverWait(driver, 10).until(lambda d: gone(old_element))
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")


def gone(element):
    """Whether `element` left the document: stale, or (Chromium asked while the page is being
    replaced) "Node with given id does not belong to the document", which says the same."""
    try:
        return EC.staleness_of(element)(None)
    except WebDriverException as error:
        if "does not belong to the document" in str(error):
            return True
        raise


def assert_header_fits(driver):
    """The header's row within the screen's width: the page's layout width is the screen's (a
    phone browser widens it, zoomed out, when something is wider) and the bell is on screen."""
    width, screen, bell_right = driver.execute_script(
        "return [window.innerWidth, screen.width, document.getElementById('bell').getBoundingClientRect().right]")
    assert width == screen, f"the page is laid out {width}px wide on a {screen}px screen"
    assert bell_right <= width


def assert_suits_the_screen(driver):
    assert_fits_width(driver)
    assert_touch_targets(driver)
    assert broken_words(driver) == []


def test_the_owner_invites_and_the_invited_person_joins(owned_app, driver, size, screenshot):
    driver.delete_all_cookies()
    sign_in_browser(driver, owned_app)
    driver.get(owned_app + "/")
    assert_header_fits(driver)
    driver.find_element(By.CSS_SELECTOR, "#account summary").click()
    people_link = driver.find_element(By.CSS_SELECTOR, "#account .people-link")
    assert people_link.is_displayed()
    assert_suits_the_screen(driver)
    screenshot("account-menu")
    people_link.click()
    WebDriverWait(driver, 10).until(EC.url_contains("/people"))
    assert_suits_the_screen(driver)

    name = f"{LONG_NAME} {size}"
    driver.find_element(By.ID, "invite-name").send_keys(name)
    Select(driver.find_element(By.ID, "invite-role")).select_by_value("member")
    driver.find_element(By.CSS_SELECTOR, ".invite-form button[type=submit]").click()
    field = WebDriverWait(driver, 10).until(EC.presence_of_element_located((By.ID, "invitation-link")))
    link = field.get_attribute("value")
    assert link.startswith(owned_app + "/invite/"), link
    assert name in driver.find_element(By.ID, "invitation-made").text
    invited = driver.find_elements(By.CSS_SELECTOR, "#invitation-rows .person")
    assert [row.get_attribute("data-name") for row in invited] == [name]
    assert_suits_the_screen(driver)
    assert_no_serious_violations(driver)
    screenshot("invited")

    # The invited person, in a browser of their own.
    theirs = make_driver(size)
    try:
        theirs.get(link)
        assert f"Welcome to Bourse, {name}" in theirs.find_element(By.TAG_NAME, "h1").text
        assert_suits_the_screen(theirs)
        # Too short: the browser holds the form back and says why (the server would refuse it too).
        field = theirs.find_element(By.ID, "invite-password")
        field.send_keys("short")
        theirs.find_element(By.CSS_SELECTOR, ".sign-in button[type=submit]").click()
        assert theirs.execute_script("return arguments[0].validity.tooShort", field) is True
        assert "/invite/" in theirs.current_url
        field.clear()
        field.send_keys(THEIR_PASSWORD)
        theirs.find_element(By.CSS_SELECTOR, ".sign-in button[type=submit]").click()
        WebDriverWait(theirs, 10).until(lambda d: d.current_url.rstrip("/") == owned_app.rstrip("/"))
        assert theirs.find_element(By.CSS_SELECTOR, "#account summary").get_attribute("title") == f"Signed in as {name}"
        assert theirs.find_elements(By.CSS_SELECTOR, ".people-link") == []
        assert_header_fits(theirs)
        theirs.get(owned_app + "/people")
        assert "only the owner manages people" in theirs.page_source

        # The owner makes them a viewer, then removes them.
        driver.get(owned_app + "/people")
        row = driver.find_element(By.CSS_SELECTOR, f'#people-rows .person[data-name="{name}"]')
        Select(row.find_element(By.TAG_NAME, "select")).select_by_value("viewer")
        row.find_element(By.CSS_SELECTOR, ".person-role button").click()
        wait_for_new_page(driver, row)
        row = driver.find_element(By.CSS_SELECTOR, f'#people-rows .person[data-name="{name}"]')
        assert Select(row.find_element(By.TAG_NAME, "select")).first_selected_option.get_attribute("value") == "viewer"
        summary = row.find_element(By.CSS_SELECTOR, ".person-remove summary")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", summary)
        summary.click()
        assert_suits_the_screen(driver)
        screenshot("remove")
        remove = row.find_element(By.CSS_SELECTOR, ".person-remove .danger")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", remove)
        remove.click()
        wait_for_new_page(driver, row)
        assert driver.find_elements(By.CSS_SELECTOR, f'#people-rows .person[data-name="{name}"]') == []

        theirs.get(owned_app + "/markets")
        assert "/signin" in theirs.current_url
    finally:
        theirs.quit()
