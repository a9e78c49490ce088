#!/usr/bin/env python3
"""The soak's driver; scripts/soak runs it (see scripts/soak --help). Standard library only.

Starts `bourse sim` (the Polygon-compatible market and the exchange feed), a proxy in front of
each whose upstream mode cycles healthy, down, healthy, slow, healthy, garbled every --period
seconds, and `bourse serve` pointed at both proxies with a password set and an API token. Then,
for --minutes: wrk on pages and the API (a Lua script rotating over paths and symbols), a loop
of orders placed and cancelled, and --sockets clients on the exchange socket. Samples the
server's memory, open files and heap gauges (/metrics) every 10 s, scrapes /metrics before and after, stops the server
with SIGTERM, prints a summary and exits 1 when a goal is missed.
"""

import argparse
import asyncio
import base64
import collections
import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

SCHEDULE = ["healthy", "down", "healthy", "slow", "healthy", "garbled"]
DEADLINE_SECONDS = 8  # BOURSE_SOURCE_DEADLINE, the app's default
SLOW_SECONDS = DEADLINE_SECONDS + 4  # what the slow upstream holds each request
SAMPLE_EVERY = 10
FLAT_PERCENT = 5  # memory and open files: last quarter's mean over the first's (issue 18)
SIGTERM_SECONDS = 5  # from SIGTERM to the process gone, exit 0


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def log(message):
    print(message, flush=True)


class Upstream:
    """The upstream's mode, shared by both proxies; `schedule` runs the cycle."""

    def __init__(self, period):
        self.period = period
        self.mode = "healthy"
        self.t0 = None
        self.listeners = []  # proxies with stop()/start()/abort_all()
        self.seen = collections.Counter()  # (proxy, mode, what) -> count

    async def set_mode(self, mode):
        previous, self.mode = self.mode, mode
        if mode == "down" and previous != "down":
            for proxy in self.listeners:
                proxy.stop()
                proxy.abort_all()
        elif previous == "down" and mode != "down":
            for proxy in self.listeners:
                await proxy.start()

    async def schedule(self, t0, seconds):
        self.t0 = t0
        i = 0
        while True:
            start = t0 + i * self.period
            if start >= t0 + seconds:
                break
            await asyncio.sleep(max(0, start - time.time()))
            await self.set_mode(SCHEDULE[i % len(SCHEDULE)])
            i += 1
        await asyncio.sleep(max(0, t0 + seconds - time.time()))
        await self.set_mode("healthy")


class Proxy:
    """A loopback listener that can be closed (connection refused) and reopened."""

    def __init__(self, name, port, upstream):
        self.name, self.port, self.upstream = name, port, upstream
        self.server = None
        self.writers = set()
        upstream.listeners.append(self)

    async def start(self):
        for attempt in range(50):
            try:
                self.server = await asyncio.start_server(self._handle, "127.0.0.1", self.port, reuse_address=True)
                return
            except OSError as error:
                if attempt == 49:
                    raise
                log(f"{self.name} proxy: cannot listen again yet ({error}); retrying")
                await asyncio.sleep(0.1)

    def stop(self):
        if self.server is not None:
            self.server.close()
            self.server = None

    def abort_all(self):
        for writer in list(self.writers):
            writer.transport.abort()
        self.writers.clear()

    async def _handle(self, reader, writer):
        self.writers.add(writer)
        try:
            await self.handle(reader, writer)
        except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError, OSError, asyncio.CancelledError):
            pass
        finally:
            self.writers.discard(writer)
            writer.transport.abort()


class PolygonProxy(Proxy):
    """HTTP/1.1 with keep-alive in front of the stand-in market. healthy: passed through; down:
    refused, open connections reset; slow: each request held SLOW_SECONDS first; garbled: a 200
    whose body is not the documented JSON (cut short, an HTML page, the wrong shape, or a body
    shorter than its Content-Length and the connection closed)."""

    def __init__(self, port, upstream, sim_port):
        super().__init__("polygon", port, upstream)
        self.sim_port = sim_port
        self.local = threading.local()
        self.garbled_kind = 0

    def fetch(self, method, target, headers):
        for attempt in range(2):
            connection = getattr(self.local, "connection", None)
            if connection is None:
                connection = self.local.connection = http.client.HTTPConnection("127.0.0.1", self.sim_port, timeout=30)
            try:
                connection.request(method, target, headers=headers)
                response = connection.getresponse()
                return response.status, response.getheader("Content-Type", "application/json"), response.read()
            except (OSError, http.client.HTTPException):
                connection.close()
                self.local.connection = None
                if attempt == 1:
                    raise
        raise AssertionError("unreachable")

    async def handle(self, reader, writer):
        while True:
            head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1")
            lines = head.split("\r\n")
            method, target, _ = lines[0].split(" ", 2)
            headers = dict(line.split(":", 1) for line in lines[1:] if ":" in line)
            headers = {k.strip().lower(): v.strip() for k, v in headers.items()}
            length = int(headers.get("content-length", "0") or 0)
            if length:
                await reader.readexactly(length)
            mode = self.upstream.mode
            self.upstream.seen[("polygon", mode, "request")] += 1
            if mode == "down":
                return
            if mode == "slow":
                await asyncio.sleep(SLOW_SECONDS)
                if self.upstream.mode == "down":
                    return
            forward = {k: v for k, v in headers.items() if k in ("authorization", "accept")}
            try:
                status, content_type, body = await asyncio.to_thread(self.fetch, method, target, forward)
            except (OSError, http.client.HTTPException):
                self.upstream.seen[("polygon", mode, "proxy could not reach the stand-in")] += 1
                return
            close = False
            if mode == "garbled":
                self.garbled_kind += 1
                kind = self.garbled_kind % 4
                status = 200
                if kind == 0:
                    body = body[: len(body) // 2]
                elif kind == 1:
                    content_type, body = "text/html", b"<html><body><h1>502 Bad Gateway</h1><p>nginx</p></body></html>"
                elif kind == 2:
                    body = b'{"status":"OK","request_id":"soak","results":{"T":"not a list"},"resultsCount":"x"}'
                else:
                    close = True  # promise more than is sent, then hang up
            announced = len(body) * 2 + 10 if close else len(body)
            writer.write(
                f"HTTP/1.1 {status} X\r\nContent-Type: {content_type}\r\nContent-Length: {announced}\r\n\r\n".encode()
                + body
            )
            await writer.drain()
            if close:
                return


class FeedProxy(Proxy):
    """A TCP relay in front of the stand-in feed that reads the WebSocket frames going to the app.
    healthy: passed through; down: refused, open connections cut; slow: stalled (nothing
    forwarded until the mode changes, then the backlog); garbled: a malformed text frame slipped
    in between the real ones every second."""

    GARBAGE = [b'{"type":"tick","seq":', b"<html>502</html>", b'{"type":"tick","seq":-1,"symbol":""}', b"\xff\xfe"]

    def __init__(self, port, upstream, sim_port):
        super().__init__("feed", port, upstream)
        self.sim_port = sim_port

    async def handle(self, reader, writer):
        if self.upstream.mode == "down":
            return
        self.upstream.seen[("feed", self.upstream.mode, "connection")] += 1
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.sim_port)
        self.writers.add(up_writer)

        async def to_feed():
            try:
                while data := await reader.read(65536):
                    up_writer.write(data)
                    await up_writer.drain()
            finally:
                up_writer.transport.abort()

        sender = asyncio.create_task(to_feed())
        try:
            writer.write(await up_reader.readuntil(b"\r\n\r\n"))
            last_garbage = 0.0
            n = 0
            while True:
                first = await up_reader.readexactly(2)
                size = first[1] & 0x7F
                extended = b""
                if size == 126:
                    extended = await up_reader.readexactly(2)
                    size = int.from_bytes(extended, "big")
                elif size == 127:
                    extended = await up_reader.readexactly(8)
                    size = int.from_bytes(extended, "big")
                mask = await up_reader.readexactly(4) if first[1] & 0x80 else b""
                payload = await up_reader.readexactly(size)
                while self.upstream.mode == "slow":
                    await asyncio.sleep(0.2)
                if self.upstream.mode == "garbled" and time.time() - last_garbage >= 1 and first[0] & 0x80:
                    garbage = self.GARBAGE[n % len(self.GARBAGE)]
                    n += 1
                    last_garbage = time.time()
                    writer.write(bytes([0x81, len(garbage)]) + garbage)
                    self.upstream.seen[("feed", "garbled", "garbage frame")] += 1
                writer.write(first + extended + mask + payload)
                await writer.drain()
        finally:
            sender.cancel()
            up_writer.transport.abort()
            self.writers.discard(up_writer)


class Server:
    """The app: a base URL, the token, and plain requests."""

    def __init__(self, port, token):
        self.port, self.token = port, token

    def get(self, path, timeout=30):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            connection.request("GET", path, headers={"Authorization": f"Bearer {self.token}"})
            response = connection.getresponse()
            return response.status, response.read()
        finally:
            connection.close()


def run_orders(server, stop, stats):
    """Limit orders far from the market, placed and cancelled; now and then a market buy and a
    market sell of one share. Counts every answer by (operation, status)."""
    headers = {"Authorization": f"Bearer {server.token}", "Content-Type": "application/json"}
    connection = None
    i = 0

    def call(method, path, body=None):
        nonlocal connection
        if connection is None:
            connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            return response.status, response.read()
        except (OSError, http.client.HTTPException) as error:
            connection.close()
            connection = None
            stats["errors"][type(error).__name__] += 1
            return None, b""

    while not stop.is_set():
        i += 1
        side, price = ("buy", "1.00") if i % 2 else ("sell", "9999.00")
        status, body = call("POST", "/api/v1/orders", json.dumps({"side": side, "type": "limit", "quantity": 1, "price": price}))
        stats["answers"][("place limit", status)] += 1
        if status == 201:
            order = json.loads(body)["order"]
            stats["placed"] += 1
            stats["statuses"][("limit", order["status"])] += 1
            if i % 7 == 0:
                status, _ = call("GET", f"/api/v1/orders/{order['id']}")
                stats["answers"][("get", status)] += 1
            if order["status"] in ("PENDING", "PARTIALLY_FILLED"):
                status, body = call("DELETE", f"/api/v1/orders/{order['id']}")
                stats["answers"][("cancel", status)] += 1
                if status == 200:
                    stats["cancelled"] += 1
        if i % 5 == 0:
            for side in ("buy", "sell"):
                status, body = call("POST", "/api/v1/orders", json.dumps({"side": side, "type": "market", "quantity": 1}))
                stats["answers"][("place market", status)] += 1
                if status == 201:
                    stats["placed"] += 1
                    stats["statuses"][("market", json.loads(body)["order"]["status"])] += 1
        stop.wait(0.02)


async def socket_client(server, stop, stats, index):
    """One exchange screen: reads /exchange/ws until the end, reconnecting after a second if the
    socket is lost (each loss counted)."""
    counts = stats["per_client"]
    while not stop.is_set():
        writer = None
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            key = base64.b64encode(os.urandom(16)).decode()
            writer.write(
                (
                    f"GET /exchange/ws HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nUpgrade: websocket\r\n"
                    f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                    f"Authorization: Bearer {server.token}\r\n\r\n"
                ).encode()
            )
            head = await reader.readuntil(b"\r\n\r\n")
            if not head.startswith(b"HTTP/1.1 101"):
                stats["refused"] += 1
                raise ConnectionError(head.split(b"\r\n")[0].decode("latin-1"))
            stats["connects"] += 1
            message = b""
            while True:
                first = await reader.readexactly(2)
                size = first[1] & 0x7F
                if size == 126:
                    size = int.from_bytes(await reader.readexactly(2), "big")
                elif size == 127:
                    size = int.from_bytes(await reader.readexactly(8), "big")
                if first[1] & 0x80:
                    await reader.readexactly(4)
                payload = await reader.readexactly(size)
                opcode = first[0] & 0x0F
                if opcode == 0x9:  # ping: pong, masked as a client must
                    mask = os.urandom(4)
                    masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
                    writer.write(bytes([0x8A, 0x80 | len(payload)]) + mask + masked)
                elif opcode == 0x8:
                    raise ConnectionError("closed by the server")
                elif opcode in (0x0, 0x1, 0x2):
                    message += payload
                    if first[0] & 0x80:
                        if message.startswith(b'{"type":"tick"'):
                            kind = "tick"
                        else:
                            try:
                                kind = json.loads(message).get("type", "?")
                            except ValueError:
                                kind = "not JSON"
                        stats["types"][kind] += 1
                        counts[index] += 1
                        message = b""
        except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError) as error:
            if stop.is_set():
                break
            stats["disconnects"] += 1
            stats["reasons"][str(error)[:80]] += 1
            await asyncio.sleep(1)
        except asyncio.CancelledError:
            break
        finally:
            if writer is not None:
                try:
                    writer.write(bytes([0x88, 0x82]) + b"\x00\x00\x00\x00" + (1000).to_bytes(2, "big"))
                except OSError:
                    pass
                writer.transport.abort()


def process_sample(pid):
    status = open(f"/proc/{pid}/status").read()

    def field(name):
        return int(re.search(rf"^{name}:\s+(\d+)", status, re.M).group(1))

    return {"rss_kb": field("VmRSS"), "anon_kb": field("RssAnon"), "file_kb": field("RssFile") + field("RssShmem"),
            "threads": field("Threads"), "fds": len(os.listdir(f"/proc/{pid}/fd"))}


async def heap_sample(server):
    """What glibc's allocator holds, from the app's /metrics (HeapService): the live heap and the
    free memory its arenas keep, in KiB, and the trims so far; empty where the app has no such
    gauges (not glibc) or /metrics did not answer."""
    try:
        status, body = await asyncio.to_thread(server.get, "/metrics", 10)
    except OSError:
        return {}
    series = parse_metrics(body.decode()) if status == 200 else {}
    if ("bourse_heap_in_use_bytes", ()) not in series:
        return {}
    return {"heap_kb": series[("bourse_heap_in_use_bytes", ())] / 1024,
            "heap_free_kb": series.get(("bourse_heap_free_bytes", ()), 0) / 1024,
            "heap_trims": series.get(("bourse_heap_trims_total", ()), 0)}


def fd_kinds(pid):
    """The process's open files by kind: the database's files, sockets, the rest."""
    kinds = collections.Counter()
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            target = os.readlink(f"/proc/{pid}/fd/{fd}")
        except OSError:
            continue
        kinds["database" if ".sqlite" in target else "socket" if target.startswith("socket:") else "other"] += 1
    return kinds


def parse_metrics(text):
    series = {}
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        match = re.match(r"^(\w+)(?:\{(.*)\})?\s+(\S+)$", line)
        if not match:
            continue
        labels = tuple(sorted(re.findall(r'(\w+)="((?:[^"\\]|\\.)*)"', match.group(2) or "")))
        series[(match.group(1), labels)] = float(match.group(3))
    return series


def metric_deltas(before, after, name):
    """{labels: after - before} for one metric, zero deltas left out."""
    out = {}
    for (metric, labels), value in after.items():
        if metric == name:
            delta = value - before.get((metric, labels), 0)
            if delta:
                out[labels] = delta
    return out


WRK_LUA = r"""
-- Generated by scripts/soak.py: rotates over pages and API paths, counts answers by status and
-- by the upstream's mode when the answer came (from the schedule: t0, period, modes).
local templates = @TEMPLATES@
local symbols = @SYMBOLS@
local queries = @QUERIES@
local ranges = {"1D", "5D", "1M", "3M", "1Y"}
local t0, period = @T0@, @PERIOD@
local modes = @MODES@
local stop_at = t0 + @SECONDS@
counts = {}
local threads = {}
function setup(thread)
    table.insert(threads, thread)
    thread:set("id", #threads)
end
function init(args)
    math.randomseed(os.time() * 1000 + id)
end
-- The mode when the answer came; within @GRACE@ s of a change "before>after", since the request
-- may have been sent (and the source failed) before it.
local function mode_now()
    local now = os.time()
    if now < t0 or now >= stop_at + @GRACE@ then return "healthy" end
    local i = math.floor((now - t0) / period)
    local mode = now >= stop_at and "healthy" or modes[(i % #modes) + 1]
    if i >= 1 and now - t0 - i * period < @GRACE@ then
        local before = modes[((i - 1) % #modes) + 1]
        if before ~= mode then return before .. ">" .. mode end
    end
    return mode
end
function request()
    local path = templates[math.random(#templates)]
    path = path:gsub("{SYM}", function() return symbols[math.random(#symbols)] end)
    path = path:gsub("{Q}", function() return queries[math.random(#queries)] end)
    path = path:gsub("{RANGE}", function() return ranges[math.random(#ranges)] end)
    return wrk.format("GET", path)
end
function response(status, headers, body)
    local key = status .. " " .. mode_now()
    counts[key] = (counts[key] or 0) + 1
end
function done(summary, latency, requests)
    local total = {}
    for _, thread in ipairs(threads) do
        for key, n in pairs(thread:get("counts")) do total[key] = (total[key] or 0) + n end
    end
    for key, n in pairs(total) do io.write(string.format("COUNT %s %d\n", key, n)) end
    local e = summary.errors
    io.write(string.format("SUMMARY requests=%d seconds=%.3f connect=%d read=%d write=%d status=%d timeout=%d p50_us=%d p99_us=%d max_us=%d\n",
        summary.requests, summary.duration / 1e6, e.connect, e.read, e.write, e.status, e.timeout,
        latency:percentile(50), latency:percentile(99), latency.max))
end
"""

PATH_TEMPLATES = [
    "/", "/markets", "/stocks/{SYM}", "/stocks/{SYM}", "/search?q={Q}", "/exchange", "/gnb", "/gnb/T2006",
    "/api/v1/health", "/api/v1/tickers?limit=50", "/api/v1/tickers?limit=200",
    "/api/v1/stocks/{SYM}", "/api/v1/stocks/{SYM}", "/api/v1/stocks/{SYM}/bars?range={RANGE}",
    "/api/v1/stocks/{SYM}/bars?range={RANGE}", "/api/v1/stocks/{SYM}/bars?range={RANGE}",
    "/api/v1/search?q={Q}", "/api/v1/search?q={Q}&limit=50", "/api/v1/watchlist", "/api/v1/gnb/products",
    "/api/v1/gnb/products/T2006", "/api/v1/book", "/api/v1/position", "/api/v1/orders?status=open&limit=20",
    "/api/v1/stocks/NOSUCHSYM", "/assets/bourse.css",
]
QUERIES = ["app", "ban", "bank%20of", "mic", "gen", "tes", "a", "z", "nestle", "inter", "AAP", "co", "energy", "xx"]


def lua_list(items):
    return "{" + ", ".join(json.dumps(item) for item in items) + "}"


def summarize_log(path):
    levels = collections.Counter()
    messages = collections.Counter()
    with open(path, errors="replace") as file:
        for line in file:
            match = re.match(r"^\S+ (trace|debug|info|notice|warning|error|critical) (\S+) ?: ?(.*)$", line.rstrip())
            if not match:
                if line.strip():
                    levels["other"] += 1
                    messages[("other", re.sub(r"\d+", "N", line.strip())[:140])] += 1
                continue
            levels[match.group(1)] += 1
            text = re.sub(r"\d+", "N", re.sub(r"key=\S+", "key=…", match.group(3)))
            messages[(match.group(1), match.group(2) + ": " + text[:160])] += 1
    return levels, messages


def percent(start, end):
    return (end - start) / start * 100 if start else 0.0


async def soak(args):
    bourse = os.path.abspath(args.bourse)
    workdir = tempfile.mkdtemp(prefix="bourse-soak-")
    database = os.path.join(workdir, "bourse.sqlite")
    processes = []
    sim_port, polygon_port, feed_port, app_port = free_port(), free_port(), free_port(), free_port()
    seconds = int(args.minutes * 60)
    base_env = {k: v for k, v in os.environ.items() if not k.startswith("MASSIVE_") and k not in ("POLYGON_API_KEY", "BOURSE_FEED_URL", "BOURSE_GNB_URL", "POLYGON_BASE_URL", "POLYGON_RATE_LIMIT", "POLYGON_KEY_IN", "BOURSE_SOURCE_DEADLINE")}
    base_env["LOG_LEVEL"] = args.log_level
    failures = []
    upstream = Upstream(args.period)
    try:
        sim_log = open(os.path.join(workdir, "sim.log"), "w")
        processes.append(subprocess.Popen([bourse, "sim", "--port", str(sim_port), "--feed-rate", "10"], env=base_env, stdout=sim_log, stderr=sim_log))
        polygon = PolygonProxy(polygon_port, upstream, sim_port)
        feed = FeedProxy(feed_port, upstream, sim_port)
        await polygon.start()
        await feed.start()

        subprocess.run([bourse, "password", "--database", database, "--user", "owner"], input=b"soak password 1\n", check=True, stdout=subprocess.DEVNULL, env=base_env)
        created = subprocess.run([bourse, "token", "create", "soak", "--database", database], check=True, capture_output=True, env=base_env)
        token = created.stdout.decode().split()[0]
        server_env = dict(
            base_env,
            POLYGON_API_KEY="soak-fake-key",
            POLYGON_BASE_URL=f"http://127.0.0.1:{polygon_port}",
            POLYGON_RATE_LIMIT=str(args.rate_limit),
            BOURSE_FEED_URL=f"ws://127.0.0.1:{feed_port}/feed",
            # The proxied feed counts as a real one, which trades New York's hours only: the soak
            # trades through the night, as the embedded feed would.
            BOURSE_MARKET_HOURS=os.environ.get("BOURSE_MARKET_HOURS", "always"),
        )
        server_log_path = os.path.join(workdir, "server.log")
        server_log = open(server_log_path, "w")
        server_process = subprocess.Popen(
            [bourse, "serve", "--host", "127.0.0.1", "--port", str(app_port), "--database", database],
            env=server_env, stdout=server_log, stderr=server_log)
        processes.append(server_process)
        server = Server(app_port, token)

        deadline = time.time() + 60
        while True:
            if server_process.poll() is not None:
                raise SystemExit(f"soak: bourse serve exited with {server_process.returncode}:\n" + open(server_log_path).read())
            try:
                status, body = await asyncio.to_thread(server.get, "/api/v1/book", 5)
                if status == 200 and json.loads(body).get("state") == "live":
                    break
            except (OSError, http.client.HTTPException):
                pass
            if time.time() > deadline:
                raise SystemExit("soak: the server never answered with a live feed")
            await asyncio.sleep(0.2)

        # Symbols: every 28th listing (about 300), AAPL and MSFT among them.
        status, body = await asyncio.to_thread(server.get, "/api/v1/search/listings")
        rows = json.loads(body)["rows"]
        symbols = sorted({row[0] for row in rows[:: max(1, len(rows) // 300)]} | {"AAPL", "MSFT", "KO"})
        symbols = [s for s in symbols if re.fullmatch(r"[A-Z.]+", s)]
        # Warm-up: each path once, on the healthy upstream.
        for template in PATH_TEMPLATES:
            path = template.replace("{SYM}", "AAPL").replace("{Q}", "app").replace("{RANGE}", "1M")
            status, _ = await asyncio.to_thread(server.get, path)
            if status >= 500:
                log(f"warm-up: {path} answered {status}")
        metrics_text = (await asyncio.to_thread(server.get, "/metrics"))[1].decode()
        with open(os.path.join(workdir, "metrics-before.txt"), "w") as file:
            file.write(metrics_text)
        metrics_before = parse_metrics(metrics_text)

        t0 = time.time() + 2
        lua = (WRK_LUA.replace("@TEMPLATES@", lua_list(PATH_TEMPLATES)).replace("@SYMBOLS@", lua_list(symbols))
               .replace("@QUERIES@", lua_list(QUERIES)).replace("@T0@", f"{t0:.3f}").replace("@PERIOD@", str(args.period))
               .replace("@MODES@", lua_list(SCHEDULE)).replace("@SECONDS@", str(seconds)).replace("@GRACE@", str(SLOW_SECONDS + 2)))
        lua_path = os.path.join(workdir, "soak.lua")
        with open(lua_path, "w") as file:
            file.write(lua)
        log(f"bourse: {bourse}; database and logs in {workdir}")
        log(f"load: wrk {args.threads} threads, {args.connections} connections, {len(PATH_TEMPLATES)} paths over {len(symbols)} symbols; "
            f"orders placed and cancelled; {args.sockets} exchange sockets; {args.minutes:g} min")
        log(f"upstream (market and feed): {' -> '.join(SCHEDULE)}, {args.period} s each, from t0; "
            f"BOURSE_SOURCE_DEADLINE {DEADLINE_SECONDS} (default), slow holds {SLOW_SECONDS} s, POLYGON_RATE_LIMIT={args.rate_limit}")

        stop = threading.Event()
        schedule = asyncio.create_task(upstream.schedule(t0, seconds))
        await asyncio.sleep(max(0, t0 - time.time()))
        idle_before = dict(process_sample(server_process.pid), kinds=fd_kinds(server_process.pid))
        ws_stats = {"connects": 0, "disconnects": 0, "refused": 0, "types": collections.Counter(), "reasons": collections.Counter(),
                    "per_client": [0] * args.sockets}
        ws_stop = asyncio.Event()
        clients = [asyncio.create_task(socket_client(server, ws_stop, ws_stats, i)) for i in range(args.sockets)]
        wrk = await asyncio.create_subprocess_exec(
            "wrk", "-t", str(args.threads), "-c", str(args.connections), "-d", f"{seconds}s", "--timeout", "30s",
            "-H", f"Authorization: Bearer {token}", "-s", lua_path, f"http://127.0.0.1:{app_port}",
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
        wrk_output = asyncio.create_task(wrk.communicate())
        order_stats = {"placed": 0, "cancelled": 0, "answers": collections.Counter(), "statuses": collections.Counter(), "errors": collections.Counter()}
        orders = threading.Thread(target=run_orders, args=(server, stop, order_stats), daemon=True)
        orders.start()

        samples = []
        start_at = min(60, seconds / 4)
        start_sample = None
        next_sample = t0
        while time.time() < t0 + seconds - 1:
            await asyncio.sleep(max(0, min(next_sample, t0 + seconds - 1) - time.time()))
            if server_process.poll() is not None:
                failures.append(f"bourse serve exited with {server_process.returncode} during the soak")
                break
            elapsed = time.time() - t0
            sample = dict(process_sample(server_process.pid), t=elapsed, mode=upstream.mode)
            sample.update(await heap_sample(server))
            samples.append(sample)
            if start_sample is None and elapsed >= start_at - 0.5:
                start_sample = sample
            if int(elapsed) % 60 < SAMPLE_EVERY or elapsed >= seconds - SAMPLE_EVERY:
                log(f"{int(elapsed) // 60:2d}:{int(elapsed) % 60:02d} upstream {upstream.mode:8s} rss {sample['rss_kb'] / 1024:7.1f} MiB "
                    f"(anon {sample['anon_kb'] / 1024:.1f}, file {sample['file_kb'] / 1024:.1f}"
                    + (f"; heap in use {sample['heap_kb'] / 1024:.1f}, free {sample['heap_free_kb'] / 1024:.1f}" if "heap_kb" in sample else "")
                    + ")  "
                    f"fds {sample['fds']:4d}  threads {sample['threads']:3d}  orders placed {order_stats['placed']:6d}  "
                    f"socket messages {sum(ws_stats['per_client']):8d}")
            next_sample += SAMPLE_EVERY
        end_sample = samples[-1] if samples else None
        stop.set()
        stdout, _ = await wrk_output
        await asyncio.to_thread(orders.join, 35)
        ws_stop.set()
        for client in clients:
            client.cancel()
        await asyncio.gather(*clients, return_exceptions=True)
        await schedule

        alive = server_process.poll() is None
        metrics_text = ""
        if alive:
            try:
                metrics_text = (await asyncio.to_thread(server.get, "/metrics"))[1].decode()
            except (OSError, http.client.HTTPException) as error:
                failures.append(f"/metrics after the load did not answer ({error})")
        with open(os.path.join(workdir, "metrics-after.txt"), "w") as file:
            file.write(metrics_text)
        metrics_after = parse_metrics(metrics_text)
        await asyncio.sleep(5)
        idle_sample = dict(process_sample(server_process.pid), kinds=fd_kinds(server_process.pid)) if alive else None
        health = None
        if alive:
            try:
                health = (await asyncio.to_thread(server.get, "/api/v1/health"))[0]
            except (OSError, http.client.HTTPException) as error:
                failures.append(f"/api/v1/health after the load did not answer ({error})")

        # SIGTERM: the shutdown in order, and the process gone within SIGTERM_SECONDS.
        exit_code, exit_seconds = server_process.returncode, None
        if alive:
            begin = time.time()
            server_process.send_signal(signal.SIGTERM)
            try:
                exit_code = await asyncio.to_thread(server_process.wait, 30)
                exit_seconds = time.time() - begin
            except subprocess.TimeoutExpired:
                server_process.kill()
                exit_code = server_process.wait()
                failures.append("SIGTERM did not end the server within 30 s: killed")

        # --- the report ---
        wrk_text = stdout.decode(errors="replace")
        summary_line = re.search(r"^SUMMARY (.*)$", wrk_text, re.M)
        if not summary_line:
            raise SystemExit("soak: wrk printed no summary:\n" + wrk_text)
        w = {k: float(v) for k, v in re.findall(r"(\w+)=([\d.]+)", summary_line.group(1))}
        by_status = collections.Counter()
        by_mode_5xx = collections.Counter()
        for status, mode, n in re.findall(r"^COUNT (\d+) ([\w>]+) (\d+)$", wrk_text, re.M):
            by_status[int(status)] += int(n)
            if int(status) >= 500:
                by_mode_5xx[(mode, int(status))] += int(n)
        classes = collections.Counter()
        for status, n in by_status.items():
            classes[f"{status // 100}xx"] += n
        total = int(w["requests"])
        fivexx = classes["5xx"]
        log("")
        log(f"== Soak: {args.minutes:g} min, {len(SCHEDULE)} upstream modes of {args.period} s in turn ==")
        log(f"HTTP (wrk): {total:,} requests in {w['seconds']:.0f} s ({total / w['seconds']:,.0f}/s), "
            f"p50 {w['p50_us'] / 1000:.2f} ms, p99 {w['p99_us'] / 1000:.2f} ms, max {w['max_us'] / 1000:.0f} ms")
        log("  by class: " + ", ".join(f"{c} {classes[c]:,}" for c in ("2xx", "3xx", "4xx", "5xx")))
        log("  by status: " + ", ".join(f"{s} {n:,}" for s, n in sorted(by_status.items())))
        log(f"  socket errors: connect {int(w['connect'])}, read {int(w['read'])}, write {int(w['write'])}, timeout {int(w['timeout'])}")
        if fivexx:
            log("  5xx by upstream mode when answered: " + ", ".join(f"{m} {s}: {n:,}" for (m, s), n in sorted(by_mode_5xx.items())))
        requests_delta = metric_deltas(metrics_before, metrics_after, "bourse_http_requests_total")
        failing = {labels: n for labels, n in requests_delta.items() if dict(labels).get("status", "0") >= "400"}
        for labels, n in sorted(failing.items(), key=lambda item: (dict(item[0])["status"] < "500", -item[1])):
            d = dict(labels)
            log(f"  at the app (/metrics): {d.get('method')} {d.get('route')} {d.get('status')}: {n:,.0f}")
        app_total = sum(requests_delta.values())
        log(f"  requests the app counted (/metrics, wrk + orders + sockets + scrapes): {app_total:,.0f}")
        served = order_stats["answers"]
        log(f"Orders: {order_stats['placed']:,} placed, {order_stats['cancelled']:,} cancelled; answers: "
            + ", ".join(f"{op} {st}: {n:,}" for (op, st), n in sorted(served.items(), key=str)))
        log("  acknowledged as: " + ", ".join(f"{kind} {st}: {n:,}" for (kind, st), n in sorted(order_stats["statuses"].items())))
        if order_stats["errors"]:
            log("  connection errors: " + ", ".join(f"{k} {n}" for k, n in order_stats["errors"].items()))
        per_client = ws_stats["per_client"]
        log(f"Sockets: {args.sockets} clients, {sum(per_client):,} messages ({', '.join(f'{k} {n:,}' for k, n in ws_stats['types'].most_common())}); "
            f"fewest for one client {min(per_client):,}; connects {ws_stats['connects']}, lost {ws_stats['disconnects']}, refused {ws_stats['refused']}")
        for reason, n in ws_stats["reasons"].most_common(5):
            log(f"  lost: {reason} ({n})")
        upstream_delta = metric_deltas(metrics_before, metrics_after, "bourse_upstream_requests_total")
        outcomes = collections.Counter()
        for labels, n in upstream_delta.items():
            outcomes[dict(labels).get("outcome")] += n
        cache = collections.Counter()
        for labels, n in metric_deltas(metrics_before, metrics_after, "bourse_upstream_cache_total").items():
            cache[dict(labels).get("result")] += n
        log("Upstream, from the app (/metrics): requests " + ", ".join(f"{k} {n:,.0f}" for k, n in outcomes.most_common())
            + "; cache " + ", ".join(f"{k} {n:,.0f}" for k, n in cache.most_common()))
        feed_metrics = {name: sum(metric_deltas(metrics_before, metrics_after, name).values())
                        for name in ("bourse_feed_ticks_total", "bourse_feed_reconnects_total", "bourse_feed_malformed_messages_total", "bourse_feed_gaps_total")}
        log("  feed: " + ", ".join(f"{name[len('bourse_feed_'):-len('_total')]} {n:,.0f}" for name, n in feed_metrics.items()))
        log("  seen at the proxies: " + ", ".join(f"{p} {m} {what}: {n:,}" for (p, m, what), n in sorted(upstream.seen.items())))

        # Start and end: single samples (after the warm-up, and the last). The goals are judged
        # on the means over the first and the last quarter of the run (issue 18), since the open
        # files follow the mode (a slow upstream holds the client's connections) and memory
        # breathes with it.
        memory_growth = fd_growth = None
        if start_sample and end_sample:
            quarter = seconds / 4
            first = [x for x in samples if x["t"] < quarter - 0.5]
            last = [x for x in samples if x["t"] >= seconds - quarter - 0.5]

            def mean(group, key):
                return sum(x[key] for x in group) / len(group)

            memory_growth = percent(mean(first, "rss_kb"), mean(last, "rss_kb"))
            fd_growth = percent(mean(first, "fds"), mean(last, "fds"))
            peak = max(x["rss_kb"] for x in samples)

            def span(group):
                return f"{group[0]['t'] / 60:.1f}-{min(seconds, group[-1]['t'] + SAMPLE_EVERY) / 60:.1f} min"

            log(f"Memory (VmRSS): start {start_sample['rss_kb'] / 1024:.1f} MiB (at {start_sample['t']:.0f} s), "
                f"end {end_sample['rss_kb'] / 1024:.1f} MiB ({percent(start_sample['rss_kb'], end_sample['rss_kb']):+.1f} %); "
                f"mean {mean(first, 'rss_kb') / 1024:.1f} MiB over {span(first)}, {mean(last, 'rss_kb') / 1024:.1f} MiB over {span(last)} "
                f"({memory_growth:+.1f} %); peak {peak / 1024:.1f} MiB; anonymous {start_sample['anon_kb'] / 1024:.1f} -> "
                f"{end_sample['anon_kb'] / 1024:.1f} MiB, file-backed {start_sample['file_kb'] / 1024:.1f} -> {end_sample['file_kb'] / 1024:.1f} MiB"
                + (f"; 5 s after the load {idle_sample['rss_kb'] / 1024:.1f} MiB" if idle_sample else ""))
            heap_first = [x for x in first if "heap_kb" in x]
            heap_last = [x for x in last if "heap_kb" in x]
            if heap_first and heap_last:
                # Not a goal: it tells a live heap that grows from memory the allocator keeps.
                log(f"Live heap (/metrics, bourse_heap_in_use_bytes): mean {mean(heap_first, 'heap_kb') / 1024:.1f} MiB over the first "
                    f"quarter, {mean(heap_last, 'heap_kb') / 1024:.1f} MiB over the last "
                    f"({percent(mean(heap_first, 'heap_kb'), mean(heap_last, 'heap_kb')):+.1f} %); peak "
                    f"{max(x['heap_kb'] for x in samples if 'heap_kb' in x) / 1024:.1f} MiB; free in the arenas "
                    f"{mean(heap_first, 'heap_free_kb') / 1024:.1f} -> {mean(heap_last, 'heap_free_kb') / 1024:.1f} MiB; "
                    f"trims {heap_last[-1]['heap_trims']:.0f}")
            log(f"Open files: start {start_sample['fds']} ({start_sample['mode']}), end {end_sample['fds']} ({end_sample['mode']}, "
                f"{percent(start_sample['fds'], end_sample['fds']):+.1f} %); mean {mean(first, 'fds'):.1f} over {span(first)}, "
                f"{mean(last, 'fds'):.1f} over {span(last)} ({fd_growth:+.1f} %); most {max(x['fds'] for x in samples)}")
            if idle_sample:
                def kinds(sample):
                    return ", ".join(f"{k} {n}" for k, n in sorted(sample["kinds"].items()))

                log(f"  idle, no client connected: {idle_before['fds']} just before the load ({kinds(idle_before)}), "
                    f"{idle_sample['fds']} 5 s after it ({kinds(idle_sample)}); threads {start_sample['threads']} -> {end_sample['threads']}")
            log("  every sample (s: MiB/fds): " + " ".join(f"{x['t']:.0f}:{x['rss_kb'] / 1024:.0f}/{x['fds']}" for x in samples))
        # The app logs this error when its graceful shutdown ran past the deadline and it ended
        # the process itself (`ShutdownDeadline`), with the services still running.
        cut_short = [line.strip() for line in open(server_log_path, errors="replace") if "the shutdown did not end" in line]
        log(f"Server: {'answering' if health == 200 else 'NOT answering'} after the load; SIGTERM -> exit {exit_code}"
            + (f" in {exit_seconds:.2f} s" if exit_seconds is not None else "")
            + (f" (graceful shutdown cut short by the deadline: {cut_short[-1][:300]})" if cut_short
               else " (graceful: every service stopped in order)" if exit_code == 0 else ""))
        levels, messages = summarize_log(server_log_path)
        log("  log (LOG_LEVEL=warning): " + (", ".join(f"{k} {n:,}" for k, n in levels.most_common()) or "empty"))
        for (level, message), n in messages.most_common(12):
            log(f"  {n:6,} x {level}: {message}")

        # --- the goals ---
        errors_500 = sum(n for s, n in by_status.items() if s >= 500 and s not in (502, 503))
        if errors_500:
            failures.append(f"{errors_500} 5xx other than 502/503 (wrk)")
        if fivexx:
            log(f"Note: {fivexx:,} answers were 502/503, the documented answer when the source failed and nothing was saved "
                "(502 garbled or refused, 503 'try again' with Retry-After); see the 5xx by mode and route above.")
        if any(int(w[k]) for k in ("connect", "read", "write", "timeout")):
            failures.append("wrk saw socket errors (connect, read, write or timeout)")
        if ws_stats["disconnects"] or ws_stats["refused"]:
            failures.append(f"exchange sockets lost {ws_stats['disconnects']} times, refused {ws_stats['refused']}")
        unexpected = sum(n for (op, st), n in served.items() if st not in (200, 201))
        if unexpected:
            failures.append(f"{unexpected} unexpected order answers")
        for what, growth in (("memory (quarter means)", memory_growth), ("open files (quarter means)", fd_growth)):
            if growth is None or growth >= FLAT_PERCENT:
                failures.append(f"{what} not flat within {FLAT_PERCENT} % ({growth if growth is None else round(growth, 1)} %)")
        if health != 200 or exit_code != 0:
            failures.append(f"server after the load: health {health}, exit {exit_code}")
        elif exit_seconds is None or exit_seconds >= SIGTERM_SECONDS:
            failures.append(f"SIGTERM took {exit_seconds:.1f} s, not under {SIGTERM_SECONDS} s")
        log("")
        log("goals missed: " + "; ".join(failures) if failures else
            f"goals met: no 500, no socket errors or lost sockets, memory and open files flat within {FLAT_PERCENT} % "
            f"(quarter means), exit 0 within {SIGTERM_SECONDS} s of SIGTERM")
        if args.keep or failures:
            log(f"kept (database, logs, /metrics before and after): {workdir}")
        return 1 if failures else 0
    finally:
        for proxy in upstream.listeners:
            proxy.stop()
            proxy.abort_all()
        for process in reversed(processes):
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()
        if not args.keep and not failures:
            shutil.rmtree(workdir, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bourse", required=True, help="the bourse binary")
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--period", type=int, default=30, help="seconds in each upstream mode")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--sockets", type=int, default=20)
    parser.add_argument("--rate-limit", type=int, default=100000, help="POLYGON_RATE_LIMIT for the server (high: the limiter stays out of it)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder (database, logs)")
    parser.add_argument("--log-level", default="warning", help="the server's LOG_LEVEL (warning: each failure injected is one line)")
    args = parser.parse_args()
    sys.exit(asyncio.run(soak(args)))


if __name__ == "__main__":
    main()
