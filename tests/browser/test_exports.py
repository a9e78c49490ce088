"""The CSV exports as a user gets them: "Download CSV" tapped in Chromium (phone size) saves a
file that Python's csv module reads back; `bourse orders --csv` prints the same columns."""
import csv
import io
import json
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from conftest import bourse_binary
from layout_checks import assert_touch_targets


@pytest.fixture(scope="module")
def size():
    """One size is enough here: the links are plain links; the layout tests cover both sizes."""
    return "phone"


@pytest.fixture(scope="module")
def downloads(driver):
    """A folder Chromium saves downloads into, without asking."""
    folder = Path(tempfile.mkdtemp(prefix="bourse-downloads-"))
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(folder)})
    return folder


def wait(driver, seconds=20):
    return WebDriverWait(driver, seconds)


def call(app_url, path, method="GET", body=None):
    request = urllib.request.Request(app_url + path, method=method, data=body,
                                     headers={"Content-Type": "application/json"} if body else {})
    with urllib.request.urlopen(request, timeout=20) as response:
        return json.loads(response.read() or b"null")


def read_csv(data: bytes):
    """The rows, read strictly; the file must be what csv.writer (CRLF, minimal quoting) writes."""
    text = data.decode("utf-8")
    rows = list(csv.reader(io.StringIO(text, newline=""), strict=True))
    again = io.StringIO(newline="")
    csv.writer(again, lineterminator="\r\n").writerows(rows)
    assert again.getvalue() == text
    return rows


def download(driver, folder, link_id, name):
    """Taps the link and returns the rows of the file it saves as `name`."""
    for old in folder.glob("*"):
        old.unlink()
    link = wait(driver).until(EC.element_to_be_clickable((By.ID, link_id)))
    assert link.get_attribute("download") is not None
    # To the middle of the screen, clear of the phone's tab bar and sticky ticket.
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
    link.click()
    target = folder / name
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if target.exists() and not list(folder.glob("*.crdownload")):
            return read_csv(target.read_bytes())
        time.sleep(0.1)
    raise AssertionError(f"no {name} in {folder}: {[p.name for p in folder.iterdir()]}")


def test_orders_and_fills_from_the_exchange_screen(driver, app_url, downloads):
    deadline = time.monotonic() + 30
    while call(app_url, "/api/v1/book")["state"] != "live":
        assert time.monotonic() < deadline, "the exchange's feed did not go live"
        time.sleep(0.2)
    placed = call(app_url, "/api/v1/orders", "POST", b'{"side":"buy","type":"market","quantity":3}')
    order_id = placed["order"]["id"]

    driver.get(app_url + "/exchange")
    assert_touch_targets(driver)
    orders = download(driver, downloads, "download-orders", "bourse-orders.csv")
    assert orders[0][:5] == ["id", "createdAt", "side", "type", "quantity"]
    mine = [row for row in orders[1:] if row[0] == order_id]
    assert len(mine) == 1 and mine[0][2:5] == ["buy", "market", "3"]

    fills = download(driver, downloads, "download-fills", "bourse-fills.csv")
    assert fills[0] == ["orderId", "time", "side", "price", "quantity", "value", "seq"]
    assert sum(int(row[4]) for row in fills[1:] if row[0] == order_id) == placed["order"]["filledQuantity"]

    # The command line reads the same database: the same orders, the same columns.
    printed = subprocess.run([str(bourse_binary()), "orders", "--csv", "--database", str(app_url.database)],
                             capture_output=True, check=True, timeout=30).stdout
    from_cli = read_csv(printed)
    assert from_cli[0] == orders[0]
    assert order_id in [row[0] for row in from_cli[1:]]


def test_my_stocks(driver, app_url, downloads):
    call(app_url, "/api/v1/watchlist", "PUT", b'{"symbols":["MSFT","AAPL"]}')
    try:
        driver.get(app_url + "/")
        wait(driver).until(EC.visibility_of_element_located((By.ID, "watch-rows")))
        rows = download(driver, downloads, "download-csv", "bourse-watchlist.csv")
        assert rows[0][:4] == ["symbol", "name", "exchange", "price"]
        assert [row[0] for row in rows[1:]] == ["MSFT", "AAPL"]
        assert rows[2][1] == "Apple Inc."
    finally:
        # The app is shared by every browser test: `/` must be the markets list again for the others.
        call(app_url, "/api/v1/watchlist", "PUT", b'{"symbols":[]}')


def test_gnb_products_and_one_product(driver, app_url, downloads):
    driver.get(app_url + "/gnb")
    wait(driver).until(EC.visibility_of_element_located((By.ID, "products")))
    products = download(driver, downloads, "download-csv", "gnb-products.csv")
    assert products[0] == ["sku", "transactions", "total", "currency", "unconvertible"]
    assert {row[0]: row[2] for row in products[1:]}["T2006"] == "14.99"

    driver.get(app_url + "/gnb/T2006")
    lines = download(driver, downloads, "download-csv", "gnb-T2006-transactions.csv")
    assert lines[0][:4] == ["sku", "amount", "currency", "converted"]
    assert all(row[0] == "T2006" for row in lines[1:]) and len(lines) > 1
