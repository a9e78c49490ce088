"""The app's Web Push end to end: the built `bourse serve` sends to a push service the test runs
on loopback (push_service.py), which decrypts every message with Python's http_ece and verifies
its VAPID signature with cryptography, independently of the app's WebPush target.

Each test has its own app (a new database) and its own push service. An alert is made to fire by
pricing AAPL (GET /api/v1/stocks/AAPL) and then setting an alert at or above a level under any
price it can have: the app checks a new alert against the last price it knows, so the alert
fires in the POST's own answer.
"""
import time
from urllib.parse import quote

from conftest import CONTACT
from push_service import Answer


def subscribe(app, push_service, answers=(), then=201):
    """A new subscription at the push service, given to the app; returns it and the app's id."""
    subscription = push_service.subscribe(answers=answers, then=then)
    status, body = app.post("/api/v1/push/subscriptions", subscription.to_json())
    assert status == 201, body
    return subscription, body["subscription"]["id"]


def fire_alert(app, above="0.01", symbol="AAPL"):
    """Sets an alert that fires at once (its symbol priced first); returns the alert."""
    status, body = app.get(f"/api/v1/stocks/{symbol}")
    assert status == 200, body
    status, body = app.post("/api/v1/alerts", {"symbol": symbol, "above": above})
    assert status == 201, body
    assert body["alert"]["status"] == "fired", body
    return body["alert"]


def subscription_ids(app):
    status, body = app.get("/api/v1/push/subscriptions")
    assert status == 200, body
    return [s["id"] for s in body["subscriptions"]]


def notifications(app, kind="alert"):
    """The bell's list, newest first: of one kind, or all (kind None)."""
    status, body = app.get("/api/v1/notifications")
    assert status == 200, body
    return [n for n in body["notifications"] if kind is None or n["kind"] == kind]


def poll(condition, timeout=30, what="the condition"):
    """Calls condition() until it gives something true; returns that. Fails after `timeout` s."""
    deadline = time.monotonic() + timeout
    while True:
        result = condition()
        if result:
            return result
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} did not hold within {timeout}s")
        time.sleep(0.2)


def test_a_fired_alert_is_pushed_encrypted_and_signed(app, push_service):
    subscription, _ = subscribe(app, push_service)
    status, body = app.get("/api/v1/push/key")
    assert status == 200, body
    key = body["publicKey"]

    fire_alert(app)

    [delivery] = push_service.wait_for(subscription.token, 1)
    assert delivery.problems == []  # decrypted by http_ece; signature, aud, exp and sub verified
    message = delivery.message
    assert set(message) >= {"id", "kind", "title", "body", "url", "tag", "createdAt"}, message
    assert message["kind"] == "alert"
    assert message["url"] == "/stocks/AAPL"
    assert "AAPL" in message["title"] + " " + message["body"], message
    assert delivery.vapid_key == key
    assert delivery.claims["aud"] == push_service.origin
    assert delivery.claims["sub"] == CONTACT
    assert delivery.headers["content-type"] == "application/octet-stream"
    assert int(delivery.headers["ttl"]) > 0
    assert delivery.headers["urgency"] == "high"
    # The push is the notification the bell lists.
    [listed] = poll(lambda: notifications(app), what="the alert's notification in /api/v1/notifications")
    assert str(message["id"]) == str(listed["id"])
    assert (message["title"], message["body"], message["url"]) == (listed["title"], listed["body"], listed["url"])
    assert len(push_service.received(subscription.token)) == 1


def test_a_410_deletes_the_subscription_and_no_other(app, push_service):
    gone, gone_id = subscribe(app, push_service, answers=[410])
    kept, kept_id = subscribe(app, push_service)
    assert sorted(subscription_ids(app)) == sorted([gone_id, kept_id])

    fire_alert(app)

    [refused] = push_service.wait_for(gone.token, 1)
    assert refused.answered == 410 and refused.problems == []
    [delivered] = push_service.wait_for(kept.token, 1)
    assert delivered.problems == [] and delivered.message["kind"] == "alert"
    poll(lambda: gone_id not in subscription_ids(app), what="the 410'd subscription's removal")
    assert subscription_ids(app) == [kept_id]

    # The next push goes to the subscription left, and never again to the one gone.
    fire_alert(app, above="0.02")
    assert len(push_service.wait_for(kept.token, 2)) == 2
    assert len(push_service.received(gone.token)) == 1


def test_a_503_with_retry_after_is_tried_again_after_it(app, push_service):
    subscription, subscription_id = subscribe(app, push_service, answers=[Answer(503, retry_after=1)])

    fire_alert(app)

    first, second = push_service.wait_for(subscription.token, 2, timeout=60)
    assert (first.answered, second.answered) == (503, 201)
    assert first.problems == [] and second.problems == []
    assert second.message["id"] == first.message["id"] and second.message["kind"] == "alert"
    # An ordering check, not a speed test: the second try came after the Retry-After (1 s) had
    # passed since the first (0.9: the app may count from a moment before our clock did).
    assert second.received_at - first.received_at >= 0.9
    assert subscription_ids(app) == [subscription_id]  # a 503 keeps the subscription
    assert len(push_service.received(subscription.token)) == 2


def test_a_push_queued_when_the_app_stops_is_sent_after_it_starts_again(app, push_service):
    """The push service answers 503 (no Retry-After) to every request until the app has
    stopped, so nothing can be delivered before the stop, whenever the app tries and however it
    backs off, and the SIGTERM cannot land between a delivery and the app's record of it. The
    test stops the app (SIGTERM) once the first try has come, which proves the message was
    queued. Only then does the service start accepting (201), and the app is started again on
    the same database. The message must arrive, with the same id, from the restarted app, and
    be delivered once: a second alert fired after the restart is pushed too (so the queue has
    been worked through), and a few seconds later each of the two ids has been delivered
    exactly once (a re-send after the 201, or a second worker on the same queue, shows as a
    second copy)."""
    subscription, subscription_id = subscribe(app, push_service, then=503)
    _, body = app.get("/api/v1/push/key")
    key = body["publicKey"]

    fire_alert(app)

    [first_try] = push_service.wait_for(subscription.token, 1)
    assert first_try.answered == 503 and first_try.problems == []
    queued_id = first_try.message["id"]
    app.stop()
    tries_before_restart = len(push_service.received(subscription.token))
    push_service.answer_from_now_on(subscription.token, 201)
    restarted_at = time.monotonic()
    app.start()

    _, body = app.get("/api/v1/push/key")
    assert body["publicKey"] == key  # the VAPID key is kept in the database
    assert subscription_ids(app) == [subscription_id]
    deliveries = push_service.wait_for(subscription.token, tries_before_restart + 1, timeout=90)
    after = deliveries[tries_before_restart]
    assert after.received_at > restarted_at
    assert after.answered == 201 and after.problems == []
    assert after.message["id"] == queued_id
    assert after.vapid_key == key

    fire_alert(app, above="0.02")

    def delivered_ids():
        return [d.message["id"] for d in push_service.received(subscription.token) if d.delivered]

    poll(lambda: len(set(delivered_ids())) == 2, timeout=60, what="the second alert's push")
    time.sleep(3)  # room for a duplicate to show; a correct app sends nothing more
    assert sorted(delivered_ids()) == sorted(set(delivered_ids())), delivered_ids()
    assert queued_id in delivered_ids()
    assert all(d.problems == [] for d in push_service.received(subscription.token))


def test_a_fill_and_a_cancelled_order_are_pushed_with_their_urgency(app, push_service):
    subscription, _ = subscribe(app, push_service)
    poll(lambda: app.get("/api/v1/book")[1].get("state") == "live", timeout=60, what="the exchange feed going live")

    status, body = app.post("/api/v1/orders", {"side": "buy", "type": "market", "quantity": 1})
    assert status == 201 and body["order"]["status"] == "FILLED", body
    [fill] = push_service.wait_for(subscription.token, 1)
    assert fill.problems == []
    assert (fill.message["kind"], fill.message["url"], fill.headers["urgency"]) == ("fill", "/exchange", "high")

    status, body = app.post("/api/v1/orders", {"side": "buy", "type": "limit", "quantity": 1, "price": "0.01"})
    assert status == 201 and body["order"]["status"] == "PENDING", body
    status, body = app.delete(f"/api/v1/orders/{body['order']['id']}")
    assert status == 200 and body["order"]["status"] == "CANCELLED", body
    _, cancelled = push_service.wait_for(subscription.token, 2)
    assert cancelled.problems == []
    assert (cancelled.message["kind"], cancelled.message["url"], cancelled.headers["urgency"]) == (
        "order", "/exchange", "normal")
    # Resting an order is not pushed: one push for the fill, one for the cancel.
    assert [n["kind"] for n in notifications(app, kind=None)] == ["order", "fill"]
    assert len(push_service.received(subscription.token)) == 2


def test_alerts_turned_off_are_listed_but_not_pushed(app, push_service):
    subscription, _ = subscribe(app, push_service)
    assert app.get("/api/v1/push/settings") == (200, {"alerts": True, "fills": True, "orders": True})
    assert app.put("/api/v1/push/settings", {"alerts": False}) == (200, {"alerts": False, "fills": True, "orders": True})
    assert app.get("/api/v1/push/settings") == (200, {"alerts": False, "fills": True, "orders": True})

    fire_alert(app)
    [silent] = poll(lambda: notifications(app), what="the first alert's notification")

    assert app.put("/api/v1/push/settings", {"alerts": True}) == (200, {"alerts": True, "fills": True, "orders": True})
    fire_alert(app, above="0.02")
    listed = poll(lambda: [n for n in notifications(app) if n["id"] != silent["id"]],
                  what="the second alert's notification")
    assert len(listed) == 1

    # The one push that arrives is the second alert's: the first was not queued for later.
    [delivery] = push_service.wait_for(subscription.token, 1)
    assert delivery.problems == []
    assert str(delivery.message["id"]) == str(listed[0]["id"])
    assert str(delivery.message["id"]) != str(silent["id"])
    assert len(push_service.received(subscription.token)) == 1


def test_a_subscription_is_kept_replaced_and_removed(app, push_service):
    subscription = push_service.subscribe()
    status, body = app.post("/api/v1/push/subscriptions", subscription.to_json())
    assert status == 201, body
    made = body["subscription"]
    assert made["origin"] == push_service.origin and made["createdAt"]
    # The same endpoint again (a browser that subscribes again): the same subscription.
    again = subscription.to_json()
    again["keys"]["auth"] = push_service.subscribe().auth
    status, body = app.post("/api/v1/push/subscriptions", again)
    assert status == 200 and body["subscription"]["id"] == made["id"], body
    assert subscription_ids(app) == [made["id"]]

    endpoint = quote(subscription.endpoint, safe="")
    assert app.delete(f"/api/v1/push/subscriptions?endpoint={endpoint}")[0] == 204
    assert subscription_ids(app) == []
    status, body = app.delete(f"/api/v1/push/subscriptions?endpoint={endpoint}")
    assert status == 404 and body["error"], body


def test_bad_subscriptions_are_400_and_nothing_is_kept(app, push_service):
    good = push_service.subscribe().to_json()
    not_on_the_curve = "BA" + "A" * 85  # 0x04 then 64 zero bytes: the point (0, 0)
    cases = {
        "http on a host that is not loopback": {**good, "endpoint": "http://push.example.com/push/abc"},
        "http on a private address": {**good, "endpoint": "http://10.1.2.3/push/abc"},
        "a p256dh that is not a point on P-256": {**good, "keys": {**good["keys"], "p256dh": not_on_the_curve}},
        "a p256dh that is not base64url": {**good, "keys": {**good["keys"], "p256dh": "not a key!"}},
        "a compressed p256dh": {**good, "keys": {**good["keys"], "p256dh": "Ag" + good["keys"]["p256dh"][2:44]}},
        "an auth of 8 bytes": {**good, "keys": {**good["keys"], "auth": "AAAAAAAAAAA"}},
        "an auth of 17 bytes": {**good, "keys": {**good["keys"], "auth": "A" * 23}},
        "no keys": {"endpoint": good["endpoint"]},
    }
    for case, body in cases.items():
        status, answer = app.post("/api/v1/push/subscriptions", body)
        assert status == 400, (case, status, answer)
        assert isinstance(answer.get("error"), str) and answer["error"], (case, answer)
    assert subscription_ids(app) == []


def test_a_shared_server_never_pushes_to_an_address_inside(shared_app, push_service):
    """SPEC §14: the loopback push service's own endpoint is refused (400, nothing kept); an
    https name that resolves to loopback is kept (a name is checked when sent) but nothing is
    ever sent to it, and the log says why."""
    subscription = push_service.subscribe()
    status, body = shared_app.post("/api/v1/push/subscriptions", subscription.to_json())
    assert status == 400 and "must be https" in body["error"], body
    literal = {**subscription.to_json(), "endpoint": subscription.to_json()["endpoint"].replace("http://", "https://")}
    status, body = shared_app.post("/api/v1/push/subscriptions", literal)
    assert status == 400 and "public addresses only" in body["error"], body
    assert subscription_ids(shared_app) == []

    named = {**literal, "endpoint": literal["endpoint"].replace("127.0.0.1", "localhost")}
    status, body = shared_app.post("/api/v1/push/subscriptions", named)
    assert status == 201, body
    fire_alert(shared_app)
    poll(lambda: notifications(shared_app), what="the alert's notification")
    poll(lambda: "resolves to an address inside" in shared_app.log(), what="the log's word on the refused push")
    assert push_service.received(subscription.token) == []
    assert "localhost" in shared_app.log() and subscription.token not in shared_app.log()
