"""The server as the kernel and its /metrics see it: resident memory, open files, threads and the
live heap, sampled every SAMPLE_EVERY seconds through the run."""

import asyncio
import collections
import os
import re
import time

from .common import SAMPLE_EVERY, log
from .metrics import parse_metrics


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


def idle_sample(pid):
    """A process sample with its open files by kind (`fd_kinds`), taken while no client is connected."""
    return dict(process_sample(pid), kinds=fd_kinds(pid))


async def sample_during(server_process, server, upstream, t0, seconds, order_stats, ws_stats, failures):
    """Samples the server from t0 every SAMPLE_EVERY seconds until the load ends (a line printed
    each minute, and at the end); a server that exits is a failure and ends the sampling.
    Returns (samples, the start sample: the first after a minute or a quarter of the run, the
    end sample: the last)."""
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
    return samples, start_sample, end_sample
