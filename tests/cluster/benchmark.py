"""The cluster's benchmark (SPEC §15, BENCHMARKS.md "Several instances"), in one run:

1. Acknowledged orders a second: THREADS clients placing limit orders for SECONDS, on one
   `bourse serve` on SQLite (the baseline) and on three instances on one PostgreSQL database
   behind nginx (each order posted to whichever instance nginx picks, matched by the desk).
2. Tick-to-socket latency: the same tick's arrival at a socket on the feed itself (`bourse sim`)
   and at the exchange socket of the SQLite instance (baseline), and of an instance that does
   not hold the desk (its ticks come from the desk by LISTEN/NOTIFY).

Run by scripts/benchmark-cluster; prints a Markdown table."""
import http.client
import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlparse

import websockets.sync.client

sys.path.insert(0, str(Path(__file__).resolve().parent))
from conftest import running_cluster, wait_for  # noqa: E402

THREADS = 16
SECONDS = 15
TICKS = 150
FEED_RATE = 10
ORDER = json.dumps({"side": "buy", "type": "limit", "quantity": 1, "price": "1.00"})


def orders_per_second(base_url):
    """Acknowledged (201) orders a second from THREADS clients over SECONDS, each on one
    keep-alive connection; and how many were not acknowledged."""
    target = urlparse(base_url)
    counts, failures = [0] * THREADS, [0] * THREADS
    start = threading.Barrier(THREADS + 1)

    def client(k):
        connection = http.client.HTTPConnection(target.hostname, target.port, timeout=60)
        start.wait()
        end = time.monotonic() + SECONDS
        while time.monotonic() < end:
            connection.request("POST", "/api/v1/orders", ORDER, {"Content-Type": "application/json"})
            response = connection.getresponse()
            response.read()
            if response.status == 201:
                counts[k] += 1
            else:
                failures[k] += 1
        connection.close()

    threads = [threading.Thread(target=client, args=(k,)) for k in range(THREADS)]
    for thread in threads:
        thread.start()
    began = time.monotonic()
    start.wait()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - began
    return sum(counts) / elapsed, sum(failures)


def tick_latencies(feed_port, app_url):
    """Milliseconds from each tick's arrival on the feed's own socket to its arrival on the app's
    exchange socket, for TICKS ticks."""
    arrivals = {"feed": {}, "app": {}}
    done = threading.Event()

    def listen(name, url, origin):
        with websockets.sync.client.connect(url, origin=origin, open_timeout=10, max_size=None) as socket:
            while not done.is_set():
                try:
                    message = json.loads(socket.recv(timeout=1))
                except TimeoutError:
                    continue
                if message.get("type") == "tick":
                    arrivals[name].setdefault(message["seq"], time.monotonic())

    threads = [
        threading.Thread(target=listen, args=("feed", f"ws://127.0.0.1:{feed_port}/feed", None)),
        threading.Thread(target=listen, args=("app", app_url.replace("http", "ws") + "/exchange/ws", app_url)),
    ]
    for thread in threads:
        thread.start()
    wait_for(lambda: len(set(arrivals["feed"]) & set(arrivals["app"])) >= TICKS, TICKS / FEED_RATE * 3 + 30,
             "ticks on both sockets")
    done.set()
    for thread in threads:
        thread.join()
    both = sorted(set(arrivals["feed"]) & set(arrivals["app"]))[-TICKS:]
    return [(arrivals["app"][seq] - arrivals["feed"][seq]) * 1000 for seq in both]


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def main():
    results = {}
    with running_cluster(names=("web-1", "web-2", "web-3"), feed_rate=FEED_RATE) as cluster:
        holder = wait_for(cluster.desk_holder, 30, "a desk")
        other = next(i for i in cluster.instances if i.name != holder)
        # The baseline: one instance on its own SQLite file, on the same feed.
        folder = Path(tempfile.mkdtemp(prefix="bourse-bench-"))
        alone = cluster.start_instance("alone", sqlite=folder / "bourse.sqlite")
        cluster.instances.append(alone)
        wait_for(lambda: cluster.health(alone)["desk"] == "alone", 10, "the SQLite instance")
        time.sleep(2)
        results["latency sqlite"] = tick_latencies(cluster.feed_port, alone.url)
        results["latency postgres"] = tick_latencies(cluster.feed_port, other.url)
        results["orders sqlite"] = orders_per_second(alone.url)
        results["orders postgres"] = orders_per_second(cluster.proxy_url)
        cluster.instances.remove(alone)
        alone.process.terminate()
        alone.process.wait()

    sqlite_rate, sqlite_failed = results["orders sqlite"]
    postgres_rate, postgres_failed = results["orders postgres"]
    print(f"\n| Acknowledged orders a second ({THREADS} clients, {SECONDS} s) | Three instances on PostgreSQL behind nginx | "
          f"One instance on SQLite (baseline) | Ratio |")
    print("| --- | --- | --- | --- |")
    print(f"| Limit orders, each answered after the desk's commit | **{postgres_rate:,.0f}/s** "
          f"({postgres_failed} not acknowledged) | {sqlite_rate:,.0f}/s ({sqlite_failed} not acknowledged) | "
          f"**{postgres_rate / sqlite_rate:.2f}x** |")
    print(f"\n| Tick to socket, {TICKS} ticks at {FEED_RATE}/s (ms from the feed's own socket) | "
          f"Instance without the desk (PostgreSQL) | The one SQLite instance (baseline) | Ratio (p99) |")
    print("| --- | --- | --- | --- |")
    pg, sq = results["latency postgres"], results["latency sqlite"]
    print(f"| p50 / p99 / max | **{percentile(pg, 50):.1f} / {percentile(pg, 99):.1f} / {max(pg):.1f}** | "
          f"{percentile(sq, 50):.1f} / {percentile(sq, 99):.1f} / {max(sq):.1f} | "
          f"{percentile(pg, 99) / max(percentile(sq, 99), 0.001):.2f}x |")
    print(f"\nmean latency: postgres {statistics.mean(pg):.2f} ms, sqlite {statistics.mean(sq):.2f} ms")


if __name__ == "__main__":
    main()
