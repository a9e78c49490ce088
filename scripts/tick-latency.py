"""Tick to browser: how long from the feed simulator stamping a tick to the exchange page having
drawn it, at 50 ticks per second, against a plain WebSocket client reading the same ticks from
the same app socket in the same run (the floor: everything but the browser).

Usage: .venv-browser/bin/python scripts/tick-latency.py BOURSE_BINARY [--seconds 20] [--rate 50]

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


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--rate", type=int, default=50)
    args = parser.parse_args()
    args.binary = str(Path(args.binary).resolve())

    workdir = Path(tempfile.mkdtemp(prefix="bourse-latency-"))
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    log = open(workdir / "server.log", "w")
    server = subprocess.Popen(
        [args.binary, "serve", "--port", str(port), "--database", str(workdir / "bourse.sqlite"),
         "--feed-rate", str(args.rate)], stdout=log, stderr=subprocess.STDOUT, cwd=workdir)
    driver = None
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(url + "/api/v1/health", timeout=1)
                break
            except OSError:
                time.sleep(0.1)

        options = webdriver.ChromeOptions()
        options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
        for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                         "--window-size=1280,900"):
            options.add_argument(argument)
        driver = webdriver.Chrome(options=options, service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")))
        driver.get(url + "/exchange")

        socket_latencies, stop = [], threading.Event()

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
        sys.exit(f"no ticks measured (browser {len(browser or [])}, socket {len(socket_latencies)}); see {workdir}/server.log")
    b50, b99 = percentile(browser, 0.50), percentile(browser, 0.99)
    s50, s99 = percentile(socket_latencies, 0.50), percentile(socket_latencies, 0.99)
    print(f"ticks at {args.rate}/s over {args.seconds:.0f} s: browser drew {len(browser)}, socket client read {len(socket_latencies)}")
    print(f"tick to browser (bourse):        p50 {b50:6.1f} ms  p99 {b99:6.1f} ms  max {max(browser):6.1f} ms")
    print(f"tick to socket client (baseline): p50 {s50:6.1f} ms  p99 {s99:6.1f} ms  max {max(socket_latencies):6.1f} ms")
    print(f"browser over socket client: p50 +{b50 - s50:.1f} ms, p99 +{b99 - s99:.1f} ms; "
          f"mean {statistics.mean(browser):.1f} vs {statistics.mean(socket_latencies):.1f} ms")


if __name__ == "__main__":
    main()
