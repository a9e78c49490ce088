"""Orders placed and cancelled in a loop, beside the load, each answer counted."""

import collections
import http.client
import json
import threading


def new_order_stats():
    return {"placed": 0, "cancelled": 0, "answers": collections.Counter(), "statuses": collections.Counter(),
            "errors": collections.Counter()}


def start_orders(server):
    """Runs `run_orders` on a thread of its own; returns (thread, stop event, stats)."""
    stop = threading.Event()
    stats = new_order_stats()
    thread = threading.Thread(target=run_orders, args=(server, stop, stats), daemon=True)
    thread.start()
    return thread, stop, stats


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
