"""Nothing acknowledged is lost: orders placed through the API while the server is killed with
SIGKILL at random moments are all there, with every fill, after a restart.

Each round starts `bourse serve` on the same database, places orders from two threads (market
orders that fill at once, limit orders near the market that fill on later ticks, limit orders
far away that stay pending, every other type of SPEC.md §10: stops and stop-limits near and far,
trailing stops by amount and percent, day/ioc/fok, brackets whose exits the engine makes;
cancels, of exits too), listens to the screen's socket for fills and triggers, and kills the
process at a random point. What the server acknowledged (a 2xx answer or
an order message on the socket) is then checked against the restarted server's API.
"""
import contextlib
import json
import os
import random
import signal
import sqlite3
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request
from decimal import Decimal
from pathlib import Path

import pytest
import websocket

from conftest import bourse_binary, free_port, wait_for_health

ROUNDS = 6


def call(method, url, body=None, timeout=5):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


class Server:
    def __init__(self, database, workdir, feed_url=None):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = open(workdir / f"server-{self.port}.log", "w+")
        environment = {k: v for k, v in os.environ.items() if not k.startswith(("POLYGON_", "MASSIVE_", "BOURSE_"))}
        if feed_url:
            environment["BOURSE_FEED_URL"] = feed_url
        self.process = subprocess.Popen(
            [str(bourse_binary()), "serve", "--host", "127.0.0.1", "--port", str(self.port),
             "--database", str(database), "--feed-rate", "20"],
            stdout=self.log, stderr=subprocess.STDOUT, env=environment, cwd=workdir,
        )
        wait_for_health(self.url, self.process, self.log)

    def wait_live(self, timeout=30):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            status, book = call("GET", self.url + "/api/v1/book")
            if status == 200 and book["state"] == "live" and book["asks"] and book["bids"]:
                return book
            time.sleep(0.1)
        raise AssertionError("the feed never went live")

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()
        self.log.close()


class Acknowledged:
    """What the user was told: each order's latest acknowledged state and every fill."""

    def __init__(self):
        self.lock = threading.Lock()
        self.orders = {}  # id -> order JSON (latest told)
        self.fills = {}  # id -> set of (seq, price, quantity)
        self.cancelled = set()

    def record(self, event):
        order = event["order"]
        with self.lock:
            known = self.orders.get(order["id"])
            if known is None or order["filledQuantity"] >= known["filledQuantity"]:
                self.orders[order["id"]] = order
            self.fills.setdefault(order["id"], set()).update(
                (f["seq"], f["price"], f["quantity"]) for f in event["fills"])


def price(value):
    return str(max(Decimal("0.01"), value).quantize(Decimal("0.01")))


def order_body(rng, bid, ask):
    """One order of a random type, priced around the book so that some fill, trigger or wait."""
    side = rng.choice(["buy", "sell"])
    quantity = rng.randint(1, 300)
    # A small step beyond the market in the direction a stop waits: up for a buy, down for a sell.
    step = Decimal(rng.choice(["0.02", "0.05", "0.20", "50.00"]))
    beyond = ask + step if side == "buy" else bid - step
    kind = rng.choice(["market", "near", "far", "stop", "stop_limit", "trailing", "tif", "bracket"])
    if kind == "market":
        return {"side": side, "type": "market", "quantity": quantity}
    if kind == "near":  # rests, then fills as the price moves
        return {"side": "buy", "type": "limit", "quantity": quantity, "price": price(bid)}
    if kind == "far":
        return {"side": "sell", "type": "limit", "quantity": 50, "price": "9999.00"}
    if kind == "stop":
        return {"side": side, "type": "stop", "quantity": quantity, "stopPrice": price(beyond),
                "timeInForce": rng.choice(["gtc", "day"])}
    if kind == "stop_limit":
        limit = beyond + Decimal("0.05") if side == "buy" else beyond - Decimal("0.05")
        return {"side": side, "type": "stop_limit", "quantity": quantity, "stopPrice": price(beyond),
                "price": price(limit)}
    if kind == "trailing":
        trail = ({"trailAmount": rng.choice(["0.03", "0.10", "1.00"])} if rng.random() < 0.5
                 else {"trailPercent": rng.choice(["0.05", "0.5", "2"])})
        return {"side": side, "type": "trailing_stop", "quantity": quantity, **trail}
    if kind == "tif":
        limit = ask if side == "buy" else bid
        return {"side": side, "type": "limit", "quantity": quantity, "price": price(limit),
                "timeInForce": rng.choice(["day", "ioc", "fok"])}
    # A bracket: a market or limit entry whose exits the engine makes as it fills.
    wide = Decimal(rng.choice(["0.03", "0.10", "0.50"]))
    up, down = (ask + wide, bid - wide) if side == "buy" else (bid - wide, ask + wide)
    body = {"side": side, "quantity": quantity, "takeProfit": price(up), "stopLoss": price(down)}
    if rng.random() < 0.5:
        return {**body, "type": "market"}
    return {**body, "type": "limit", "price": price(ask if side == "buy" else bid)}


def trade(server, told, stop, rng):
    """Places and cancels orders until `stop` or the server dies."""
    while not stop.is_set():
        try:
            status, book = call("GET", server.url + "/api/v1/book", timeout=2)
            if status != 200 or not book["asks"] or not book["bids"]:
                continue
            ask, bid = book["asks"][0][0], book["bids"][0][0]
            choice = rng.random()
            if choice < 0.75:
                body = order_body(rng, Decimal(bid), Decimal(ask))
            else:
                open_ = [o for o in list(told.orders.values()) if o["status"] in ("PENDING", "PARTIALLY_FILLED")]
                if open_:
                    target = rng.choice(open_)["id"]
                    status, answer = call("DELETE", f"{server.url}/api/v1/orders/{target}", timeout=2)
                    if status == 200:
                        told.record(answer)
                        told.cancelled.add(target)
                continue
            status, answer = call("POST", server.url + "/api/v1/orders", body, timeout=2)
            assert status == 201, answer
            told.record(answer)
        except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
            return  # killed


def listen(server, told, stop):
    """Records every order message the screen's socket delivers."""
    try:
        socket = websocket.create_connection(f"ws://127.0.0.1:{server.port}/exchange/ws", timeout=2)
    except OSError:
        return
    try:
        while not stop.is_set():
            try:
                message = json.loads(socket.recv())
            except websocket.WebSocketTimeoutException:
                continue
            if message.get("type") == "order":
                told.record(message)
    except (websocket.WebSocketException, OSError, ValueError):
        return


def check(server, told):
    for order_id, order in told.orders.items():
        status, stored = call("GET", f"{server.url}/api/v1/orders/{order_id}")
        assert status == 200, f"acknowledged order {order_id} is gone: {stored}"
        now = stored["order"]
        fills = {(f["seq"], f["price"], f["quantity"]) for f in stored["fills"]}
        assert told.fills[order_id] <= fills, f"order {order_id} lost fills: told {told.fills[order_id]}, stored {fills}"
        assert now["filledQuantity"] >= order["filledQuantity"], f"order {order_id} lost filled shares"
        assert now["filledQuantity"] == sum(f["quantity"] for f in stored["fills"]), \
            f"order {order_id}'s filled quantity is not its fills': {now}, fills {stored['fills']}, told {order}"
        if order["status"] in ("FILLED", "CANCELLED", "REJECTED", "EXPIRED"):
            assert now["status"] == order["status"], f"order {order_id} was {order['status']}, now {now['status']}"
        if order_id in told.cancelled:
            assert now["status"] == "CANCELLED"
        for member in ("type", "side", "timeInForce", "takeProfit", "stopLoss", "parentId", "trailAmount", "trailPercent"):
            assert now[member] == order[member], f"order {order_id}'s {member} was {order[member]}, now {now[member]}"
        if order["triggered"]:
            assert now["triggered"] and now["triggerPrice"] == order["triggerPrice"], f"order {order_id} lost its trigger"
        elif order["type"] == "trailing_stop" and order["stopPrice"] is not None and not now["triggered"]:
            # The reference only moves one way: a sell's level up, a buy's down; a restart keeps it.
            told_level, stored_level = Decimal(order["stopPrice"]), Decimal(now["stopPrice"])
            moved = stored_level >= told_level if order["side"] == "sell" else stored_level <= told_level
            assert moved, f"trailing stop {order_id} was told level {told_level}, now {stored_level}"
        elif order["type"] in ("stop", "stop_limit"):
            assert now["stopPrice"] == order["stopPrice"]


def open_in_database(database):
    with contextlib.closing(sqlite3.connect(f"file:{database}?mode=ro", uri=True)) as db:
        return {row[0] for row in db.execute(
            "SELECT id FROM exchange_order WHERE status IN ('PENDING', 'PARTIALLY_FILLED')")}


def test_sigkill_at_random_points_loses_nothing_acknowledged():
    rng = random.Random(int(os.environ.get("BOURSE_CRASH_SEED", "20261122")))
    workdir = Path(tempfile.mkdtemp(prefix="bourse-crash-"))
    database = workdir / "bourse.sqlite"
    told = Acknowledged()
    for _ in range(ROUNDS):
        server = Server(database, workdir)
        server.wait_live()
        check(server, told)  # what earlier rounds were told survived the kill
        stop = threading.Event()
        threads = [threading.Thread(target=trade, args=(server, told, stop, random.Random(rng.random())))
                   for _ in range(2)]
        threads.append(threading.Thread(target=listen, args=(server, told, stop)))
        for thread in threads:
            thread.start()
        time.sleep(rng.uniform(0.5, 2.5))
        server.kill()
        stop.set()
        for thread in threads:
            thread.join(timeout=10)
    assert len(told.orders) > 20, "too few orders were placed for the test to mean anything"
    assert any(f for f in told.fills.values()), "no order ever filled"
    kinds = {o["type"] for o in told.orders.values()}
    assert kinds == {"market", "limit", "stop", "stop_limit", "trailing_stop"}, f"only {kinds} were placed"
    assert any(o["parentId"] for o in told.orders.values()), "no bracket ever made an exit"
    assert any(o["type"] != "market" and o["triggered"] and o["triggerPrice"] for o in told.orders.values()), \
        "no stop ever triggered"

    # A restart with no feed (nothing listens at that URL): nothing can fill, so the engine's
    # open orders must be exactly the database's.
    server = Server(database, workdir, feed_url=f"ws://127.0.0.1:{free_port()}/feed")
    check(server, told)
    status, open_orders = call("GET", server.url + "/api/v1/orders?status=open&limit=1000")
    assert status == 200
    assert {o["id"] for o in open_orders["orders"]} == open_in_database(database)
    # An order that can only rest (no book), then a kill: after a restart on the live feed it
    # must resume matching, and a buy limit far above the market fills on the first tick.
    status, waiting = call("POST", server.url + "/api/v1/orders",
                           {"side": "buy", "type": "limit", "quantity": 10, "price": "9999.00"})
    assert status == 201 and waiting["order"]["status"] == "PENDING", waiting
    server.kill()

    server = Server(database, workdir)
    try:
        server.wait_live()
        check(server, told)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            status, resumed = call("GET", f"{server.url}/api/v1/orders/{waiting['order']['id']}")
            if resumed["order"]["status"] == "FILLED":
                break
            time.sleep(0.1)
        assert resumed["order"]["status"] == "FILLED", resumed
        assert resumed["order"]["filledQuantity"] == 10
    finally:
        server.kill()
