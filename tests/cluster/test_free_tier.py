"""SPEC §15, one rate limit for all: three instances on one database, each asked for stocks by
several people at once, on `bourse sim` acting as Massive's free tier (5 requests a minute).
Across the three, the source never gets more than 5 requests in any minute, never answers 429,
no stock's details are fetched twice (the saved answers are shared), and no answer is fetched by
two instances at once (the second waits for the first's, `SendTurn.sentElsewhere`)."""
import threading
import time
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from conftest import request, running_cluster, wait_for

PER_MINUTE = 5
SYMBOLS = ["AAPL", "MSFT", "KO", "IBM", "NVDA", "AMZN", "META", "TSLA", "JPM", "XOM", "WMT", "PG"]
ASKING = 75  # seconds: more than a minute of asking, so the window is full and then moves


@pytest.fixture(scope="module")
def free_tier(tmp_path_factory):
    log = tmp_path_factory.mktemp("free-tier") / "requests.log"
    with running_cluster(
            nginx=False, clock=None,
            sim_arguments=("--rate-limit", str(PER_MINUTE), "--tier", "free", "--request-log", str(log)),
            environment={"MASSIVE_API_KEY": "test-key", "MASSIVE_BASE_URL": "{sim}",
                         "MASSIVE_RATE_LIMIT": str(PER_MINUTE)}) as cluster:
        yield cluster, log


def logged(log):
    """(time answered, status, path with query) of every request the sim got."""
    entries = []
    for line in Path(log).read_text().splitlines():
        if line.strip():
            stamp, status, target = line.split(" ", 2)
            entries.append((datetime.fromisoformat(stamp.replace("Z", "+00:00")), status, target))
    return entries


def test_three_instances_never_send_more_than_five_a_minute_between_them(free_tier):
    cluster, log = free_tier
    wait_for(cluster.desk_holder, 30, "a desk")
    stop = time.monotonic() + ASKING
    answered = []

    def person(k):
        n = k
        while time.monotonic() < stop:
            instance = cluster.instances[n % len(cluster.instances)]
            symbol = SYMBOLS[n % len(SYMBOLS)]
            status, _ = request("GET", instance.url + f"/api/v1/stocks/{symbol}", timeout=70)
            answered.append(status)
            n += 1
            time.sleep(0.5)

    threads = [threading.Thread(target=person, args=(k,)) for k in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    entries = logged(log)
    text = Path(log).read_text()
    assert len(entries) >= PER_MINUTE, f"the instances sent too little to tell:\n{text}"
    assert not [e for e in entries if e[1] == "429"], f"the instances went past the limit together:\n{text}"
    times = sorted(at for at, _, _ in entries)
    for index, start in enumerate(times):
        within = [at for at in times[index:] if at < start + timedelta(seconds=60)]
        assert len(within) <= PER_MINUTE, f"{len(within)} requests within a minute from {start}:\n{text}"
    # No answer fetched twice at once by two instances: the second waits for the first's.
    answered_at = {}
    for at, status, target in entries:
        if status == "200":
            previous = answered_at.get(target)
            assert previous is None or at - previous > timedelta(seconds=10), \
                f"{target} fetched twice within 10 s:\n{text}"
            answered_at[target] = at
    details = [target.split("?")[0] for _, status, target in entries
               if target.startswith("/v3/reference/tickers/") and status == "200"]
    assert len(details) == len(set(details)), f"a stock's details were fetched twice:\n{text}"
    assert 200 in answered, answered
