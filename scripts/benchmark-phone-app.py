"""The figures of scripts/benchmark-phone-app. Run through that script (it sets BOURSE_BIN)."""
import http.server
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


def network_bytes(driver):
    """Bytes the page fetched from the network since the last call, by kind: answers a service
    worker gave from its cache count 0; everything else counts its encoded length."""
    responses, totals = {}, {"assets": 0, "pages": 0, "api": 0, "other": 0}
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        params = message.get("params", {})
        if message["method"] == "Network.responseReceived":
            responses[params["requestId"]] = params["response"]
        elif message["method"] == "Network.loadingFinished" and params["requestId"] in responses:
            response = responses[params["requestId"]]
            if response.get("fromServiceWorker") and response.get("serviceWorkerResponseSource") == "cache-storage":
                continue
            url = response["url"]
            kind = ("assets" if "/assets/" in url or "/icons/" in url else "api" if "/api/" in url or url.endswith(".svg")
                    or ".svg?" in url else "pages" if response.get("mimeType") == "text/html" else "other")
            totals[kind] += int(params.get("encodedDataLength", 0))
    return totals


def wait_for_stock(driver):
    WebDriverWait(driver, 30).until(lambda d: d.find_element(By.ID, "price").text not in ("", "—")
                                    and d.find_elements(By.CSS_SELECTOR, "#chart svg"))


def visit(driver, url, ready):
    driver.get_log("performance")
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
        with running_app(port=port) as app_url:
            home = lambda d: WebDriverWait(d, 30).until(lambda x: x.find_elements(By.CSS_SELECTOR, "#quote-rows tr[data-symbol]"))
            first_home = visit(driver, app_url + "/", home)
            WebDriverWait(driver, 30).until(lambda d: d.execute_script("return !!navigator.serviceWorker.controller")
                                            or (d.refresh() and False))
            first_stock = visit(driver, app_url + "/stocks/AAPL", wait_for_stock)
            repeat_home = visit(driver, app_url + "/", home)
            repeat_stock = visit(driver, app_url + "/stocks/AAPL", wait_for_stock)
            print("bytes from the network (HTML pages, assets, API JSON and charts):")
            for name, first, repeat in [("/", first_home, repeat_home), ("/stocks/AAPL", first_stock, repeat_stock)]:
                print(f"  {name:14} first visit {sum(first.values()):>8,} B {first}")
                print(f"  {'':14} repeat      {sum(repeat.values()):>8,} B {repeat}"
                      f"  -> {sum(repeat.values()) / max(1, sum(first.values())):.2f} of the first; asset bytes {repeat['assets']}")
            up = time_to_content(driver, app_url + "/stocks/AAPL")
            app_url.process.terminate()
            app_url.process.wait(timeout=15)
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
                if what == "watchlist":
                    listing = json.load(urllib.request.urlopen(app_url + "/api/v1/search/listings"))["rows"]
                    body = json.dumps({"symbols": [row[0] for row in listing[:100]]}).encode()
                    request = urllib.request.Request(app_url + "/api/v1/watchlist", data=body, method="PUT",
                                                     headers={"Content-Type": "application/json"})
                    urllib.request.urlopen(request).read()
                    path = "/api/v1/watchlist"
                else:
                    path = "/api/v1/tickers?limit=100"
                before = Counting.count
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
        print("pricing 100 stocks (upstream requests counted at a proxy in front of bourse sim):")
        for what, (rows, requests, cold, warm) in results.items():
            print(f"  {what:9} {rows} rows: {requests} upstream requests, first answer {cold:.0f} ms, then {warm:.1f} ms (median of 20)")
        proxy.shutdown()
    finally:
        sim.terminate()
        sim.wait(timeout=10)


if __name__ == "__main__":
    bytes_and_timing()
    pricing()
