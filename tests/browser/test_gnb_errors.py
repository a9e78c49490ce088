"""The GNB screens when the GNB service is down or sends bad data: errors in words, Try again."""
import contextlib
import http.server
import threading

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from axe_check import assert_no_serious_violations
from conftest import free_port, running_app


@pytest.fixture(scope="module")
def size():
    """One size is enough here: what this module checks does not depend on the layout (the
    layout tests run at phone and tablet size), and each size costs its own app and browser."""
    return "phone"


@contextlib.contextmanager
def garbled_gnb_service():
    """A GNB service on loopback whose transactions have an amount that is not a number."""
    documents = {
        "/rates": b'[{"from":"USD","to":"EUR","rate":"0.736"}]',
        "/transactions": b'[{"sku":"T2006","amount":"ten","currency":"USD"}]',
    }

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            body = documents.get(self.path)
            self.send_response(200 if body else 404)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body or b"")))
            self.end_headers()
            self.wfile.write(body or b"")

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def app_without_gnb():
    """The app pointed at a GNB service on a port where nothing listens."""
    with running_app(BOURSE_GNB_URL=f"http://127.0.0.1:{free_port()}") as url:
        yield url


@pytest.fixture(scope="module")
def app_with_garbled_gnb():
    with garbled_gnb_service() as gnb, running_app(BOURSE_GNB_URL=gnb) as url:
        yield url


def wait_for_error(driver):
    WebDriverWait(driver, 30).until(EC.visibility_of_element_located((By.ID, "error")))
    return driver.find_element(By.ID, "error-text").text


def test_service_down(driver, app_without_gnb, screenshot):
    driver.get(app_without_gnb + "/gnb")
    message = wait_for_error(driver)
    assert "The GNB service can't be reached" in message
    retry = driver.find_element(By.ID, "retry")
    assert retry.is_displayed()
    screenshot()
    assert_no_serious_violations(driver)

    retry.click()  # still down: the error comes back, the page never hangs on the spinner
    assert "The GNB service can't be reached" in wait_for_error(driver)


def test_bad_data(driver, app_with_garbled_gnb, screenshot):
    driver.get(app_with_garbled_gnb + "/gnb/T2006")
    message = wait_for_error(driver)
    assert "The GNB service sent data that can't be used" in message
    assert "ten" in message, "the server's message names the bad value"
    screenshot()
    assert_no_serious_violations(driver)
