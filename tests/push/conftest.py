"""Fixtures for the push tests: the test push service, and the app, which a test can stop and
start again on the same database.

The app is never built here: it is the binary at $BOURSE_BIN (default .build/debug/bourse), run
with `serve` on a free loopback port and a database in a temporary folder, as the browser tests
run it (tests/browser/conftest.py, whose fixtures import Selenium, which this venv does not
have), with BOURSE_PUSH_CONTACT set to CONTACT and the market's and feed's outside sources unset
(the embedded stand-ins).
"""
import json
import os
import shutil
import signal
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

from push_service import PushService

CONTACT = "mailto:push-test@example.org"


class App:
    """`bourse serve` on a database that outlives it: start() and stop() as often as a test
    likes; each start listens on a new free port (`url`)."""

    def __init__(self, workdir, **environment):
        self.workdir = workdir
        self.database = workdir / "bourse.sqlite"
        self.log_path = workdir / "server.log"
        self.environment = {k: v for k, v in os.environ.items()
                            if not k.startswith(("POLYGON_", "MASSIVE_", "BOURSE_GNB_", "BOURSE_FEED_"))}
        self.environment.update(environment)
        self.process = None
        self.url = None

    def start(self, timeout=60):
        port = free_port()
        self.url = f"http://127.0.0.1:{port}"
        with open(self.log_path, "a") as log:
            self.process = subprocess.Popen(
                [str(bourse_binary()), "serve", "--host", "127.0.0.1", "--port", str(port),
                 "--database", str(self.database)],
                stdout=log, stderr=subprocess.STDOUT, env=self.environment, cwd=self.workdir,
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                pytest.fail(f"bourse serve exited with {self.process.returncode}:\n{self.log()}", pytrace=False)
            try:
                with urllib.request.urlopen(self.url + "/api/v1/health", timeout=2) as response:
                    if response.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            time.sleep(0.2)
        pytest.fail(f"bourse serve did not answer {self.url}/api/v1/health within {timeout}s:\n{self.log()}",
                    pytrace=False)

    def stop(self):
        """SIGTERM, as a service manager stops it; SIGKILL if it has not exited within 15 s.
        Returns the exit status."""
        if self.process is None:
            return None
        process, self.process = self.process, None
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        return process.returncode

    def log(self):
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def request(self, method, path, body=None):
        """(status, JSON body or None) of one API request."""
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.url + path, data=data, method=method,
                                         headers={"Content-Type": "application/json", "Accept": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                status, raw = response.status, response.read()
        except urllib.error.HTTPError as error:
            status, raw = error.code, error.read()
        return status, (json.loads(raw) if raw else None)

    def get(self, path):
        return self.request("GET", path)

    def post(self, path, body=None):
        return self.request("POST", path, body)

    def put(self, path, body):
        return self.request("PUT", path, body)

    def delete(self, path):
        return self.request("DELETE", path)


@pytest.fixture
def push_service():
    """A push service on loopback (push_service.py), for one test."""
    with PushService() as service:
        yield service


def running_app(**environment):
    workdir = Path(tempfile.mkdtemp(prefix="bourse-push-"))
    running = App(workdir, BOURSE_PUSH_CONTACT=CONTACT, **environment)
    try:
        running.start()
        yield running
    finally:
        running.stop()
        print("---- the app's log ----")
        print(running.log()[-20000:])
        shutil.rmtree(workdir, ignore_errors=True)


@pytest.fixture
def app():
    """The app, started on a new database for one test, with BOURSE_PUSH_CONTACT = CONTACT and
    BOURSE_PUSH_ALLOW_PRIVATE=1 (the test push service listens on 127.0.0.1). Its log is
    printed at the end (pytest shows it when the test failed)."""
    yield from running_app(BOURSE_PUSH_ALLOW_PRIVATE="1")


@pytest.fixture
def shared_app():
    """The app as a server shared by several people runs it: pushes to public addresses only."""
    yield from running_app()
