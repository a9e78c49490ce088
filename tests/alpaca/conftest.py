"""Fixtures for the alpaca-py tests: `bourse sim` on a free loopback port with its clock set and
stopped (BOURSE_CLOCK) and one Alpaca key and secret accepted (--alpaca-key, --alpaca-secret),
and alpaca-py's StockDataStream run against it as a user runs it.

The simulated feed ticks whatever the hour; every test runs at each moment of `MOMENTS` (in a
session, and on a weekend) so that none depends on the hour it runs at, and the clock stands
still so that every tick's time is the moment itself.

The app is never built here: it is the binary at $BOURSE_BIN (default .build/debug/bourse).
"""
import datetime
import logging
import os
import queue
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest
from alpaca.data.live import StockDataStream

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))
from bourse_binary import bourse_binary, free_port  # noqa: E402

# The only credentials the sim accepts (test values, not secrets; never printed by the tests).
KEY = "alpaca-test-key"
SECRET = "alpaca-test-secret"
SYMBOL = "AAPL"  # the sim's feed symbol (--feed-symbol's default)
# How long a test waits for what it expects before failing: generous, as the machine may be busy.
PATIENCE = 60


@dataclass(frozen=True)
class Moment:
    """An instant the sim's clock is stopped at."""
    name: str
    instant: str  # UTC

    @property
    def datetime(self):
        return datetime.datetime.fromisoformat(self.instant.replace("Z", "+00:00"))


MOMENTS = [
    # Tuesday 10:35:00.125 New York: milliseconds, so `t` takes the 8-byte Timestamp with nanoseconds.
    Moment("session", "2026-11-24T15:35:00.125Z"),
    # Saturday noon, on the second: the 4-byte Timestamp.
    Moment("weekend", "2026-11-28T17:00:00Z"),
]


@pytest.fixture(scope="session", params=MOMENTS, ids=[m.name for m in MOMENTS])
def moment(request):
    return request.param


def start_sim(moment, *options):
    """`bourse sim` on 127.0.0.1 and a free port, its clock stopped at `moment`, with `options`;
    a context manager giving its base URL (http://…)."""
    return _Sim(moment, options)


class _Sim:
    def __init__(self, moment, options):
        self.moment = moment
        self.options = options

    def __enter__(self):
        port = free_port()
        self.url = f"http://127.0.0.1:{port}"
        self.workdir = tempfile.TemporaryDirectory(prefix="bourse-alpaca-")
        self.log_path = Path(self.workdir.name) / "sim.log"
        with open(self.log_path, "w") as log:
            self.process = subprocess.Popen(
                [str(bourse_binary()), "sim", "--host", "127.0.0.1", "--port", str(port), "--feed-rate", "20",
                 "--alpaca-key", KEY, "--alpaca-secret", SECRET, *self.options],
                stdout=log, stderr=subprocess.STDOUT, cwd=self.workdir.name,
                env={**os.environ, "BOURSE_CLOCK": f"{self.moment.instant} stopped"},
            )
        try:
            self._wait_until_answering()
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self.url

    def _wait_until_answering(self):
        deadline = time.monotonic() + PATIENCE
        while True:
            if self.process.poll() is not None:
                pytest.fail(f"bourse sim exited with {self.process.returncode}:\n{self.log_path.read_text()}",
                            pytrace=False)
            try:
                with urllib.request.urlopen(self.url + "/v1/marketstatus/now", timeout=2) as response:
                    if response.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"bourse sim did not answer within {PATIENCE} s:\n{self.log_path.read_text()}",
                            pytrace=False)
            time.sleep(0.2)

    def __exit__(self, *_):
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.workdir.cleanup()


@pytest.fixture(scope="session")
def sim_url(moment):
    """The sim on the paid tier (both feeds), at `moment`."""
    with start_sim(moment) as url:
        yield url


@pytest.fixture(scope="session")
def ws_url(sim_url):
    """The sim's WebSocket base: ws://127.0.0.1:PORT."""
    return "ws" + sim_url.removeprefix("http")


class SDKLog(logging.Handler):
    """The records alpaca-py's stream logs, to wait for one."""

    def __init__(self):
        super().__init__(level=logging.DEBUG)
        self.records = queue.Queue()

    def emit(self, record):
        self.records.put(record)

    def wait_for(self, text):
        """The first record whose message holds `text`; fails after PATIENCE seconds."""
        deadline = time.monotonic() + PATIENCE
        seen = []
        while (left := deadline - time.monotonic()) > 0:
            try:
                record = self.records.get(timeout=left)
            except queue.Empty:
                break
            if text in record.getMessage():
                return record
            seen.append(record.getMessage())
        pytest.fail(f"alpaca-py did not log {text!r} within {PATIENCE} s; it logged: {seen}", pytrace=False)


class RunningStream:
    """alpaca-py's StockDataStream run as its documentation shows (`run()`, which blocks until
    `stop()`), in a thread; what its handlers receive goes to `received`, and its log to `log`."""

    def __init__(self, url, key=KEY, secret=SECRET, raw_data=False, quotes=True, trades=True):
        self.received = queue.Queue()
        self.sdk = StockDataStream(key, secret, raw_data=raw_data, url_override=url)

        async def handle(item):
            self.received.put(item)

        if quotes:
            self.sdk.subscribe_quotes(handle, SYMBOL)
        if trades:
            self.sdk.subscribe_trades(handle, SYMBOL)
        self.log = SDKLog()
        self.logger = logging.getLogger("alpaca.data.live.websocket")
        self.thread = threading.Thread(target=self.sdk.run, name="alpaca-py stream", daemon=True)

    def __enter__(self):
        self.logger.addHandler(self.log)
        self.logger.setLevel(logging.DEBUG)
        self.thread.start()
        return self

    def __exit__(self, *_):
        # stop() needs the stream's loop, which run() makes first thing; it is there once the
        # stream has logged (every test waits for a record or for data first).
        if self.thread.is_alive() and self.sdk._loop is not None:
            self.sdk.stop()
        self.thread.join(timeout=PATIENCE)
        self.logger.removeHandler(self.log)
        assert not self.thread.is_alive(), "alpaca-py's stream did not stop"

    def collect(self, enough):
        """What the handlers receive until `enough(items)` holds; fails after PATIENCE seconds."""
        items = []
        deadline = time.monotonic() + PATIENCE
        while not enough(items):
            left = deadline - time.monotonic()
            try:
                if left <= 0:
                    raise queue.Empty
                items.append(self.received.get(timeout=left))
            except queue.Empty:
                pytest.fail(f"after {PATIENCE} s alpaca-py had received only {len(items)} messages: {items[:5]}",
                            pytrace=False)
        return items
