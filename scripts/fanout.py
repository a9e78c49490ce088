"""Ten thousand screens on one feed: N WebSocket clients on `/exchange/ws` of one `bourse serve` (the
embedded simulated feed at --rate ticks a second), then the same N clients on a plain SwiftNIO
WebSocket server sending the same ticks at the same rate (the baseline), in the same run.

Each side is measured the same way: the server's resident memory with no socket and with N (the
clients send nothing; ticks flow), then a window of --seconds in which every client checks that it
gets every tick in order (gaps and reorderings in `seq`) and times each one (now minus the tick's
`time`, the same wall clock; `time` has millisecond resolution, so a figure may read up to 1 ms
high), and the server's CPU time over the window.

Usage: python3 scripts/fanout.py --bourse BIN --client BIN --baseline BIN [--clients 10000]
       [--seconds 60] [--rate 5] [--processes 4]
(scripts/benchmark-fanout builds the binaries, raises the file limit and runs this.)
"""
import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(url=None, port=None):
    for _ in range(600):
        try:
            if url:
                urllib.request.urlopen(url, timeout=1)
            else:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    sys.exit(f"nothing answered at {url or port}")


def rss_kib(pid):
    """Resident memory now; the median of five readings 200 ms apart (ticks come and go)."""
    readings = []
    for _ in range(5):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                readings.append(int(line.split()[1]))
        time.sleep(0.2)
    return sorted(readings)[len(readings) // 2]


def cpu_seconds(pid):
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(histogram, fraction):
    """From [[bucket of 0.1 ms, count], ...]: the bucket's upper edge, in ms."""
    total = sum(count for _, count in histogram)
    if total == 0:
        return float("nan")
    rank, seen = fraction * total, 0
    for bucket, count in sorted(histogram):
        seen += count
        if seen >= rank:
            return (bucket + 1) / 10
    return (max(bucket for bucket, _ in histogram) + 1) / 10


def measure(name, server_command, port, args, workdir, sample=None):
    """One server, N clients: its figures."""
    log = open(workdir / f"{name}.log", "w")
    server = subprocess.Popen(server_command, stdout=log, stderr=subprocess.STDOUT, cwd=workdir)
    clients = []
    try:
        if name == "bourse":
            wait_for(url=f"http://127.0.0.1:{port}/api/v1/health")
        else:
            wait_for(port=port)
        time.sleep(3)
        rss_none = rss_kib(server.pid)

        started = time.monotonic()
        share, extra = divmod(args.clients, args.processes)
        for index in range(args.processes):
            count = share + (1 if index < extra else 0)
            command = [args.client, "--port", str(port), "--clients", str(count)]
            if sample and index == 0:
                command += ["--sample", str(sample)]
            clients.append(subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True))
        connected, failed = 0, 0
        for client in clients:
            line = client.stdout.readline().split()
            if len(line) < 4:
                sys.exit(f"{name}: a client process ended before connecting; see {workdir}/{name}.log")
            connected, failed = connected + int(line[1]), failed + int(line[3])
        connect_seconds = time.monotonic() - started
        time.sleep(5)
        rss_all = rss_kib(server.pid)

        cpu_before = cpu_seconds(server.pid)
        for client in clients:
            client.stdin.write("start\n")
            client.stdin.flush()
        time.sleep(args.seconds)
        for client in clients:
            client.stdin.write("stop\n")
            client.stdin.flush()
        cpu = cpu_seconds(server.pid) - cpu_before
        reports = [json.loads(client.stdout.readline()) for client in clients]
        fell_behind = None
        if name == "bourse":
            try:
                metrics = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10).read().decode()
                fell_behind = sum(float(line.rsplit(" ", 1)[1]) for line in metrics.splitlines()
                                  if line.startswith("bourse_websocket_fell_behind_total"))
            except OSError as error:
                print(f"{name}: /metrics did not answer ({error})", file=sys.stderr)
    finally:
        for client in clients:
            client.kill()
            client.wait()
        server.terminate()
        try:
            server.wait(timeout=60)
        except subprocess.TimeoutExpired:
            print(f"{name}: the server did not stop within 60 s of SIGTERM; killed", file=sys.stderr)
            server.kill()
            server.wait()

    histogram = [pair for report in reports for pair in report["histogram"]]
    close_codes = {}
    for report in reports:
        for code, count in report["closeCodes"].items():
            close_codes[code] = close_codes.get(code, 0) + count
    first = min(report["firstSeq"] for report in reports)
    last = max(report["lastSeq"] for report in reports)
    return {
        "connected": connected, "failed": failed, "connect_seconds": connect_seconds,
        "open_at_end": sum(report["openAtEnd"] for report in reports), "close_codes": close_codes,
        "ticks_sent": last - first + 1, "ticks": sum(report["ticks"] for report in reports),
        "min_ticks": min(report["minTicks"] for report in reports),
        "max_ticks": max(report["maxTicks"] for report in reports),
        "gaps": sum(report["gaps"] for report in reports),
        "clients_with_gaps": sum(report["clientsWithGaps"] for report in reports),
        "out_of_order": sum(report["outOfOrder"] for report in reports),
        "p50": percentile(histogram, 0.50), "p99": percentile(histogram, 0.99), "max": percentile(histogram, 1.0),
        "rss_none_kib": rss_none, "rss_all_kib": rss_all,
        "per_socket_kib": (rss_all - rss_none) / max(connected, 1),
        "cpu_percent": 100 * cpu / args.seconds, "fell_behind": fell_behind,
    }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bourse", required=True)
    parser.add_argument("--client", required=True)
    parser.add_argument("--baseline", required=True)
    parser.add_argument("--clients", type=int, default=10_000)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--rate", type=float, default=5)
    parser.add_argument("--processes", type=int, default=4)
    args = parser.parse_args()
    for name in ("bourse", "client", "baseline"):
        setattr(args, name, str(Path(getattr(args, name)).resolve()))

    workdir = Path(tempfile.mkdtemp(prefix="bourse-fanout-"))
    sample = workdir / "tick.json"
    port = free_port()
    bourse = measure("bourse", [args.bourse, "serve", "--port", str(port), "--database", str(workdir / "bourse.sqlite"),
                                "--feed-rate", str(args.rate)], port, args, workdir, sample=sample)
    if not sample.exists():
        sys.exit(f"no tick reached the clients; see {workdir}/bourse.log")
    port = free_port()
    baseline = measure("baseline", [args.baseline, "--port", str(port), "--rate", str(args.rate),
                                    "--template", str(sample)], port, args, workdir)
    report(args, bourse, baseline, sample.stat().st_size)


def report(args, bourse, baseline, tick_bytes):
    print(f"{args.clients} clients in {args.processes} processes, {args.rate:g} ticks/s for {args.seconds:g} s "
          f"(ticks of about {tick_bytes} bytes); same run")
    rows = [
        ("clients connected (failed)", lambda r: f"{r['connected']} ({r['failed']})", None),
        ("time to connect them all", lambda r: f"{r['connect_seconds']:.1f} s", None),
        ("open at the end", lambda r: f"{r['open_at_end']}", None),
        ("ticks sent in the window", lambda r: f"{r['ticks_sent']}", None),
        ("ticks a client got (min to max)", lambda r: f"{r['min_ticks']} to {r['max_ticks']}", None),
        ("gaps in seq (clients with one)", lambda r: f"{r['gaps']} ({r['clients_with_gaps']})", None),
        ("out of order", lambda r: f"{r['out_of_order']}", None),
        ("tick to client p50", lambda r: f"{r['p50']:.1f} ms", "p50"),
        ("tick to client p99", lambda r: f"{r['p99']:.1f} ms", "p99"),
        ("tick to client max", lambda r: f"{r['max']:.1f} ms", "max"),
        ("server RSS, no socket", lambda r: f"{r['rss_none_kib'] / 1024:.1f} MiB", None),
        ("server RSS, every socket open", lambda r: f"{r['rss_all_kib'] / 1024:.1f} MiB", None),
        ("memory per idle socket", lambda r: f"{r['per_socket_kib']:.1f} KiB", "per_socket_kib"),
        ("server CPU over the window", lambda r: f"{r['cpu_percent']:.1f} %", "cpu_percent"),
    ]
    print(f"| | bourse | baseline (SwiftNIO) | bourse / baseline |")
    print(f"| --- | --- | --- | --- |")
    for label, show, key in rows:
        ratio = ""
        if key and baseline[key] > 0:
            ratio = f"{bourse[key] / baseline[key]:.2f}x"
        print(f"| {label} | {show(bourse)} | {show(baseline)} | {ratio} |")
    fell_behind = "no answer" if bourse["fell_behind"] is None else f"{bourse['fell_behind']:g}"
    print(f"bourse: close codes seen {bourse['close_codes'] or 'none'}; "
          f"sockets closed for falling behind (metrics): {fell_behind}")
    verdicts = [
        ("every client got every tick in order", bourse["gaps"] == 0 and bourse["out_of_order"] == 0
         and bourse["open_at_end"] == bourse["connected"] == args.clients),
        ("p99 tick to client under 100 ms", bourse["p99"] < 100),
    ]
    for label, ok in verdicts:
        print(f"{'yes' if ok else 'NO '}  {label}")


if __name__ == "__main__":
    main()
