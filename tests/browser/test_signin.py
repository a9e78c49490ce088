"""Sign-in, end to end: `bourse password` and `bourse token` on the database, `bourse serve`
on a network address (bound to 0.0.0.0, reached only on 127.0.0.1), the API with a session
and a token, and the pages in Chromium at phone and tablet size: sign in, the markets, an
order on the exchange, sign out, a wrong password."""
import http.cookiejar
import json
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from axe_check import assert_no_serious_violations
from conftest import bourse_binary, free_port, running_app
from layout_checks import assert_fits_width, assert_touch_targets
from test_exchange import choose, history_ids, history_row, open_live, place, set_field


@pytest.fixture(scope="module")
def size():
    """One size is enough here: what this module checks does not depend on the layout (the
    layout tests run at phone and tablet size), and each size costs its own app and browser."""
    return "phone"

PASSWORD = "correct horse battery staple"


def bourse(*arguments, stdin=""):
    return subprocess.run([str(bourse_binary()), *arguments], input=stdin, capture_output=True, text=True, timeout=60)


def set_password(database, user="ada"):
    result = bourse("password", "--database", str(database), "--user", user, stdin=PASSWORD + "\n")
    assert result.returncode == 0, result.stderr


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def request(url, method="GET", headers=None, data=None):
    """(status, headers, body) of one request; redirects are not followed."""
    opener = urllib.request.build_opener(NoRedirect)
    req = urllib.request.Request(url, method=method, headers=headers or {}, data=data)
    try:
        with opener.open(req, timeout=30) as response:
            return response.status, response.headers, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read().decode()


@pytest.fixture(scope="module")
def signed_app():
    """The app with a password set, on a network address (bound to 0.0.0.0, reached on 127.0.0.1):
    the API's test and the pages' share it (the pages' test signs in with a session of its own)."""
    with running_app(host="0.0.0.0", prepare=set_password) as app_url:
        yield app_url


def sign_in(app_url, user="ada", password=PASSWORD):
    form = urllib.parse.urlencode({"name": user, "password": password, "next": "/"}).encode()
    return request(app_url + "/signin", "POST", {"Content-Type": "application/x-www-form-urlencoded"}, form)


def test_serve_on_a_network_address_without_a_password_refuses_with_64(tmp_path):
    result = subprocess.run(
        [str(bourse_binary()), "serve", "--host", "0.0.0.0", "--port", str(free_port()),
         "--database", str(tmp_path / "bourse.sqlite")],
        capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert result.returncode == 64, result.stderr
    assert "bourse password" in result.stderr
    assert "--no-auth" in result.stderr


def test_no_auth_serves_a_network_address_with_a_warning():
    with running_app("--no-auth", host="0.0.0.0") as app_url:
        assert request(app_url + "/api/v1/orders")[0] == 200
        assert "sign-in is OFF (--no-auth)" in app_url.log.read_text()


def test_a_short_password_is_refused_and_nothing_is_set(tmp_path):
    result = bourse("password", "--database", str(tmp_path / "b.sqlite"), stdin="short\n")
    assert result.returncode == 64
    assert "at least 8 characters" in result.stderr
    # Still no password: the app serves a network address only with --no-auth.
    refused = subprocess.run(
        [str(bourse_binary()), "serve", "--host", "0.0.0.0", "--port", str(free_port()),
         "--database", str(tmp_path / "b.sqlite")], capture_output=True, text=True, timeout=60)
    assert refused.returncode == 64


def test_with_a_password_the_api_needs_a_session_or_a_token(signed_app):
    app_url = signed_app
    status, headers, body = request(app_url + "/api/v1/orders")
    assert status == 401 and json.loads(body)["error"].startswith("sign in first")
    assert request(app_url + "/api/v1/health")[0] == 200, "health stays open for monitors"
    status, headers, _ = request(app_url + "/exchange")
    assert status == 303 and headers["Location"] == "/signin?next=%2Fexchange"

    status, headers, _ = sign_in(app_url, password="wrong password!")
    assert status == 401 and "Set-Cookie" not in headers
    status, headers, _ = sign_in(app_url)
    assert status == 303
    cookie = headers["Set-Cookie"].split(";")[0]
    assert request(app_url + "/api/v1/orders", headers={"Cookie": cookie})[0] == 200

    created = bourse("token", "create", "nightly-report", "--database", str(app_url.database))
    assert created.returncode == 0, created.stderr
    token = created.stdout.splitlines()[0]
    assert token.startswith("bourse_")
    bearer = {"Authorization": f"Bearer {token}"}
    assert request(app_url + "/api/v1/orders", headers=bearer)[0] == 200
    listed = bourse("token", "list", "--json", "--database", str(app_url.database))
    assert [row["name"] for row in json.loads(listed.stdout)] == ["nightly-report"]
    assert token not in listed.stdout

    assert bourse("token", "revoke", "nightly-report", "--database", str(app_url.database)).returncode == 0
    deadline = time.monotonic() + 30  # the server rechecks what it knows every 10 s
    while request(app_url + "/api/v1/orders", headers=bearer)[0] != 401:
        assert time.monotonic() < deadline, "the revoked token still works"
        time.sleep(0.2)
    missing = bourse("token", "revoke", "nightly-report", "--database", str(app_url.database))
    assert missing.returncode == 1 and "no token is named nightly-report" in missing.stderr


def test_sessions_survive_a_restart(tmp_path):
    database = tmp_path / "keep.sqlite"
    set_password(database)
    with running_app(database=database) as app_url:
        cookie = sign_in(app_url)[1]["Set-Cookie"].split(";")[0]
    with running_app(database=database) as app_url:
        assert request(app_url + "/api/v1/orders", headers={"Cookie": cookie})[0] == 200


def wait(driver, seconds=20):
    return WebDriverWait(driver, seconds)


def fill_sign_in(driver, user, password):
    name = driver.find_element(By.ID, "sign-in-name")
    name.clear()
    name.send_keys(user)
    driver.find_element(By.ID, "sign-in-password").send_keys(password)
    driver.find_element(By.CSS_SELECTOR, ".sign-in button[type=submit]").click()


def test_sign_in_trade_and_sign_out(driver, signed_app, screenshot):
    driver.delete_all_cookies()
    driver.get(signed_app + "/exchange")
    wait(driver).until(lambda d: "/signin" in d.current_url)
    assert driver.find_element(By.TAG_NAME, "h1").text == "Sign in to Bourse"
    assert not driver.find_elements(By.CSS_SELECTOR, "nav[aria-label=Sections]"), "no navigation before sign-in"
    assert_fits_width(driver)
    assert_touch_targets(driver)
    assert_no_serious_violations(driver)
    screenshot("page")

    fill_sign_in(driver, "ada", "not the password")
    error = wait(driver).until(EC.visibility_of_element_located((By.ID, "sign-in-error")))
    assert "do not match" in error.text
    assert driver.find_element(By.ID, "sign-in-name").get_attribute("value") == "ada"
    screenshot("wrong-password")

    fill_sign_in(driver, "ada", PASSWORD)
    wait(driver).until(lambda d: d.current_url.endswith("/exchange"))
    cookie = driver.get_cookie("bourse_session")
    assert cookie["httpOnly"] and cookie["sameSite"] == "Strict"

    driver.get(signed_app + "/")
    wait(driver).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#quote-rows tr[data-symbol]")) > 0)

    open_live(driver, signed_app)
    choose(driver, '[data-side="buy"]')
    choose(driver, '[data-type="market"]')
    set_field(driver, "quantity", "10")
    order_id = place(driver)
    wait(driver).until(lambda d: history_row(d, order_id)["status"] in ("FILLED", "CANCELLED", "PARTIALLY_FILLED"))
    screenshot("signed-in")

    driver.execute_script("window.scrollTo(0, 0)")
    driver.find_element(By.CSS_SELECTOR, "#account summary").click()
    sign_out = driver.find_element(By.CSS_SELECTOR, "#account form.sign-out button")
    assert sign_out.is_displayed()
    assert_touch_targets(driver)
    screenshot("account-menu")
    sign_out.click()
    wait(driver).until(lambda d: "/signin" in d.current_url)
    driver.get(signed_app + "/exchange")
    wait(driver).until(lambda d: "/signin" in d.current_url)
