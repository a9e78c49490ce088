"""A push service on loopback (the receiving side of RFC 8030) for testing the app's Web Push.

It plays the browser vendor's push service and the browser at once: it makes subscriptions (a
P-256 key pair and a 16-byte auth secret, as a user agent does), hands out their
`PushSubscription.toJSON()` with an endpoint on itself, and checks every message the app posts
to an endpoint with implementations that owe nothing to the app's:

- the body is decrypted with Python's `http_ece` (RFC 8188 `aes128gcm`, RFC 8291 keys) using the
  subscription's private key and auth secret;
- the `Authorization: vapid t=<JWT>, k=<key>` header (RFC 8292) is verified with `cryptography`:
  the JWT's ES256 signature (JOSE's raw r || s, turned into DER) against the `k` key, its header
  `alg` ES256, `aud` this service's origin, `exp` in the future and at most 24 hours after the
  request, `sub` a `mailto:` or `https:` URI;
- `TTL` (RFC 8030 §5.2) is a non-negative integer and `Urgency` (§5.3) one of its four values.

It answers each request with what the test planned for that subscription (a queue of answers,
e.g. `[Answer(503, retry_after=1), 410]`, then 201 or another default for everything after),
and keeps a `Delivery` per request: the time it came, its headers, the decrypted payload, the
problems found (none when every check passed) and the status answered. `wait_for(token, count)`
blocks until a subscription has received that many.

    with PushService() as service:
        subscription = service.subscribe(answers=[410])
        ...  # POST subscription.to_json() to the app, make it push
        [delivery] = service.wait_for(subscription.token, 1)
        assert delivery.problems == [] and delivery.message["kind"] == "alert"

Only 127.0.0.1 is ever listened on or sent to.
"""

import base64
import json
import os
import secrets
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, utils

URGENCIES = ("very-low", "low", "normal", "high")
MAX_EXPIRY_SECONDS = 24 * 60 * 60  # RFC 8292 §2: exp no more than 24 hours after the request


def b64url_decode(text):
    """base64url with or without padding (RFC 4648 §5); raises ValueError on anything else."""
    if not isinstance(text, str) or any(c in text for c in "+/"):
        raise ValueError("not base64url: %r" % (text,))
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def b64url_encode(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def uncompressed_point(public_key):
    return public_key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)


@dataclass(frozen=True)
class Answer:
    """What the service answers one push request with: a status and, for 429/503, an optional
    Retry-After in seconds."""
    status: int
    retry_after: int | None = None

    @staticmethod
    def of(value):
        return value if isinstance(value, Answer) else Answer(int(value))


@dataclass
class Subscription:
    """One user agent's subscription: its keys are made here, as a browser makes them."""
    token: str
    endpoint: str
    private_key: ec.EllipticCurvePrivateKey
    auth_secret: bytes

    @property
    def p256dh(self):
        return b64url_encode(uncompressed_point(self.private_key.public_key()))

    @property
    def auth(self):
        return b64url_encode(self.auth_secret)

    def to_json(self):
        """What the browser's `PushSubscription.toJSON()` gives, for POST /api/v1/push/subscriptions."""
        return {"endpoint": self.endpoint, "expirationTime": None, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


@dataclass
class Delivery:
    """One push request as received and judged."""
    token: str
    received_at: float  # time.monotonic() when the request was read
    received_wall: float  # time.time() at the same moment (for exp)
    headers: dict  # lower-case name -> value
    body: bytes
    answered: int = 0
    payload: bytes | None = None  # the decrypted body
    message: dict | None = None  # the payload as JSON
    claims: dict | None = None  # the VAPID JWT's claims, once its signature verified
    vapid_key: str | None = None  # the k= parameter
    problems: list = field(default_factory=list)  # empty when every check passed

    @property
    def delivered(self):
        """Whether the service accepted it (a 2xx answer)."""
        return 200 <= self.answered < 300


class PushService:
    """A push service on 127.0.0.1 (a ThreadingHTTPServer in a thread). Use as a context manager
    or call close()."""

    def __init__(self):
        self._lock = threading.Condition()
        self._subscriptions = {}  # token -> Subscription
        self._answers = {}  # token -> [Answer] still to give
        self._defaults = {}  # token -> the Answer once those are given
        self._deliveries = {}  # token -> [Delivery]
        self.unknown = []  # (path, headers) of requests to no subscription (answered 404)
        service = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self):
                service._handle(self)

            def log_message(self, *arguments):
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self.port = self._server.server_address[1]
        self.origin = "http://127.0.0.1:%d" % self.port
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.05,), name="push-service", daemon=True)
        self._thread.start()

    def __enter__(self):
        return self

    def __exit__(self, *exception):
        self.close()

    def close(self):
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    # The test's side.

    def subscribe(self, answers=(), then=201):
        """A new subscription, whose first requests get `answers` (statuses or `Answer`s) in
        order, and `then` after them."""
        token = secrets.token_urlsafe(16)
        subscription = Subscription(
            token=token,
            endpoint="%s/push/%s" % (self.origin, token),
            private_key=ec.generate_private_key(ec.SECP256R1()),
            auth_secret=os.urandom(16),
        )
        with self._lock:
            self._subscriptions[token] = subscription
            self._answers[token] = [Answer.of(a) for a in answers]
            self._defaults[token] = Answer.of(then)
            self._deliveries[token] = []
        return subscription

    def plan(self, token, answers):
        """Adds `answers` to the ones a subscription's next requests get."""
        with self._lock:
            self._answers[token].extend(Answer.of(a) for a in answers)

    def answer_from_now_on(self, token, answer):
        """Drops the answers still planned for a subscription: every request from now on gets
        `answer`."""
        with self._lock:
            self._answers[token] = []
            self._defaults[token] = Answer.of(answer)

    def received(self, token):
        """The requests a subscription has received so far, oldest first."""
        with self._lock:
            return list(self._deliveries[token])

    def wait_for(self, token, count, timeout=30):
        """Blocks until the subscription has received at least `count` requests; returns them
        all. Raises TimeoutError (saying what did come) when they do not within `timeout` s."""
        deadline = time.monotonic() + timeout
        with self._lock:
            while len(self._deliveries[token]) < count:
                left = deadline - time.monotonic()
                if left <= 0:
                    got = [(d.answered, d.message, d.problems) for d in self._deliveries[token]]
                    raise TimeoutError("%d push request(s) expected within %ss, got %d: %r"
                                       % (count, timeout, len(got), got))
                self._lock.wait(left)
            return list(self._deliveries[token])

    # The app's side.

    def _handle(self, request):
        now, wall = time.monotonic(), time.time()
        body = read_body(request)
        headers = {name.lower(): value for name, value in request.headers.items()}
        prefix = "/push/"
        token = request.path[len(prefix):] if request.path.startswith(prefix) else None
        with self._lock:
            subscription = self._subscriptions.get(token)
            if subscription is None:
                self.unknown.append((request.path, headers))
                answer = Answer(404)
            else:
                planned = self._answers[token]
                answer = planned.pop(0) if planned else self._defaults[token]
        if subscription is not None:
            delivery = Delivery(token=token, received_at=now, received_wall=wall, headers=headers, body=body,
                                answered=answer.status)
            check(delivery, subscription, self.origin)
            with self._lock:
                self._deliveries[token].append(delivery)
                self._lock.notify_all()
        request.send_response(answer.status)
        if answer.retry_after is not None:
            request.send_header("Retry-After", str(answer.retry_after))
        if answer.status == 201:
            request.send_header("Location", "%s/message/%s" % (self.origin, secrets.token_urlsafe(8)))
        request.send_header("Content-Length", "0")
        request.end_headers()


def read_body(request):
    """The request's body, sent with a Content-Length or chunked."""
    if request.headers.get("Transfer-Encoding", "").lower() == "chunked":
        body = b""
        while True:
            size = int(request.rfile.readline().split(b";")[0].strip(), 16)
            if size == 0:
                while request.rfile.readline() not in (b"\r\n", b"\n", b""):
                    pass  # trailers
                return body
            body += request.rfile.read(size)
            request.rfile.readline()
    return request.rfile.read(int(request.headers.get("Content-Length") or 0))


def check(delivery, subscription, origin):
    """Fills in `delivery`'s payload, message, claims and problems."""
    problems = delivery.problems
    headers = delivery.headers
    if headers.get("content-encoding") != "aes128gcm":
        problems.append("Content-Encoding is %r, not aes128gcm" % headers.get("content-encoding"))
    try:
        delivery.payload = http_ece.decrypt(delivery.body, private_key=subscription.private_key,
                                            auth_secret=subscription.auth_secret, version="aes128gcm")
    except Exception as error:  # http_ece raises ECEException, struct.error, ValueError...
        problems.append("http_ece could not decrypt the body: %s: %s" % (type(error).__name__, error))
    if delivery.payload is not None:
        try:
            delivery.message = json.loads(delivery.payload.decode("utf-8"))
        except ValueError as error:
            problems.append("the payload is not UTF-8 JSON: %s" % error)
    ttl = headers.get("ttl")
    if ttl is None or not ttl.isdigit():
        problems.append("TTL is %r, not a number of seconds" % ttl)
    urgency = headers.get("urgency")
    if urgency is not None and urgency not in URGENCIES:
        problems.append("Urgency is %r, not one of %s" % (urgency, URGENCIES))
    problems.extend(check_vapid(delivery, origin))


def check_vapid(delivery, origin):
    """The problems with the request's VAPID Authorization (RFC 8292); sets claims and vapid_key."""
    header = delivery.headers.get("authorization")
    if header is None:
        return ["no Authorization header"]
    scheme, _, parameters = header.partition(" ")
    if scheme.lower() != "vapid":
        return ["the Authorization scheme is %r, not vapid" % scheme]
    values = {}
    for part in parameters.split(","):
        name, equals, value = part.strip().partition("=")
        if not equals:
            return ["the Authorization parameter %r has no value" % part]
        values[name] = value
    if set(values) != {"t", "k"}:
        return ["the Authorization parameters are %s, not t and k" % sorted(values)]
    token, key = values["t"], values["k"]
    delivery.vapid_key = key
    try:
        key_bytes = b64url_decode(key)
        if len(key_bytes) != 65 or key_bytes[0] != 4:
            return ["k is not a 65-byte uncompressed point"]
        public_key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), key_bytes)
    except ValueError as error:
        return ["k is not a P-256 public key: %s" % error]
    parts = token.split(".")
    if len(parts) != 3:
        return ["the JWT has %d parts, not 3" % len(parts)]
    try:
        jose_header = json.loads(b64url_decode(parts[0]))
        claims = json.loads(b64url_decode(parts[1]))
        signature = b64url_decode(parts[2])
    except ValueError as error:
        return ["the JWT does not decode: %s" % error]
    problems = []
    if not isinstance(jose_header, dict) or jose_header.get("alg") != "ES256":
        problems.append("the JWT header is %r, not alg ES256" % (jose_header,))
    elif jose_header.get("typ", "JWT") != "JWT":
        problems.append("the JWT header's typ is %r" % jose_header["typ"])
    if len(signature) != 64:
        return problems + ["the signature is %d bytes, not JOSE's 64 (r || s)" % len(signature)]
    der = utils.encode_dss_signature(int.from_bytes(signature[:32], "big"), int.from_bytes(signature[32:], "big"))
    try:
        public_key.verify(der, (parts[0] + "." + parts[1]).encode("ascii"), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature:
        return problems + ["the ES256 signature does not verify with k"]
    if not isinstance(claims, dict):
        return problems + ["the claims are %r, not an object" % (claims,)]
    delivery.claims = claims
    if claims.get("aud") != origin:
        problems.append("aud is %r, not the push service's origin %s" % (claims.get("aud"), origin))
    expiry = claims.get("exp")
    if not isinstance(expiry, int) or isinstance(expiry, bool):
        problems.append("exp is %r, not an integer" % (expiry,))
    elif expiry <= delivery.received_wall:
        problems.append("exp %d is not in the future (the request came at %.3f)" % (expiry, delivery.received_wall))
    elif expiry > delivery.received_wall + MAX_EXPIRY_SECONDS:
        problems.append("exp %d is more than 24 h after the request (%.3f)" % (expiry, delivery.received_wall))
    subject = claims.get("sub")
    if not isinstance(subject, str) or not subject.startswith(("mailto:", "https:")):
        problems.append("sub is %r, not a mailto: or https: URI" % (subject,))
    return problems
