"""The figures of scripts/benchmark-phone-app. Run through that script (it sets BOURSE_BIN)."""
import http.server
import urllib.error
import json
import os
import socketserver
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))
from conftest import free_port, running_app  # noqa: E402
from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

BIN = os.environ["BOURSE_BIN"]


def phone():
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--window-size=390,844"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    return webdriver.Chrome(options=options, service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")))


class Counted(http.server.BaseHTTPRequestHandler):
    """A proxy in front of the app that counts the bytes of every answer it passes to the
    browser, by kind: what the phone really fetched over the network (the worker's own fetches
    included; what it answers from its cache never reaches here)."""
    upstream = ""
    totals = {"assets": 0, "pages": 0, "api": 0, "other": 0}
    lock = threading.Lock()

    def relay(self, method):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else None
        headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "connection", "accept-encoding")}
        request = urllib.request.Request(Counted.upstream + self.path, data=body, method=method, headers=headers)
        try:
            response = urllib.request.urlopen(request, timeout=30)
        except urllib.error.HTTPError as error:
            response = error
        data = response.read()
        path = self.path.split("?")[0]
        kind = ("assets" if path.startswith(("/assets/", "/icons/")) else
                "api" if path.startswith("/api/") or path.endswith(".svg") else
                "pages" if "text/html" in (response.headers.get("Content-Type") or "") else "other")
        with Counted.lock:
            Counted.totals[kind] += len(data)
        self.send_response(response.status)
        for name, value in response.headers.items():
            if name.lower() not in ("content-length", "transfer-encoding", "connection"):
                self.send_header(name, value)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        self.relay("GET")

    def do_POST(self):
        self.relay("POST")

    def log_message(self, *args):
        pass


def network_bytes(driver):
    """The bytes the proxy passed since the last call, by kind."""
    with Counted.lock:
        totals = dict(Counted.totals)
        for key in Counted.totals:
            Counted.totals[key] = 0
    return totals


def wait_for_stock(driver):
    WebDriverWait(driver, 30).until(lambda d: d.find_element(By.ID, "price").text not in ("", "—")
                                    and d.find_elements(By.CSS_SELECTOR, "#chart svg"))


def visit(driver, url, ready):
    network_bytes(driver)
    driver.get(url)
    ready(driver)
    time.sleep(1)  # late requests (the listings, sparklines)
    return network_bytes(driver)


def time_to_content(driver, url, runs=5):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        driver.get(url)
        wait_for_stock(driver)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def bytes_and_timing():
    port = free_port()
    driver = phone()
    try:
        with running_app(port=port) as direct:
            Counted.upstream = direct
            proxy_port = free_port()
            proxy = socketserver.ThreadingTCPServer(("127.0.0.1", proxy_port), Counted)
            threading.Thread(target=proxy.serve_forever, daemon=True).start()
            app_url = f"http://127.0.0.1:{proxy_port}"
            home = lambda d: WebDriverWait(d, 30).until(lambda x: x.find_elements(By.CSS_SELECTOR, "#quote-rows tr[data-symbol]"))
            first_home = visit(driver, app_url + "/", home)
            WebDriverWait(driver, 30).until(lambda d: d.execute_script("return !!navigator.serviceWorker.controller")
                                            or (d.refresh() and False))
            first_stock = visit(driver, app_url + "/stocks/AAPL", wait_for_stock)
            repeat_home = visit(driver, app_url + "/", home)
            repeat_stock = visit(driver, app_url + "/stocks/AAPL", wait_for_stock)
            print("bytes over the network (counted at a proxy in front of the app; the worker's fetches included):")
            for name, first, repeat in [("/", first_home, repeat_home), ("/stocks/AAPL", first_stock, repeat_stock)]:
                print(f"  {name:14} first visit {sum(first.values()):>8,} B {first}")
                print(f"  {'':14} repeat      {sum(repeat.values()):>8,} B {repeat}"
                      f"  -> {sum(repeat.values()) / max(1, sum(first.values())):.2f} of the first; asset bytes {repeat['assets']}")
            up = time_to_content(driver, app_url + "/stocks/AAPL")
            proxy.shutdown()
            proxy.server_close()
            down = time_to_content(driver, app_url + "/stocks/AAPL")
            print(f"time to content of /stocks/AAPL (median of 5): server up {up:.0f} ms, server stopped "
                  f"(from the device) {down:.0f} ms -> ratio {down / up:.2f}")
    finally:
        driver.quit()


class Counting(http.server.BaseHTTPRequestHandler):
    upstream = ""
    count = 0
    lock = threading.Lock()

    def do_GET(self):
        with Counting.lock:
            Counting.count += 1
        with urllib.request.urlopen(Counting.upstream + self.path, timeout=30) as response:
            body = response.read()
            self.send_response(response.status)
            self.send_header("Content-Type", response.headers.get("Content-Type", "application/json"))
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    def log_message(self, *args):
        pass


def pricing():
    sim_port, proxy_port = free_port(), free_port()
    sim = subprocess.Popen([BIN, "sim", "--host", "127.0.0.1", "--port", str(sim_port)], stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{sim_port}/v3/reference/tickers?limit=1", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        Counting.upstream = f"http://127.0.0.1:{sim_port}"
        proxy = socketserver.ThreadingTCPServer(("127.0.0.1", proxy_port), Counting)
        threading.Thread(target=proxy.serve_forever, daemon=True).start()
        environment = {"POLYGON_API_KEY": "benchmark", "POLYGON_BASE_URL": f"http://127.0.0.1:{proxy_port}",
                       "POLYGON_RATE_LIMIT": "100000"}
        results = {}
        for what in ("watchlist", "list"):
            with running_app(**environment) as app_url:
                before = Counting.count
                if what == "watchlist":
                    listing = json.load(urllib.request.urlopen(app_url + "/api/v1/search/listings"))["rows"]
                    body = json.dumps({"symbols": [row[0] for row in listing[:100]]}).encode()
                    request = urllib.request.Request(app_url + "/api/v1/watchlist", data=body, method="PUT",
                                                     headers={"Content-Type": "application/json"})
                    urllib.request.urlopen(request).read()
                    path = "/api/v1/watchlist"
                else:
                    path = "/api/v1/tickers?limit=100"
                start = time.perf_counter()
                answer = json.load(urllib.request.urlopen(app_url + path, timeout=60))
                cold = (time.perf_counter() - start) * 1000
                requests = Counting.count - before
                warm = []
                for _ in range(20):
                    start = time.perf_counter()
                    urllib.request.urlopen(app_url + path, timeout=60).read()
                    warm.append((time.perf_counter() - start) * 1000)
                results[what] = (len(answer["results"]), requests, cold, statistics.median(warm))
        print("pricing 100 stocks (upstream requests counted at a proxy in front of bourse sim, after start-up,"
              " which already priced the feed's stock; the watchlist's count includes the PUT that priced it):")
        for what, (rows, requests, cold, warm) in results.items():
            print(f"  {what:9} {rows} rows: {requests} upstream requests, first answer {cold:.0f} ms, then {warm:.1f} ms (median of 20)")
        proxy.shutdown()
    finally:
        sim.terminate()
        sim.wait(timeout=10)


if __name__ == "__main__":
    bytes_and_timing()
    pricing()
