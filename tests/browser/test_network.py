"""`bourse serve` on the network, seen from a raw socket: every malformed request gets an
answer and then the connection closes (a body that cannot be parsed too, at once, not after the
idle timeout); a request for another host gets 421; an idle connection
is closed after `--idle-timeout`, a head that trickles in after `--head-timeout`; and with few
file descriptors, idle connections cannot lock the app out for longer than the idle timeout.

Only bounds are checked ("closed within a generous time"), never how fast.
"""
import contextlib
import json
import os
import re
import resource
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from conftest import bourse_binary, free_port, wait_for_health

# How long a test waits for what should take a second or two.
GENEROUS = 15


@contextlib.contextmanager
def serve(*arguments, preexec_fn=None):
    """`bourse serve` on a free loopback port with `arguments`; yields its port."""
    workdir = Path(tempfile.mkdtemp(prefix="bourse-network-"))
    port = free_port()
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("POLYGON_", "MASSIVE_", "BOURSE_"))}
    log = open(workdir / "server.log", "w+")
    process = subprocess.Popen(
        [str(bourse_binary()), "serve", "--port", str(port), "--database", str(workdir / "bourse.sqlite"), *arguments],
        stdout=log, stderr=subprocess.STDOUT, env=environment, cwd=workdir, preexec_fn=preexec_fn)
    try:
        wait_for_health(f"http://127.0.0.1:{port}", process, log)
        yield port
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()
        shutil.rmtree(workdir, ignore_errors=True)


@pytest.fixture(scope="module")
def port():
    with serve() as port:
        yield port


def exchange(port, data, limit=GENEROUS):
    """Sends `data` on a new connection and reads until the server closes it; returns what it
    sent and whether it closed within `limit` seconds."""
    with socket.create_connection(("127.0.0.1", port), timeout=limit) as connection:
        with contextlib.suppress(OSError):  # the server may answer and close before all is sent
            connection.sendall(data)
        received = b""
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            try:
                chunk = connection.recv(65536)
            except socket.timeout:
                break
            except ConnectionResetError:
                return received, True
            if not chunk:
                return received, True
            received += chunk
        return received, False


def statuses(received):
    """The status codes of the responses in `received`, in order (a response's status line
    follows the previous response's body directly)."""
    return [int(code) for code in re.findall(rb"HTTP/1\.1 (\d{3}) ", received)]


HOST = b"Host: 127.0.0.1\r\n"
ORDER = json.dumps({"side": "buy", "type": "market", "quantity": 10}).encode()


def chunked(path, body, method=b"POST", codings=b"chunked"):
    """A request for `path` whose `body` (bytes, as sent) is in `codings`."""
    return (method + b" " + path + b" HTTP/1.1\r\n" + HOST + b"Content-Type: application/json\r\n"
            b"Transfer-Encoding: " + codings + b"\r\n\r\n" + body)


def chunk(data):
    return b"%x\r\n%s\r\n" % (len(data), data)


MALFORMED = {
    "raw UTF-8 in the target": (b"GET /search?q=\xc3\xa9 HTTP/1.1\r\n" + HOST + b"\r\n", 400),
    "a raw space in the target": (b"GET /search?q=a b HTTP/1.1\r\n" + HOST + b"\r\n", 400),
    "a control character in the target": (b"GET /search?q=a\x01b HTTP/1.1\r\n" + HOST + b"\r\n", 400),
    "a tab in the target": (b"GET /search?q=a\tb HTTP/1.1\r\n" + HOST + b"\r\n", 400),
    "HTTP/9.9": (b"GET / HTTP/9.9\r\n" + HOST + b"\r\n", 505),
    "a head over 80 KB": (b"GET / HTTP/1.1\r\n" + HOST + b"X-Pad: " + b"a" * 90_000 + b"\r\n\r\n", 431),
    "a target over 8 KB": (b"GET /" + b"a" * 70_000 + b" HTTP/1.1\r\n" + HOST + b"\r\n", 414),
    "a target over 80 KB": (b"GET /" + b"a" * 100_000 + b" HTTP/1.1\r\n" + HOST + b"\r\n", 431),
    "not HTTP at all": (b"hello there\r\n\r\n", 400),
    "a bad header name": (b"GET / HTTP/1.1\r\n" + HOST + b"Bad Header: x\r\n\r\n", 400),
    "a bad Content-Length": (b"POST /api/v1/orders HTTP/1.1\r\n" + HOST + b"Content-Length: abc\r\n\r\n", 400),
    "no Host": (b"GET /api/v1/health HTTP/1.1\r\n\r\n", 400),
    "a malformed upgrade": (b"GET /exchange/ws HTTP/9.9\r\n" + HOST + b"Upgrade: websocket\r\n\r\n", 505),
    # The first chunk is a whole order; the parser fails on what follows, after the head went on.
    "a bad chunk size": (chunked(b"/api/v1/orders", chunk(ORDER) + b"zz\r\n\r\n"), 400),
    "an unknown transfer coding": (chunked(b"/api/v1/orders", chunk(ORDER) + b"0\r\n\r\n", codings=b"gzip, chunked"), 501),
    "bare LF line ends": (b"GET /api/v1/health HTTP/1.1\n" + HOST[:-2] + b"\n\n", 400),
}


@pytest.mark.parametrize("request_bytes,status", MALFORMED.values(), ids=MALFORMED.keys())
def test_a_malformed_request_gets_an_answer_then_the_connection_closes(port, request_bytes, status):
    received, closed = exchange(port, request_bytes)
    assert statuses(received) == [status], received[:300]
    head, _, body = received.partition(b"\r\n\r\n")
    assert b"\r\nConnection: close" in head
    assert b"\r\nX-Content-Type-Options: nosniff" in head
    assert "error" in json.loads(body)
    assert len(body) < 500  # no echo of a 70,000-byte target
    assert closed


def test_a_malformed_request_after_a_good_one_is_answered_in_turn(port):
    received, closed = exchange(port, b"GET /api/v1/health HTTP/1.1\r\n" + HOST + b"\r\nGET / HTTP/9.9\r\n" + HOST + b"\r\n")
    assert statuses(received) == [200, 505]
    assert closed


def test_a_body_that_fails_to_parse_places_no_order_and_a_good_chunked_body_is_read(port):
    for body, codings in [(chunk(ORDER) + b"zz\r\n\r\n", b"chunked"), (chunk(ORDER) + b"0\r\n\r\n", b"gzip, chunked")]:
        received, closed = exchange(port, chunked(b"/api/v1/orders", body, codings=codings))
        assert statuses(received) in ([400], [501]) and closed
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v1/orders?status=all", timeout=GENEROUS) as response:
        assert json.load(response)["orders"] == []

    symbols = json.dumps({"symbols": ["AAPL", "MSFT"]}).encode()
    received, _ = exchange(
        port, chunked(b"/api/v1/watchlist", chunk(symbols[:9]) + chunk(symbols[9:]) + b"0\r\n\r\n", method=b"PUT")
        + b"GET /api/v1/health HTTP/1.1\r\n" + HOST + b"Connection: close\r\n\r\n")
    assert statuses(received) == [200, 200], received[:300]
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v1/watchlist", timeout=GENEROUS) as response:
        assert json.load(response)["symbols"] == ["AAPL", "MSFT"]


def test_another_sites_host_gets_421_and_no_order_is_placed(port):
    order = json.dumps({"side": "buy", "type": "market", "quantity": 10}).encode()
    received, closed = exchange(
        port, b"POST /api/v1/orders HTTP/1.1\r\nHost: evil.example:%d\r\nContent-Type: application/json\r\n"
        b"Content-Length: %d\r\n\r\n%s" % (port, len(order), order))
    assert statuses(received) == [421]
    assert closed
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v1/orders", timeout=GENEROUS) as response:
        assert json.load(response)["orders"] == []


def wait_closed(connection, limit):
    """Seconds until the server closes `connection` (reading and dropping what it sends), or
    None if it is still open after `limit`."""
    start = time.monotonic()
    connection.settimeout(0.5)
    while time.monotonic() - start < limit:
        try:
            if not connection.recv(65536):
                return time.monotonic() - start
        except socket.timeout:
            continue
        except ConnectionResetError:
            return time.monotonic() - start
    return None


def test_idle_connections_are_closed_after_the_idle_timeout():
    with serve("--idle-timeout", "2", "--head-timeout", "3") as port:
        silent = socket.create_connection(("127.0.0.1", port))
        kept_alive = socket.create_connection(("127.0.0.1", port))
        kept_alive.sendall(b"GET /api/v1/health HTTP/1.1\r\n" + HOST + b"\r\n")
        control = socket.create_connection(("127.0.0.1", port))
        with silent, kept_alive, control:
            assert wait_closed(silent, GENEROUS) is not None
            assert wait_closed(kept_alive, GENEROUS) is not None


def test_a_head_that_trickles_in_gets_408_after_the_head_timeout():
    with serve("--idle-timeout", "30", "--head-timeout", "2") as port:
        with socket.create_connection(("127.0.0.1", port)) as connection:
            connection.sendall(b"GET /api/v1/health HTTP/1.1\r\n")
            received = b""
            deadline = time.monotonic() + GENEROUS
            connection.settimeout(0.5)
            closed = False
            while time.monotonic() < deadline and not closed:
                with contextlib.suppress(OSError):
                    connection.sendall(b"X-Slow: 1\r\n")  # one header a half second: never a whole head
                try:
                    chunk = connection.recv(65536)
                    received += chunk
                    closed = not chunk
                except socket.timeout:
                    pass
                except ConnectionResetError:
                    closed = True
            assert statuses(received) == [408]
            assert closed


def lower_open_files():
    resource.setrlimit(resource.RLIMIT_NOFILE, (256, 256))


def test_with_few_file_descriptors_idle_connections_lock_the_app_out_only_until_the_idle_timeout():
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 4096), hard))  # this test holds 400 sockets
    idle = []
    try:
        with serve("--idle-timeout", "3", preexec_fn=lower_open_files) as port:
            for _ in range(400):  # more than the app may open
                connection = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
                connection.setblocking(False)
                connection.connect_ex(("127.0.0.1", port))
                idle.append(connection)
            deadline = time.monotonic() + 90
            answered = False
            while time.monotonic() < deadline and not answered:
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v1/health", timeout=3) as response:
                        answered = response.status == 200
                except (urllib.error.URLError, OSError):
                    time.sleep(0.5)
            assert answered, "the app never answered again once its idle connections timed out"
    finally:
        for connection in idle:
            connection.close()
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def test_tls_options_go_together_and_a_missing_file_is_refused_in_words(tmp_path):
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("POLYGON_", "MASSIVE_", "BOURSE_"))}
    alone = subprocess.run(
        [str(bourse_binary()), "serve", "--port", str(free_port()), "--database", str(tmp_path / "b.sqlite"),
         "--tls-cert", str(tmp_path / "cert.pem")],
        env=environment, capture_output=True, text=True, timeout=60)
    assert alone.returncode == 64
    assert "--tls-cert and --tls-key go together" in alone.stderr
    missing = subprocess.run(
        [str(bourse_binary()), "serve", "--port", str(free_port()), "--database", str(tmp_path / "b.sqlite"),
         "--tls-cert", str(tmp_path / "cert.pem"), "--tls-key", str(tmp_path / "key.pem")],
        env=environment, capture_output=True, text=True, timeout=60)
    assert missing.returncode == 64
    assert f"--tls-cert {tmp_path / 'cert.pem'}: no such file" in missing.stderr


def test_serve_over_https_with_a_certificate(tmp_path):
    import ssl

    import websocket

    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost", "-days", "1",
         "-keyout", str(tmp_path / "key.pem"), "-out", str(tmp_path / "cert.pem")],
        check=True, capture_output=True, timeout=60)
    workdir = tmp_path / "app"
    workdir.mkdir()
    port = free_port()
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("POLYGON_", "MASSIVE_", "BOURSE_"))}
    log = open(workdir / "server.log", "w+")
    process = subprocess.Popen(
        [str(bourse_binary()), "serve", "--port", str(port), "--database", str(workdir / "bourse.sqlite"),
         "--tls-cert", str(tmp_path / "cert.pem"), "--tls-key", str(tmp_path / "key.pem")],
        stdout=log, stderr=subprocess.STDOUT, env=environment)
    unverified = ssl._create_unverified_context()
    try:
        deadline = time.monotonic() + 60
        health = None
        while time.monotonic() < deadline and health is None:
            assert process.poll() is None, "bourse serve exited"
            try:
                health = urllib.request.urlopen(f"https://localhost:{port}/api/v1/health", context=unverified, timeout=2)
            except (urllib.error.URLError, OSError):
                time.sleep(0.3)
        assert health is not None and health.status == 200
        assert health.headers["Strict-Transport-Security"] == "max-age=31536000"
        log.seek(0)
        assert f"Bourse is running at https://127.0.0.1:{port}" in log.read()

        screen = websocket.create_connection(
            f"wss://localhost:{port}/exchange/ws", timeout=10, sslopt={"cert_reqs": ssl.CERT_NONE},
            origin=f"https://localhost:{port}")
        try:
            assert json.loads(screen.recv())["type"] == "snapshot"
        finally:
            screen.close()
        with pytest.raises(websocket.WebSocketBadStatusException):
            websocket.create_connection(
                f"wss://localhost:{port}/exchange/ws", timeout=10, sslopt={"cert_reqs": ssl.CERT_NONE},
                origin=f"http://localhost:{port}")
    finally:
        process.terminate()
        process.wait(timeout=10)
        log.close()
