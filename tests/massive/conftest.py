"""Fixtures for the official-client tests: `bourse sim` on a free loopback port with its clock
set and stopped (BOURSE_CLOCK), and the official `massive` client pointed at it.

Every test runs at each moment of `MOMENTS`: in a session, a minute before and after the
close, on the early close, before the open, on a weekend and on a holiday, so that no test
depends on the hour it runs at and the simulated market agrees with itself at every hour.

The app is never built here: it is the binary at $BOURSE_BIN (default .build/debug/bourse).
"""
import datetime
import os
from dataclasses import dataclass
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
from massive import RESTClient



@dataclass(frozen=True)
class Moment:
    """An instant the sim's clock is stopped at, and what Massive says of it."""
    name: str
    instant: str  # UTC
    market: str  # /v1/marketstatus/now's `market`
    today: str  # today's trading: "running" (its bars are the minutes so far), "closed" or "none" yet

    @property
    def in_session(self):
        return self.today == "running"

    @property
    def date(self):
        """The New York date at the instant (November: UTC-5)."""
        utc = datetime.datetime.fromisoformat(self.instant.replace("Z", "+00:00"))
        return (utc - datetime.timedelta(hours=5)).date()


MOMENTS = [
    Moment("session", "2026-11-24T15:35:00Z", "open", "running"),  # Tuesday 10:35 New York
    Moment("before-close", "2026-11-24T20:59:30Z", "open", "running"),  # 15:59:30
    Moment("after-close", "2026-11-24T21:00:30Z", "extended-hours", "closed"),  # 16:00:30
    Moment("early-close", "2026-11-27T17:59:30Z", "open", "running"),  # the day after Thanksgiving, 12:59:30
    Moment("before-open", "2026-11-25T13:00:00Z", "extended-hours", "none"),  # Wednesday 08:00
    Moment("weekend", "2026-11-28T17:00:00Z", "closed", "none"),  # Saturday noon
    Moment("holiday", "2026-11-26T17:00:00Z", "closed", "none"),  # Thanksgiving noon
]


@pytest.fixture(scope="session", params=MOMENTS, ids=[m.name for m in MOMENTS])
def moment(request):
    return request.param


@pytest.fixture(scope="session")
def sim_url(moment):
    """`bourse sim` on 127.0.0.1 and a free port, its clock stopped at `moment`; its base URL."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory(prefix="bourse-massive-") as workdir:
        log_path = Path(workdir) / "sim.log"
        with open(log_path, "w") as log:
            process = subprocess.Popen(
                [str(bourse_binary()), "sim", "--host", "127.0.0.1", "--port", str(port)],
                stdout=log, stderr=subprocess.STDOUT, cwd=workdir,
                env={**os.environ, "BOURSE_CLOCK": f"{moment.instant} stopped"},
            )
        try:
            deadline = time.monotonic() + 60
            while True:
                if process.poll() is not None:
                    pytest.fail(f"bourse sim exited with {process.returncode}:\n{log_path.read_text()}", pytrace=False)
                try:
                    with urllib.request.urlopen(url + "/v1/marketstatus/now", timeout=2) as response:
                        if response.status == 200:
                            break
                except (urllib.error.URLError, ConnectionError, TimeoutError):
                    pass
                if time.monotonic() > deadline:
                    pytest.fail(f"bourse sim did not answer within 60 s:\n{log_path.read_text()}", pytrace=False)
                time.sleep(0.2)
            yield url
        finally:
            process.terminate()
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


@pytest.fixture(scope="session")
def client(sim_url):
    """The official client as a user sets it up, with the sim as its base URL. Grouped daily and
    the all-tickers snapshot take a few seconds the first time (the sim computes every stock's
    day), hence the read timeout."""
    return RESTClient(api_key="test-key", base=sim_url, read_timeout=120, retries=0)
