"""The exchange screen with several people and cash (SPEC.md §14), in Chromium: the owner and a
member she invited, each in a browser of their own, watch the same exchange. Each places orders and
sees only their own; a market buy of both on one tick fills for both at the same asks (each account
is matched as if alone); the account summary shows the cash go down by exactly what the fills cost;
a buy over the buying power says "insufficient buying power" and a sale of shares not held "no
short selling", in the ticket. A viewer sees the market with a note where the ticket would be.

At 320 and 820 px (and for the screenshots 390 and 1440 px, light and dark): nothing wider than the
screen, no word broken, no target under 44 px, no error in the console, nothing axe calls serious.

The app is this module's own, with `BOURSE_STARTING_CASH` and a feed of two ticks a second (so that
two people's orders land on one tick); every size trades on it, so each check is relative to what
was there before.
"""
import json
import urllib.error
import urllib.request
from decimal import Decimal

import pytest
from selenium.webdriver.common.by import By

from axe_check import assert_no_serious_violations
from conftest import SCREENSHOTS, make_driver, running_app
from layout_checks import assert_fits_width, assert_touch_targets, broken_words
from test_exchange import FINAL, choose, history_ids, history_row, open_live, set_field, submit_order, wait
from test_people import sign_in_browser
from test_signin import set_password

STARTING_CASH = "100000"
MEMBER, VIEWER = "Mireille Member", "Victor Viewer"
THEIR_PASSWORD = "a sentence that is long enough"


@pytest.fixture(params=["small-phone", "tablet"], scope="module")
def size(request):
    """The narrowest phone the app serves (320 px) and a tablet (820 px)."""
    return request.param


@pytest.fixture(scope="module")
def cash_app():
    """The app with a password (so people sign in), every account starting with $100,000, and a
    feed of two ticks a second."""
    with running_app("--feed-rate", "2", prepare=set_password, BOURSE_STARTING_CASH=STARTING_CASH) as url:
        yield url


@pytest.fixture
def shoot(request, size):
    """Saves a screenshot of any of the test's browsers, as the `screenshot` fixture does for the
    module's own: artifacts/screenshots/<test>-<step>-<size>.png."""
    def take(browser, step):
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        browser.save_screenshot(str(SCREENSHOTS / f"{request.node.originalname}-{step}-{size}.png"))
    return take


def cookie_header(driver):
    return "; ".join(f"{c['name']}={c['value']}" for c in driver.get_cookies())


def call(app_url, path, cookie="", body=None):
    """(status, JSON answer) of one API request with a browser's cookies."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(app_url + path, data=data, method="POST" if data else "GET",
                                     headers={"Content-Type": "application/json", "Cookie": cookie})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


def join(app_url, owner_cookie, name, role):
    """Invites `name` as `role` with the owner's session and accepts the invitation with a
    password; the browser signs in later."""
    status, answer = call(app_url, "/api/v1/users", owner_cookie, {"name": name, "role": role})
    assert status == 201, answer
    token = answer["invitation"]["link"].rsplit("/", 1)[1]
    status, answer = call(app_url, f"/api/v1/invitations/{token}", body={"password": THEIR_PASSWORD})
    assert status == 201, answer


@pytest.fixture(scope="module")
def people(cash_app, driver, size):
    """The owner signed in on the module's browser and the member on one of their own (the member
    and the viewer are invited once for the app)."""
    driver.delete_all_cookies()
    sign_in_browser(driver, cash_app)
    owner_cookie = cookie_header(driver)
    status, answer = call(cash_app, "/api/v1/users", owner_cookie)
    assert status == 200, answer
    if MEMBER not in {person["name"] for person in answer["people"]}:
        join(cash_app, owner_cookie, MEMBER, "member")
        join(cash_app, owner_cookie, VIEWER, "viewer")
    theirs = make_driver(size)
    try:
        sign_in_browser(theirs, cash_app, MEMBER, THEIR_PASSWORD)
        yield {"owner": driver, "member": theirs}
    finally:
        theirs.quit()


def summary(driver):
    """The account summary: each value exactly as the API gave it (`data-value`) and as shown."""
    return driver.execute_script("""
        const ids = {cash: 'cash-cash', buyingPower: 'cash-buying-power', positionValue: 'cash-position-value',
                     equity: 'cash-equity'};
        const out = {};
        for (const [key, id] of Object.entries(ids)) {
            const cell = document.getElementById(id);
            out[key] = cell.dataset.value || null;
            out[key + 'Text'] = cell.textContent;
        }
        return out;
    """)


def money(text):
    """"99876.5" as the page shows money: "$99,876.50"."""
    return f"${Decimal(text):,.2f}"


def signed_money(text):
    """"-5.5" as the page shows a P&L: "−$5.50" ("+$5.50" a gain, "$0.00" none)."""
    value = Decimal(text)
    return ("+" if value > 0 else "\u2212" if value < 0 else "") + money(abs(value))


def position_panel(driver):
    """The position panel's money as shown, read at once with the summary's position value (both
    drawn from one answer of the API)."""
    return driver.execute_script("""
        const text = (id) => document.getElementById(id).textContent;
        return {cost: text('pos-cost'), value: text('pos-value'), unrealized: text('pos-unrealized'),
                realized: text('pos-realized'), summaryValue: text('cash-position-value'),
                summaryValueData: document.getElementById('cash-position-value').dataset.value};
    """)


def assert_position_money_reads_like_the_summary(app_url, driver):
    """The position panel writes money as the account summary does ("$93,044.50", not "93044.5"):
    its market value is the summary's position value to the character, and its cost basis and P&L
    are the API's, in that form."""
    panel = position_panel(driver)
    assert panel["value"] == panel["summaryValue"] == money(panel["summaryValueData"]), panel
    status, position = call(app_url, "/api/v1/position", cookie_header(driver))
    assert status == 200, position
    assert panel["cost"] == money(position["costBasis"]), (panel, position)
    assert panel["realized"] == signed_money(position["realizedPnL"]), (panel, position)
    # The unrealized P&L follows the mark, which may have moved since: it is what the panel's
    # own value and cost make.
    value, cost = (Decimal(panel[key].replace("$", "").replace(",", "").replace("\u2212", "-"))
                   for key in ("value", "cost"))
    assert panel["unrealized"] == signed_money(value - cost), panel


def open_with_summary(driver, app_url):
    open_live(driver, app_url)
    wait(driver).until(lambda d: summary(d)["cash"] is not None)
    wait(driver).until(lambda d: not d.find_element(By.ID, "history-empty").text.startswith("Loading"))
    return summary(driver)


def severe_logs(driver):
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def assert_suits_the_screen(driver):
    assert_fits_width(driver)
    assert_touch_targets(driver)
    broken = broken_words(driver)
    assert broken == [], f"words broken across lines: {broken[:10]}"


def order_answer(app_url, driver, order_id):
    """GET /api/v1/orders/{id} with `driver`'s session: the order and its fills."""
    status, answer = call(app_url, f"/api/v1/orders/{order_id}", cookie_header(driver))
    assert status == 200, answer
    return answer


def set_scheme(driver, scheme):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})


def show(driver, element_id):
    """Scrolls `element_id` to the top of the screen, under the sticky bar, for a screenshot."""
    driver.execute_script("""
        document.querySelectorAll('#toasts .toast').forEach((toast) => toast.remove());
        const bar = document.getElementById('ex-bar').getBoundingClientRect().height;
        const top = document.getElementById(arguments[0]).getBoundingClientRect().top + window.scrollY;
        window.scrollTo(0, top - bar - 8);
    """, element_id)


def new_order(driver, before):
    """The id of the one order in `driver`'s history that is not in `before`, once it is there."""
    wait(driver).until(lambda d: history_ids(d) - before)
    (order_id,) = history_ids(driver) - before
    return order_id


def test_two_people_trade_as_if_alone_and_each_sees_their_own(cash_app, people, size, screenshot):
    owner, member = people["owner"], people["member"]
    before = {who: open_with_summary(driver, cash_app) for who, driver in people.items()}
    for shown in before.values():
        assert shown["buyingPower"] == shown["cash"], "no open buys"
        assert shown["cashText"] == money(shown["cash"]) and shown["buyingPowerText"] == money(shown["buyingPower"])
    if size == "small-phone":  # the first size: nobody has traded yet
        assert before["owner"]["cash"] == before["member"]["cash"] == "100000.00"
    placed = {"owner": [], "member": []}

    # Both tap "Buy 50 at market" a few milliseconds apart, on one tick (the feed sends two a
    # second; a pair that straddles two ticks is tried again).
    for attempt in range(5):
        known = {who: history_ids(driver) for who, driver in people.items()}
        for driver in (owner, member):
            choose(driver, '[data-side="buy"]')
            choose(driver, '[data-type="market"]')
            set_field(driver, "quantity", "50")
            assert driver.find_element(By.ID, "submit").text == "Buy 50 at market"
        owner.execute_script("document.getElementById('submit').click()")
        member.execute_script("document.getElementById('submit').click()")
        pair = {}
        for who, driver in people.items():
            pair[who] = new_order(driver, known[who])
            placed[who].append(pair[who])
            wait(driver).until(lambda d: history_row(d, pair[who])["status"] in FINAL)
        answers = {who: order_answer(cash_app, people[who], order_id) for who, order_id in pair.items()}
        for who, answer in answers.items():
            assert answer["order"]["status"] == "FILLED", (who, answer)
            assert answer["order"]["filledQuantity"] == 50
        ticks = {who: {fill["seq"] for fill in answer["fills"]} for who, answer in answers.items()}
        if ticks["owner"] == ticks["member"]:
            break
    else:
        pytest.fail(f"five pairs of orders never landed on one tick: {ticks}")
    # As if alone: the member took exactly what the owner took from that tick's book, at the same asks.
    fills = {who: [(fill["price"], fill["quantity"]) for fill in answer["fills"]] for who, answer in answers.items()}
    assert fills["owner"] == fills["member"], fills

    # Each sees only their own orders, on the screen and in the API (another's order is a 404).
    for who, other in (("owner", "member"), ("member", "owner")):
        shown = history_ids(people[who])
        assert set(placed[who]) <= shown and not set(placed[other]) & shown, (who, placed, shown)
        for order_id in placed[other]:
            assert call(cash_app, f"/api/v1/orders/{order_id}", cookie_header(people[who]))[0] == 404

    # The summary: the cash went down by exactly what this test's fills cost, and says so at once.
    for who, driver in people.items():
        cost = sum(Decimal(fill["price"]) * fill["quantity"]
                   for order_id in placed[who] for fill in order_answer(cash_app, driver, order_id)["fills"])
        expected = Decimal(before[who]["cash"]) - cost
        wait(driver).until(lambda d: summary(d)["cash"] is not None and Decimal(summary(d)["cash"]) == expected)
        shown = summary(driver)
        assert shown["cash"] == f"{expected:.2f}", (who, shown, expected)
        assert shown["cashText"] == money(expected)
        assert shown["buyingPower"] == shown["cash"], "market orders hold nothing back"
        assert Decimal(shown["equity"]) == Decimal(shown["cash"]) + Decimal(shown["positionValue"])
        assert_position_money_reads_like_the_summary(cash_app, driver)
    show(owner, "cash-section")
    screenshot("owner-summary")
    show(owner, "position-section")
    screenshot("owner-position")
    for driver in (owner, member):
        assert_suits_the_screen(driver)
        assert severe_logs(driver) == []
    assert_no_serious_violations(member)


def test_a_buy_over_the_buying_power_and_a_short_sale_are_refused_in_the_ticket(cash_app, people, size, shoot):
    member = people["member"]
    before = open_with_summary(member, cash_app)
    buying_power = Decimal(before["buyingPower"])
    ask = Decimal(member.find_element(By.ID, "best-ask").text)

    # A limit buy at the ask of more shares than the buying power pays for.
    quantity = int(buying_power / ask) + 100
    choose(member, '[data-side="buy"]')
    choose(member, '[data-type="limit"]')
    set_field(member, "quantity", str(quantity))
    set_field(member, "limit-price", str(ask))
    known = history_ids(member)
    submit_order(member)  # it asks first: it is worth more than $10,000
    order_id = new_order(member, known)
    wait(member).until(lambda d: history_row(d, order_id)["status"] == "REJECTED")
    notice = wait(member).until(lambda d: d.find_element(By.ID, "ticket-notice"))
    wait(member).until(lambda d: "insufficient buying power" in notice.text)
    # The ticket says why, and how much there is to spend (the buying power before the order).
    assert notice.text == (f"Buy {quantity} at {ask} or less refused: insufficient buying power "
                           f"(you have {money(buying_power)})"), notice.text
    assert "insufficient buying power" in history_row(member, order_id)["text"]
    assert summary(member)["cash"] == before["cash"], "a refused order moves no cash"
    show(member, "submit")
    shoot(member, "insufficient-buying-power")
    assert_suits_the_screen(member)

    # A sale of more shares than held.
    held = int(member.find_element(By.ID, "pos-quantity").get_attribute("data-quantity"))
    choose(member, '[data-side="sell"]')
    choose(member, '[data-type="market"]')
    set_field(member, "quantity", str(held + 10))
    known = history_ids(member)
    submit_order(member)
    order_id = new_order(member, known)
    wait(member).until(lambda d: history_row(d, order_id)["status"] == "REJECTED")
    wait(member).until(lambda d: "no short selling" in d.find_element(By.ID, "ticket-notice").text)
    most = f"you can sell at most {held}" if held > 0 else "you hold no shares"
    assert member.find_element(By.ID, "ticket-notice").text == f"Sell {held + 10} at market refused: no short selling ({most})"
    show(member, "submit")
    shoot(member, "no-short-selling")
    assert_suits_the_screen(member)
    assert severe_logs(member) == []
    choose(member, '[data-side="buy"]')
    set_field(member, "quantity", "1")


def test_a_viewer_watches_the_market_without_a_ticket(cash_app, people, size, shoot):
    viewer = make_driver(size)
    try:
        sign_in_browser(viewer, cash_app, VIEWER, THEIR_PASSWORD)
        for scheme in ("light", "dark"):
            set_scheme(viewer, scheme)
            open_with_summary(viewer, cash_app)
            assert viewer.find_elements(By.ID, "ticket") == [] and viewer.find_elements(By.ID, "submit") == []
            note = viewer.find_element(By.ID, "viewer-note")
            assert note.is_displayed()
            assert "ask the owner to make you a member" in note.text
            # The book, the chart and their (empty) orders are there.
            assert viewer.find_element(By.ID, "best-bid").text not in ("—", "none", "")
            wait(viewer).until(lambda d: d.find_element(By.CSS_SELECTOR, "#ex-chart polyline").get_attribute("points"))
            assert viewer.find_element(By.ID, "history-empty").is_displayed()
            assert viewer.find_element(By.ID, "open-empty").is_displayed()
            assert summary(viewer)["cash"] == "100000.00"
            assert_suits_the_screen(viewer)
            assert severe_logs(viewer) == []
            shoot(viewer, f"top-{scheme}")
            show(viewer, "viewer-section")
            shoot(viewer, f"note-{scheme}")
        assert_no_serious_violations(viewer)
    finally:
        viewer.quit()


@pytest.mark.parametrize("size", ["small-phone", "phone", "tablet", "desktop"], indirect=True)
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_screen_with_cash_in_light_and_dark(cash_app, people, size, scheme, screenshot):
    owner = people["owner"]
    set_scheme(owner, scheme)
    try:
        shown = open_with_summary(owner, cash_app)
        assert owner.execute_script("return matchMedia('(prefers-color-scheme: dark)').matches") == (scheme == "dark")
        for key in ("cash", "buyingPower", "positionValue", "equity"):
            assert shown[key + "Text"] == (money(shown[key]) if shown[key] else "—"), shown
        # The money is right-aligned, in figures of one width.
        styles = owner.execute_script("""
            return [...document.querySelectorAll('#cash-summary dd')].map((dd) => {
                const style = getComputedStyle(dd);
                return [style.textAlign, style.fontVariantNumeric];
            });""")
        assert all(align == "right" and "tabular-nums" in numbers for align, numbers in styles), styles
        assert_suits_the_screen(owner)
        assert severe_logs(owner) == []
        screenshot(f"top-{scheme}")
        show(owner, "cash-section")
        screenshot(f"account-{scheme}")
        if size in ("small-phone", "tablet"):
            assert_no_serious_violations(owner)
    finally:
        owner.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
