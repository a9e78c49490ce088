"""`bourse serve` with its clock set (BOURSE_CLOCK): the market's last day, the exchange's hours
and the simulated market's prices all follow the one clock, so that any hour can be tried and
tested whatever the hour the test runs at: a session, the weekend, a holiday (docs/testing.md).
"""
import json
import urllib.request

import pytest

from conftest import running_app

MOMENTS = [
    # (BOURSE_CLOCK, the list's last trading day, the exchange open, its next open)
    ("2026-11-24T15:35:00Z", "2026-11-23", True, None),  # Tuesday 10:35 New York, in the session
    ("2026-11-24T21:00:30Z", "2026-11-24", False, "2026-11-25T14:30:00Z"),  # 16:00:30, just closed
    ("2026-11-26T17:00:00Z", "2026-11-25", False, "2026-11-27T14:30:00Z"),  # Thanksgiving
    ("2026-11-28T17:00:00Z", "2026-11-27", False, "2026-11-30T14:30:00Z"),  # Saturday, after the early close
]


def get(url):
    with urllib.request.urlopen(url, timeout=30) as response:
        return json.load(response)


@pytest.mark.parametrize("clock,last_day,market_open,next_open", MOMENTS, ids=[m[0] for m in MOMENTS])
def test_the_app_reads_one_clock(clock, last_day, market_open, next_open):
    with running_app(BOURSE_CLOCK=clock, BOURSE_MARKET_HOURS="new-york") as url:
        stock = get(url + "/api/v1/stocks/AAPL")
        assert stock["asOf"] == last_day
        assert stock["fetchedAt"][:13] == clock[:13]  # the answer was fetched at the clock's hour
        book = get(url + "/api/v1/book")
        assert book["market"] == {"open": market_open, "nextOpen": next_open}
