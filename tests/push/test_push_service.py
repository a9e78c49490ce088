"""The test push service (push_service.py) against itself: messages made with http_ece and signed
with py_vapid, as a real application server would make them, are decrypted and verified; each
thing wrong with one is found; the planned answers are given in order. The end-to-end tests
(test_push_delivery.py) can only fail for the app's faults if these pass."""

import json
import time
import urllib.error
import urllib.request

import http_ece
import py_vapid
import pytest
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import jwt as vapid_jwt

from push_service import Answer, PushService, b64url_decode, b64url_encode, uncompressed_point

MESSAGE = {"id": "7", "kind": "alert", "title": "AAPL at or above 0.01", "body": "AAPL is at 138.94",
           "url": "/stocks/AAPL", "tag": "alert-7", "createdAt": "2026-11-26T01:05:58Z"}


@pytest.fixture
def service():
    with PushService() as push_service:
        yield push_service


@pytest.fixture(scope="module")
def vapid():
    key = py_vapid.Vapid02()
    key.generate_keys()
    return key


def encrypt(subscription, payload):
    """What an application server sends: aes128gcm with a fresh sender key (RFC 8291)."""
    sender = ec.generate_private_key(ec.SECP256R1())
    return http_ece.encrypt(payload, private_key=sender, dh=b64url_decode(subscription.p256dh),
                            auth_secret=subscription.auth_secret, version="aes128gcm")


def authorization(vapid, audience, expiry=None, subject="mailto:ops@example.org"):
    claims = {"aud": audience, "sub": subject, "exp": expiry or int(time.time()) + 12 * 3600}
    return vapid.sign(claims)["Authorization"]


def post(subscription, body, headers):
    request = urllib.request.Request(subscription.endpoint, data=body, method="POST", headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, dict(response.headers)
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers)


def push(service, subscription, vapid, message=MESSAGE, **overrides):
    """Posts one message as the app would; `overrides` replace headers (None removes one)."""
    headers = {
        "Content-Encoding": "aes128gcm",
        "Content-Type": "application/octet-stream",
        "TTL": "86400",
        "Urgency": "high",
        "Authorization": authorization(vapid, service.origin),
    }
    body = overrides.pop("body", None) or encrypt(subscription, json.dumps(message).encode())
    for name, value in overrides.items():
        headers.pop(name, None)
        if value is not None:
            headers[name] = value
    return post(subscription, body, headers)


def test_a_good_message_decrypts_and_verifies(service, vapid):
    subscription = service.subscribe()
    status, headers = push(service, subscription, vapid)
    assert status == 201
    assert headers["Location"].startswith(service.origin + "/message/")
    [delivery] = service.received(subscription.token)
    assert delivery.problems == []
    assert delivery.message == MESSAGE
    assert delivery.delivered
    assert delivery.claims["aud"] == service.origin
    assert delivery.claims["sub"] == "mailto:ops@example.org"
    assert delivery.vapid_key == b64url_encode(uncompressed_point(vapid.public_key))
    assert delivery.headers["ttl"] == "86400" and delivery.headers["urgency"] == "high"


def test_the_subscription_json_is_what_a_browser_gives(service):
    subscription = service.subscribe()
    data = subscription.to_json()
    assert data["endpoint"] == "%s/push/%s" % (service.origin, subscription.token)
    assert data["expirationTime"] is None
    assert len(b64url_decode(data["keys"]["p256dh"])) == 65 and b64url_decode(data["keys"]["p256dh"])[0] == 4
    assert len(b64url_decode(data["keys"]["auth"])) == 16
    assert "=" not in data["keys"]["p256dh"] + data["keys"]["auth"]


@pytest.mark.parametrize("case, overrides, problem", [
    ("another encoding", {"Content-Encoding": "aesgcm"}, "Content-Encoding"),
    ("no TTL", {"TTL": None}, "TTL"),
    ("a TTL that is no number", {"TTL": "1 day"}, "TTL"),
    ("an unknown urgency", {"Urgency": "urgent"}, "Urgency"),
    ("no Authorization", {"Authorization": None}, "no Authorization"),
    ("the WebPush draft's scheme", {"Authorization": "WebPush abc.def.ghi"}, "scheme"),
])
def test_a_bad_header_is_found(service, vapid, case, overrides, problem):
    subscription = service.subscribe()
    push(service, subscription, vapid, **overrides)
    [delivery] = service.received(subscription.token)
    assert any(problem in p for p in delivery.problems), (case, delivery.problems)


def test_a_body_for_another_subscriber_does_not_decrypt(service, vapid):
    subscription, other = service.subscribe(), service.subscribe()
    push(service, subscription, vapid, body=encrypt(other, b'{"id": "1"}'))
    [delivery] = service.received(subscription.token)
    assert delivery.payload is None
    assert any("could not decrypt" in p for p in delivery.problems)


def test_a_changed_body_does_not_decrypt(service, vapid):
    subscription = service.subscribe()
    body = bytearray(encrypt(subscription, json.dumps(MESSAGE).encode()))
    body[-1] ^= 1  # the tag
    push(service, subscription, vapid, body=bytes(body))
    [delivery] = service.received(subscription.token)
    assert any("could not decrypt" in p for p in delivery.problems)


def test_a_signature_by_another_key_does_not_verify(service, vapid):
    subscription = service.subscribe()
    other = py_vapid.Vapid02()
    other.generate_keys()
    token = authorization(other, service.origin).split("t=")[1].split(",")[0]
    key = b64url_encode(uncompressed_point(vapid.public_key))
    push(service, subscription, vapid, Authorization="vapid t=%s, k=%s" % (token, key))
    [delivery] = service.received(subscription.token)
    assert delivery.problems == ["the ES256 signature does not verify with k"]
    assert delivery.claims is None


def test_changed_claims_do_not_verify(service, vapid):
    subscription = service.subscribe()
    header, claims, signature = authorization(vapid, service.origin).split("t=")[1].split(",")[0].split(".")
    forged = b64url_encode(json.dumps({"aud": service.origin, "sub": "mailto:x@example.org",
                                       "exp": int(time.time()) + 60}).encode())
    key = b64url_encode(uncompressed_point(vapid.public_key))
    push(service, subscription, vapid, Authorization="vapid t=%s.%s.%s, k=%s" % (header, forged, signature, key))
    [delivery] = service.received(subscription.token)
    assert delivery.problems == ["the ES256 signature does not verify with k"]


@pytest.mark.parametrize("case, claims, problem", [
    ("another origin", {"aud": "http://127.0.0.1:1"}, "aud"),
    ("the endpoint, not its origin", {"aud": "ENDPOINT"}, "aud"),
    ("expired", {"exp": -10}, "not in the future"),
    ("more than 24 h ahead", {"exp": 24 * 3600 + 120}, "more than 24 h"),
    ("exp not an integer", {"exp": "tomorrow"}, "not an integer"),
    ("a subject that is no URI", {"sub": "ops@example.org"}, "sub"),
])
def test_bad_claims_are_found(service, vapid, case, claims, problem):
    subscription = service.subscribe()
    full = {"aud": service.origin, "sub": "mailto:ops@example.org", "exp": int(time.time()) + 3600}
    full.update(claims)
    if full["aud"] == "ENDPOINT":
        full["aud"] = subscription.endpoint
    if isinstance(full["exp"], int) and full["exp"] < 10**9:
        full["exp"] += int(time.time())
    # py_vapid's sign() refuses a bad subject; its jwt.sign() signs whatever it is given.
    token = vapid_jwt.sign(full, vapid.private_key)
    key = b64url_encode(uncompressed_point(vapid.public_key))
    push(service, subscription, vapid, Authorization="vapid t=%s, k=%s" % (token, key))
    [delivery] = service.received(subscription.token)
    assert len(delivery.problems) == 1 and problem in delivery.problems[0], (case, delivery.problems)


def test_the_planned_answers_are_given_in_order_then_201(service, vapid):
    subscription = service.subscribe(answers=[Answer(503, retry_after=1), 410])
    service.plan(subscription.token, [429])
    statuses = [push(service, subscription, vapid) for _ in range(4)]
    assert [status for status, _ in statuses] == [503, 410, 429, 201]
    assert statuses[0][1]["Retry-After"] == "1"
    assert "Retry-After" not in statuses[1][1]
    deliveries = service.received(subscription.token)
    assert [d.answered for d in deliveries] == [503, 410, 429, 201]
    assert [d.delivered for d in deliveries] == [False, False, False, True]
    assert all(d.problems == [] for d in deliveries)
    assert deliveries[0].received_at <= deliveries[3].received_at


def test_wait_for_returns_once_enough_came_and_says_what_came_when_not(service, vapid):
    subscription = service.subscribe()
    push(service, subscription, vapid)
    assert len(service.wait_for(subscription.token, 1, timeout=1)) == 1
    with pytest.raises(TimeoutError, match="expected within 0.2s, got 1"):
        service.wait_for(subscription.token, 2, timeout=0.2)


def test_an_unknown_endpoint_is_404(service, vapid):
    subscription = service.subscribe()
    subscription.endpoint = service.origin + "/push/nobody"
    status, _ = push(service, subscription, vapid)
    assert status == 404
    assert [path for path, _ in service.unknown] == ["/push/nobody"]


def test_the_default_answer_can_change(service, vapid):
    subscription = service.subscribe(answers=[410], then=503)
    assert [push(service, subscription, vapid)[0] for _ in range(3)] == [410, 503, 503]
    service.plan(subscription.token, [429])
    service.answer_from_now_on(subscription.token, 202)
    assert [push(service, subscription, vapid)[0] for _ in range(2)] == [202, 202]
