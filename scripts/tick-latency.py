"""Tick to browser: how long from the feed simulator stamping a tick to the exchange page having
drawn it, at 50 ticks per second, against a plain WebSocket client reading the same ticks from
the same app socket in the same run (the floor: everything but the browser).

With `--feeds embedded,alpaca,massive` it measures each feed in turn in the same run: the
embedded simulator, and `bourse sim` speaking Alpaca's and Massive's streams (the app started
with BOURSE_FEED and BOURSE_FEED_URL), so a provider message's way to the screen (the sim
stamps it, the app's adapter reads it, the page draws it) is compared with the embedded feed's.

Usage: .venv-browser/bin/python scripts/tick-latency.py BOURSE_BINARY [--seconds 20] [--rate 50]
       [--feeds embedded,alpaca,massive]

Both sides compute now - tick.time with the same wall clock; tick times have millisecond
resolution (rounded down), so every figure may read up to 1 ms high.
"""
import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from datetime import datetime
import urllib.request
from pathlib import Path

os.environ.setdefault("SE_OFFLINE", "true")
import websocket  # noqa: E402
from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


# The sim's keys, and what the app is told to connect with for each provider.
SIM_KEYS = ["--alpaca-key", "bench-key", "--alpaca-secret", "bench-secret", "--massive-key", "bench-massive"]


def feed_environment(feed, sim_port):
    if feed == "alpaca":
        return {"BOURSE_FEED": "alpaca", "BOURSE_FEED_URL": f"ws://127.0.0.1:{sim_port}/v2/iex",
                "APCA_API_KEY_ID": "bench-key", "APCA_API_SECRET_KEY": "bench-secret"}
    if feed == "massive":
        return {"BOURSE_FEED": "massive", "BOURSE_FEED_URL": f"ws://127.0.0.1:{sim_port}/stocks",
                "MASSIVE_API_KEY": "bench-massive", "MASSIVE_BASE_URL": f"http://127.0.0.1:{sim_port}"}
    return {}


def wait_for(url):
    for _ in range(300):
        try:
            urllib.request.urlopen(url, timeout=1)
            return
        except OSError:
            time.sleep(0.1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--rate", type=int, default=50)
    parser.add_argument("--feeds", default="embedded")
    args = parser.parse_args()
    args.binary = str(Path(args.binary).resolve())
    feeds = args.feeds.split(",")
    for feed in feeds:
        if feed not in ("embedded", "alpaca", "massive"):
            sys.exit(f"unknown feed {feed}: embedded, alpaca or massive")

    workdir = Path(tempfile.mkdtemp(prefix="bourse-latency-"))
    sim, sim_port = None, free_port()
    if any(feed != "embedded" for feed in feeds):
        sim = subprocess.Popen(
            [args.binary, "sim", "--port", str(sim_port), "--feed-rate", str(args.rate), *SIM_KEYS],
            stdout=open(workdir / "sim.log", "w"), stderr=subprocess.STDOUT, cwd=workdir)
        wait_for(f"http://127.0.0.1:{sim_port}/v1/marketstatus/now?apiKey=bench-massive")
    results = {}
    try:
        for feed in feeds:
            results[feed] = measure(args, feed, workdir, sim_port)
    finally:
        if sim:
            sim.terminate()
            sim.wait()
    for feed in feeds:
        browser, socket_latencies = results[feed]
        report(feed, args, browser, socket_latencies)
    if "embedded" in results and len(results) > 1:
        b50 = percentile(results["embedded"][0], 0.50)
        b99 = percentile(results["embedded"][0], 0.99)
        for feed in feeds:
            if feed == "embedded":
                continue
            p50, p99 = percentile(results[feed][0], 0.50), percentile(results[feed][0], 0.99)
            print(f"{feed} over the embedded feed, to the browser: p50 {p50 / b50:.2f}x ({p50 - b50:+.1f} ms), "
                  f"p99 {p99 / b99:.2f}x ({p99 - b99:+.1f} ms)")


def measure(args, feed, workdir, sim_port):
    """One app on `feed`, a browser on its exchange page and a plain socket client: their latencies."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    log = open(workdir / f"server-{feed}.log", "w")
    environment = dict(os.environ)
    environment.update(feed_environment(feed, sim_port))
    server = subprocess.Popen(
        [args.binary, "serve", "--port", str(port), "--database", str(workdir / f"bourse-{feed}.sqlite"),
         "--feed-rate", str(args.rate)], stdout=log, stderr=subprocess.STDOUT, cwd=workdir, env=environment)
    driver = None
    browser, socket_latencies = [], []
    try:
        wait_for(url + "/api/v1/health")

        options = webdriver.ChromeOptions()
        options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
        for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                         "--window-size=1280,900"):
            options.add_argument(argument)
        driver = webdriver.Chrome(options=options, service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")))
        driver.get(url + "/exchange")

        stop = threading.Event()

        def listen():
            ws = websocket.create_connection(f"ws://127.0.0.1:{port}/exchange/ws", timeout=2)
            while not stop.is_set():
                try:
                    message = ws.recv()
                except websocket.WebSocketTimeoutException:
                    continue
                received = time.time() * 1000
                if '"type":"tick"' in message[:20]:
                    tick = json.loads(message)
                    sent = datetime.fromisoformat(tick["time"].replace("Z", "+00:00")).timestamp() * 1000
                    socket_latencies.append(received - sent)
            ws.close()

        listener = threading.Thread(target=listen)
        listener.start()
        time.sleep(5)  # warm up: JIT, first layout, the feed going live
        # The page marks each tick it has drawn: performance.mark("bourse-tick", {detail: latency ms}).
        driver.execute_script("performance.clearMarks('bourse-tick')")
        socket_latencies.clear()
        time.sleep(args.seconds)
        browser = driver.execute_script(
            "return performance.getEntriesByName('bourse-tick', 'mark').map((mark) => mark.detail)")
        stop.set()
        listener.join()
    finally:
        if driver:
            driver.quit()
        server.terminate()
        server.wait()

    if not browser or not socket_latencies:
        sys.exit(f"{feed}: no ticks measured (browser {len(browser or [])}, socket {len(socket_latencies)}); "
                 f"see {workdir}/server-{feed}.log")
    return browser, socket_latencies


def report(feed, args, browser, socket_latencies):
    b50, b99 = percentile(browser, 0.50), percentile(browser, 0.99)
    s50, s99 = percentile(socket_latencies, 0.50), percentile(socket_latencies, 0.99)
    print(f"[{feed}] ticks at {args.rate}/s over {args.seconds:.0f} s: browser drew {len(browser)}, "
          f"socket client read {len(socket_latencies)}")
    print(f"[{feed}] tick to browser (bourse):        p50 {b50:6.1f} ms  p99 {b99:6.1f} ms  max {max(browser):6.1f} ms")
    print(f"[{feed}] tick to socket client (baseline): p50 {s50:6.1f} ms  p99 {s99:6.1f} ms  "
          f"max {max(socket_latencies):6.1f} ms")
    print(f"[{feed}] browser over socket client: p50 +{b50 - s50:.1f} ms, p99 +{b99 - s99:.1f} ms; "
          f"mean {statistics.mean(browser):.1f} vs {statistics.mean(socket_latencies):.1f} ms")


if __name__ == "__main__":
    main()
