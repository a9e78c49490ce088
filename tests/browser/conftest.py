"""Fixtures for the browser tests: the app, Chromium at phone and tablet sizes, screenshots.

The app is never built here: the fixture starts the binary at $BOURSE_BIN (default
.build/debug/bourse) with `serve` on a free loopback port and a temporary database, waits for
/api/v1/health, and stops it when the session ends. Chromium and chromedriver are Debian's
(/usr/bin/chromium, /usr/bin/chromedriver, or $CHROMIUM / $CHROMEDRIVER): Selenium Manager is
told to stay offline and is never asked for a browser.
"""
import contextlib
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))
from bourse_binary import bourse_binary, free_port  # noqa: E402

os.environ.setdefault("SE_OFFLINE", "true")  # before selenium is imported: never download

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"

# name: (width, height, device pixel ratio), emulated as a touch device. The tests about layout
# run at these two (the `size` fixture); a test whose subject does not depend on the screen, at
# phone size only (`one_size`).
SIZES = {
    "phone": (390, 844, 3),
    "tablet": (820, 1180, 2),
}
# The other screens some tests look at: a small phone, a laptop and a desktop.
MORE_SIZES = {
    "small-phone": (320, 720, 2),
    "laptop": (1280, 900, 1),
    "desktop": (1440, 900, 1),
}


class AppURL(str):
    """The base URL of a running app; `database` is the path of its SQLite file, `process` the
    running `bourse serve`."""
    database: Path
    log: Path
    process: subprocess.Popen


@contextlib.contextmanager
def running_app(*arguments, host="127.0.0.1", prepare=None, database=None, port=None, **environment):
    """Runs `$BOURSE_BIN serve` with `environment` added to ours and `arguments` after its own
    (listening on `host` and `port`, a free one by default, reached on 127.0.0.1); `prepare(database)` runs first, before the app
    opens its database (a new one in a temporary folder, unless `database` is given). Yields its base URL (an `AppURL`, whose `database` is the app's SQLite
    file)."""
    binary = bourse_binary()
    workdir = Path(tempfile.mkdtemp(prefix="bourse-browser-"))
    database = Path(database) if database else workdir / "bourse.sqlite"
    if prepare:
        prepare(database)
    port = port or free_port()
    full_environment = {k: v for k, v in os.environ.items() if not k.startswith(("POLYGON_", "MASSIVE_", "BOURSE_GNB_"))}
    full_environment.update(environment)
    log = open(workdir / "server.log", "w+")
    process = subprocess.Popen(
        [str(binary), "serve", "--host", host, "--port", str(port), "--database", str(database), *arguments],
        stdout=log, stderr=subprocess.STDOUT, env=full_environment, cwd=workdir,
    )
    url = AppURL(f"http://127.0.0.1:{port}")
    url.database = database
    url.log = workdir / "server.log"
    url.process = process
    try:
        wait_for_health(url, process, log)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()
        shutil.rmtree(workdir, ignore_errors=True)


@contextlib.contextmanager
def running_sim(*arguments):
    """Runs `$BOURSE_BIN sim` on a free loopback port with `arguments`; yields the port once it
    listens, and kills it after."""
    port = free_port()
    process = subprocess.Popen(
        [str(bourse_binary()), "sim", "--host", "127.0.0.1", "--port", str(port), *arguments],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 30
        while True:
            if process.poll() is not None:
                pytest.fail(f"bourse sim exited with {process.returncode}: {process.stderr.read()}")
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=1):
                break
            if time.monotonic() > deadline:
                pytest.fail("bourse sim did not start listening within 30 s")
            time.sleep(0.2)
        yield port
    finally:
        process.kill()
        process.wait()


# The modules that take longest (a minute of a free tier, the pages' 30 s refresh, restarts,
# timeouts), first: scripts/test-browser runs the modules on two workers, each module whole on
# the next free one, and a long module started last would be the run's tail. The rest follow in
# their own order. Measured with --durations=0 (seconds on this project's 2-core machine).
LONGEST_FIRST = [
    "test_phone_app.py",  # ~100
    "test_exchange_people.py",  # ~80
    "test_free_tier_on_its_way.py",  # ~75
    "test_exchange_ticket.py",  # ~60
    "test_network.py",  # ~60
    "test_markets.py",  # ~55
    "test_exchange_orders.py",  # ~55
    "test_header_and_dates.py",  # ~50
    "test_lifecycle.py",  # ~50
    "test_markets_offline.py",  # ~50
    "test_exchange_crash.py",  # ~45
    "test_exchange_providers.py",  # ~45
    "test_notifications.py",  # ~40
]


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items):
    """The modules of LONGEST_FIRST first, in that order; within a module the order is pytest's."""
    rank = {name: index for index, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))


@pytest.fixture(scope="session")
def app_url():
    """The base URL of a running `bourse serve` on its embedded default data."""
    with running_app() as url:
        yield url


def wait_for_health(url, process, log, timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            log.seek(0)
            pytest.exit(f"bourse serve exited with {process.returncode}:\n{log.read()}", returncode=2)
        try:
            with urllib.request.urlopen(url + "/api/v1/health", timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.2)
    log.seek(0)
    pytest.exit(f"bourse serve did not answer {url}/api/v1/health within {timeout}s:\n{log.read()}", returncode=2)


def make_driver(size, accept_insecure_certs=False):
    width, height, ratio = {**SIZES, **MORE_SIZES}[size]
    options = webdriver.ChromeOptions()
    options.accept_insecure_certs = accept_insecure_certs
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--no-first-run", "--disable-extensions", "--disable-background-networking",
                     f"--window-size={width},{height}"):
        options.add_argument(argument)
    options.add_experimental_option("mobileEmulation", {
        "deviceMetrics": {"width": width, "height": height, "pixelRatio": ratio, "touch": True},
    })
    # The console's errors, for a test to read with driver.get_log("browser") (test_modules).
    options.set_capability("goog:loggingPrefs", {"browser": "SEVERE"})
    service = Service(executable_path=os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_page_load_timeout(30)
    driver.set_script_timeout(30)
    return driver


@pytest.fixture(params=list(SIZES), scope="module")
def size(request):
    """The screen size a test runs at: phone and tablet size, unless the test is `one_size`."""
    return request.param


# For a test in a module of two sizes (phone and tablet, or a module's own `size` with phone among
# them) whose subject does not depend on the screen (no layout checked: what a page says, what the
# server did; a screenshot is no check): it runs at phone size only, on the module's phone browser.
# The tests about layout (width, touch targets, broken words, positions, axe's checks) keep both.
one_size = pytest.mark.parametrize("size", ["phone"], indirect=True)


@pytest.fixture(scope="module")
def driver(size):
    """Headless Chromium emulating a touch device of `size`; one per module and size."""
    browser = make_driver(size)
    yield browser
    browser.quit()


@pytest.fixture
def screenshot(request, driver, size):
    """Saves a screenshot to artifacts/screenshots/<test>[-<step>]-<size>.png; returns its path."""
    def take(step=None):
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        name = request.node.originalname + (f"-{step}" if step else "") + f"-{size}.png"
        path = SCREENSHOTS / name
        driver.save_screenshot(str(path))
        return path
    return take
