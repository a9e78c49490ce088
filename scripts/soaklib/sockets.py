"""The exchange screens: clients on /exchange/ws that read every message until the end, and
reconnect (each loss counted) when a socket is lost."""

import asyncio
import base64
import collections
import json
import os


def start_sockets(server, count):
    """`count` socket clients; returns (their tasks, the stop event, stats)."""
    stats = {"connects": 0, "disconnects": 0, "refused": 0, "types": collections.Counter(), "reasons": collections.Counter(),
             "per_client": [0] * count}
    stop = asyncio.Event()
    clients = [asyncio.create_task(socket_client(server, stop, stats, i)) for i in range(count)]
    return clients, stop, stats


async def stop_sockets(clients, stop):
    stop.set()
    for client in clients:
        client.cancel()
    await asyncio.gather(*clients, return_exceptions=True)


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
