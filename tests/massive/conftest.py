"""Fixtures for the official-client tests: `bourse sim` on a free loopback port, and the
official `massive` client pointed at it.

The app is never built here: it is the binary at $BOURSE_BIN (default .build/debug/bourse).
"""
import os
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



@pytest.fixture(scope="session")
def sim_url():
    """`bourse sim` on 127.0.0.1 and a free port, for the whole session; its base URL."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory(prefix="bourse-massive-") as workdir:
        log_path = Path(workdir) / "sim.log"
        with open(log_path, "w") as log:
            process = subprocess.Popen(
                [str(bourse_binary()), "sim", "--host", "127.0.0.1", "--port", str(port)],
                stdout=log, stderr=subprocess.STDOUT, cwd=workdir,
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
