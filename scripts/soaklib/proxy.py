"""The upstream's mode (healthy, down, slow, garbled, in turn) and the two proxies that play it:
one in front of the stand-in market (HTTP), one in front of the stand-in feed (WebSocket frames)."""

import asyncio
import collections
import http.client
import threading
import time

from .common import SCHEDULE, SLOW_SECONDS, log

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
