"""The leaderboard (SPEC §14), as people meet it: the owner, two members (one with a 36-character
name) and a viewer; the members and the owner trade through the API on the simulated feed. At a
small phone (320 px) and a tablet (820 px): the board fits the screen with no word broken, the
long name on one line cut with "…", your row says "You", the account menu links it, the owner's
switch is a finger-sized button; hidden, a member finds no link and no page; axe finds nothing
serious."""
import json
import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from axe_check import assert_no_serious_violations
from conftest import make_driver, running_app
from layout_checks import assert_fits_width, assert_touch_targets, broken_words
from test_people import assert_header_fits, sign_in_browser, wait_for_new_page
from test_signin import request, set_password, sign_in

LONG_NAME = "Bartholomew Featherstonehaugh-Smythe"  # 36 characters
THEIR_PASSWORD = "a sentence that is long enough"


@pytest.fixture(params=["small-phone", "tablet"], scope="module")
def size(request):
    """320 px, the narrowest phone, and 820 px, where the header is widest for its room."""
    return request.param


def cookie_of(headers):
    return headers["Set-Cookie"].split(";")[0]


def send(app_url, method, path, cookie, body=None):
    data = json.dumps(body).encode() if body is not None else None
    status, _, text = request(
        app_url + path, method, {"Cookie": cookie, "Content-Type": "application/json"}, data)
    return status, (json.loads(text) if text else None)


def invite(app_url, owner, name, role):
    status, answer = send(app_url, "POST", "/api/v1/users", owner, {"name": name, "role": role})
    assert status == 201, answer
    token = answer["invitation"]["link"].rsplit("/", 1)[1]
    status, headers, text = request(
        app_url + f"/api/v1/invitations/{token}", "POST", {"Content-Type": "application/json"},
        json.dumps({"password": THEIR_PASSWORD}).encode())
    assert status == 201, text
    return cookie_of(headers)


def wait_for_a_live_book(app_url, cookie):
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        status, book = send(app_url, "GET", "/api/v1/book", cookie)
        if status == 200 and book["state"] == "live" and book["asks"] and book["bids"]:
            return
        time.sleep(0.3)
    pytest.fail("the simulated feed's book did not come within 30 s")


def market(app_url, cookie, side, quantity):
    status, answer = send(app_url, "POST", "/api/v1/orders", cookie,
                          {"side": side, "type": "market", "quantity": quantity})
    assert status == 201, answer
    assert answer["fills"], answer


@pytest.fixture(scope="module")
def board_app():
    """The app with an owner (ada), two members who traded and a viewer; yields (url, cookies)."""
    with running_app(prepare=set_password) as app_url:
        status, headers, _ = sign_in(app_url)
        assert status == 303
        ada = cookie_of(headers)
        cookies = {
            "ada": ada,
            "ann": invite(app_url, ada, "ann", "member"),
            LONG_NAME: invite(app_url, ada, LONG_NAME, "member"),
            "vic": invite(app_url, ada, "vic", "viewer"),
        }
        wait_for_a_live_book(app_url, ada)
        market(app_url, cookies["ann"], "buy", 3)
        market(app_url, cookies[LONG_NAME], "buy", 5)
        market(app_url, cookies[LONG_NAME], "sell", 2)
        market(app_url, ada, "buy", 1)
        yield app_url, cookies


def assert_suits_the_screen(driver):
    assert_fits_width(driver)
    assert_touch_targets(driver)
    assert broken_words(driver) == []


def rows(driver):
    return driver.execute_script("""
        return [...document.querySelectorAll('#leaderboard-rows tr')].map((row) => ({
            name: row.dataset.name, rank: row.dataset.rank, you: row.classList.contains('you'),
            mark: row.querySelector('.you-mark') ? row.querySelector('.you-mark').textContent : null}));
    """)


def name_cut_on_one_line(driver, name):
    """For `name`'s row: whether its text is wider than its box (cut), how many boxes it makes
    (lines), and its text-overflow and white-space."""
    return driver.execute_script("""
        const row = [...document.querySelectorAll('#leaderboard-rows tr')].find((r) => r.dataset.name === arguments[0]);
        const name = row.querySelector('.one-line');
        const style = getComputedStyle(name);
        return [name.scrollWidth > name.clientWidth, name.getClientRects().length, style.textOverflow, style.whiteSpace];
    """, name)


def test_a_member_finds_the_board_in_the_menu_and_their_row_marked(board_app, driver, size, screenshot):
    app_url, cookies = board_app
    driver.delete_all_cookies()
    sign_in_browser(driver, app_url, LONG_NAME, THEIR_PASSWORD)
    driver.get(app_url + "/markets")
    assert_header_fits(driver)
    driver.find_element(By.CSS_SELECTOR, "#account summary").click()
    link = driver.find_element(By.CSS_SELECTOR, "#account .leaderboard-link")
    assert link.is_displayed()
    assert_suits_the_screen(driver)
    screenshot("menu")
    link.click()
    WebDriverWait(driver, 10).until(EC.url_contains("/leaderboard"))

    shown = rows(driver)
    assert sorted(row["name"] for row in shown) == sorted(["ada", "ann", LONG_NAME])  # vic views, not trades
    mine = [row for row in shown if row["you"]]
    assert [(row["name"], row["mark"]) for row in mine] == [(LONG_NAME, "You")]
    assert [row["rank"] for row in shown] == sorted((row["rank"] for row in shown), key=int)
    header = driver.find_element(By.CSS_SELECTOR, "#leaderboard-table thead th.figure").get_attribute("textContent")
    assert header == "P&L"
    assert "No starting cash: ranked by realised plus unrealised profit" in driver.find_element(
        By.ID, "leaderboard-rule").text
    assert driver.find_elements(By.ID, "leaderboard-visibility") == []

    # Every name has room to be read, and the line under it (fills, shares; a phone's) is one line.
    for name, width, lines in driver.execute_script("""
        return [...document.querySelectorAll('#leaderboard-rows tr')].map((row) => {
            const more = row.querySelector('.more'), height = parseFloat(getComputedStyle(more).lineHeight);
            return [row.dataset.name, row.querySelector('.one-line').getBoundingClientRect().width,
                    more.getClientRects().length ? Math.round(more.getBoundingClientRect().height / height) : 0];
        });
    """):
        assert width >= min(60, 8 * len(name)), f"{name}: {width}px"
        assert lines <= 1, f"{name}: the line under the name takes {lines}"
    cut, boxes, overflow, white_space = name_cut_on_one_line(driver, LONG_NAME)
    assert (boxes, overflow, white_space) == (1, "ellipsis", "nowrap")
    if size == "small-phone":
        assert cut, "at 320 px the long name is cut with an ellipsis"
    # Figures right-aligned in tabular numbers.
    figure = driver.find_element(By.CSS_SELECTOR, "#leaderboard-rows tr td.figure")
    assert figure.value_of_css_property("font-variant-numeric") == "tabular-nums"
    assert driver.execute_script("""
        const cell = arguments[0], text = document.createRange();
        text.selectNodeContents(cell);
        return Math.abs(cell.getBoundingClientRect().right - parseFloat(getComputedStyle(cell).paddingRight)
                        - text.getBoundingClientRect().right) < 2;
    """, figure)
    assert_suits_the_screen(driver)
    assert_no_serious_violations(driver)
    screenshot("member")


def test_the_owner_hides_it_and_a_member_no_longer_finds_it(board_app, driver, size, screenshot):
    app_url, cookies = board_app
    driver.delete_all_cookies()
    sign_in_browser(driver, app_url)
    driver.get(app_url + "/leaderboard")
    toggle = driver.find_element(By.CSS_SELECTOR, "#leaderboard-visibility button")
    assert toggle.text == "Hide from members"
    assert_suits_the_screen(driver)
    assert_no_serious_violations(driver)
    screenshot("owner")

    theirs = make_driver(size)
    try:
        sign_in_browser(theirs, app_url, "ann", THEIR_PASSWORD)
        theirs.get(app_url + "/leaderboard")
        assert any(row["you"] and row["name"] == "ann" for row in rows(theirs))

        toggle.click()
        wait_for_new_page(driver, toggle)
        assert driver.current_url.endswith("/leaderboard")
        assert "Hidden: only you see the leaderboard." in driver.find_element(By.ID, "leaderboard-state").text
        assert driver.find_element(By.CSS_SELECTOR, "#leaderboard-visibility button").text == "Show to members"
        assert_suits_the_screen(driver)
        screenshot("hidden")

        theirs.get(app_url + "/leaderboard")
        assert theirs.find_element(By.TAG_NAME, "h1").text == "Page not found"
        theirs.get(app_url + "/markets")
        assert theirs.find_elements(By.CSS_SELECTOR, "#account .leaderboard-link") == []

        # Shown again: the member's menu links it once more.
        show = driver.find_element(By.CSS_SELECTOR, "#leaderboard-visibility button")
        show.click()
        wait_for_new_page(driver, show)
        assert driver.find_element(By.CSS_SELECTOR, "#leaderboard-visibility button").text == "Hide from members"
        theirs.get(app_url + "/markets")
        assert len(theirs.find_elements(By.CSS_SELECTOR, "#account .leaderboard-link")) == 1
    finally:
        theirs.quit()
        # The board is shown again whatever failed above: the module's other tests read it.
        status, answer = send(app_url, "PATCH", "/api/v1/leaderboard", cookies["ada"], {"hidden": False})
        assert status == 200, answer


def test_with_starting_cash_it_ranks_by_equity(driver, size, screenshot):
    with running_app(prepare=set_password, BOURSE_STARTING_CASH="100000") as app_url:
        status, headers, _ = sign_in(app_url)
        ada = cookie_of(headers)
        # The owner alone: the board says so and links People, a finger-sized link in its sentence.
        driver.delete_all_cookies()
        sign_in_browser(driver, app_url)
        driver.get(app_url + "/leaderboard")
        assert "Only you so far" in driver.find_element(By.ID, "leaderboard-alone").text
        assert_suits_the_screen(driver)
        screenshot("alone")

        ann = invite(app_url, ada, LONG_NAME, "member")
        wait_for_a_live_book(app_url, ada)
        market(app_url, ann, "buy", 10)
        status, board = send(app_url, "GET", "/api/v1/leaderboard", ada)
        assert status == 200 and board["rankedBy"] == "equity" and board["startingCash"] == "100000.00"

        driver.delete_all_cookies()
        sign_in_browser(driver, app_url, LONG_NAME, THEIR_PASSWORD)
        driver.get(app_url + "/leaderboard")
        header = driver.find_element(By.CSS_SELECTOR, "#leaderboard-table thead th.figure").get_attribute("textContent")
        assert header == "Equity"
        assert "Everyone started with 100,000.00" in driver.find_element(By.ID, "leaderboard-rule").text
        assert_suits_the_screen(driver)
        assert_no_serious_violations(driver)
        screenshot()


@pytest.mark.parametrize("size", ["small-phone", "phone", "tablet", "desktop"], indirect=True)
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_board_in_light_and_dark(board_app, driver, size, scheme, screenshot):
    """At 320, 390, 820 and 1440 px, light and dark: the member's board suits the screen and the
    console is quiet."""
    app_url, cookies = board_app
    driver.delete_all_cookies()
    sign_in_browser(driver, app_url, LONG_NAME, THEIR_PASSWORD)
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    try:
        driver.get(app_url + "/leaderboard")
        assert driver.execute_script("return matchMedia('(prefers-color-scheme: dark)').matches") == (scheme == "dark")
        assert [row["name"] for row in rows(driver) if row["you"]] == [LONG_NAME]
        assert_suits_the_screen(driver)
        assert [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"] == []
        screenshot(scheme)
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
