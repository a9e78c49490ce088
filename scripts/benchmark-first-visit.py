"""The figures of scripts/benchmark-first-visit: a first visit with nothing saved, on a source
shaped like Massive's free tier (5 requests a minute, no snapshots), against an unlimited paid
one in the same run. Standard library only. Run through scripts/benchmark-first-visit.

A: `bourse sim --rate-limit 5 --tier free --request-log L`, then `bourse serve` on a fresh
   database pointed at it (MASSIVE_API_KEY, MASSIVE_BASE_URL, MASSIVE_RATE_LIMIT=5). As soon as
   /api/v1/health answers: GET /api/v1/tickers?limit=50 (time to the first answer, its status,
   its pending rows), then the same URL once a second until no row is pending (time until all 50
   are priced, from the first request). Then, as a person would, My stocks and a few stock
   pages once, and the list every 10 s, until 150 s after the app started. From the sim's
   request log: the most requests in any 60 s, the URLs asked for more than once, the total.
B: a fresh sim and app as in A; the first visit at 65 s after the app started (after start-up's
   first minute): time to the first answer.
Baseline: A against `bourse sim --tier paid` with no rate limit, the app allowed 1,000 requests
   a minute (what a paid key, unlimited at Massive, would be set to).

Prints one table; exits 0 whatever the figures (it is not a test), 2 if it could not run.
"""
import datetime
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LIST = "/api/v1/tickers?limit=50"
RUN_SECONDS = 150
LATE_VISIT_SECONDS = 65
STOCK_PAGES = 3


class CouldNotRun(Exception):
    pass


def binary():
    """$BOURSE_BIN, else the release build, else the debug build."""
    named = os.environ.get("BOURSE_BIN")
    candidates = [Path(named)] if named else [ROOT / ".build/release/bourse", ROOT / ".build/debug/bourse"]
    for candidate in candidates:
        path = candidate if candidate.is_absolute() else ROOT / candidate
        if os.access(path, os.X_OK):
            return path
    raise CouldNotRun(f"no app binary at {', '.join(map(str, candidates))}: build it first (swift build) or set BOURSE_BIN")


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def get(base, path, timeout=30):
    """(status, parsed JSON or None, seconds taken)."""
    started = time.monotonic()
    try:
        with urllib.request.urlopen(base + path, timeout=timeout) as response:
            status, body = response.status, response.read()
    except urllib.error.HTTPError as error:
        status, body = error.code, error.read()
    except (urllib.error.URLError, ConnectionError, TimeoutError) as error:
        return None, str(error), time.monotonic() - started
    taken = time.monotonic() - started
    try:
        return status, json.loads(body), taken
    except ValueError:
        return status, None, taken


def pending_rows(status, answer):
    """How many rows of a list answer are pending; None when it is not a list answer."""
    if status != 200 or not isinstance(answer, dict) or not isinstance(answer.get("results"), list):
        return None
    return sum(1 for row in answer["results"] if row.get("pending") is True)


class Process:
    """A child process with its output in a file, stopped with SIGTERM (then SIGKILL)."""

    def __init__(self, name, arguments, workdir, environment):
        self.name = name
        self.log_path = workdir / f"{name}.log"
        self.log = open(self.log_path, "w+")
        self.process = subprocess.Popen(
            arguments, stdout=self.log, stderr=subprocess.STDOUT, env=environment, cwd=workdir)
        self.started = time.monotonic()

    def check(self):
        if self.process.poll() is not None:
            self.log.seek(0)
            raise CouldNotRun(f"{self.name} exited with {self.process.returncode}:\n{self.log.read()[-3000:]}")

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()


def environment(**added):
    """Ours without any POLYGON_* or MASSIVE_* variable, plus `added`."""
    kept = {k: v for k, v in os.environ.items() if not k.startswith(("POLYGON_", "MASSIVE_"))}
    kept.update(added)
    return kept


def wait_for_port(process, port, timeout=60):
    """Until something accepts connections on `port` (a TCP connect: no request reaches the log)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        process.check()
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.05)
    raise CouldNotRun(f"{process.name} did not listen on port {port} within {timeout} s")


def wait_for_health(process, base, timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        process.check()
        status, _, _ = get(base, "/api/v1/health", timeout=2)
        if status == 200:
            return
        time.sleep(0.05)
    raise CouldNotRun(f"{process.name} did not answer /api/v1/health within {timeout} s")


class Stand:
    """A fresh `bourse sim` and a fresh `bourse serve` pointed at it, in a temporary folder."""

    def __init__(self, sim_arguments, app_rate_limit):
        self.workdir = Path(tempfile.mkdtemp(prefix="bourse-first-visit-"))
        self.request_log = self.workdir / "requests.log"
        self.processes = []
        bourse = str(binary())
        sim_port, app_port = free_port(), free_port()
        sim = Process(
            "sim", [bourse, "sim", "--port", str(sim_port), "--request-log", str(self.request_log), *sim_arguments],
            self.workdir, environment())
        self.processes.append(sim)
        wait_for_port(sim, sim_port)
        self.app = Process(
            "serve", [bourse, "serve", "--port", str(app_port), "--database", str(self.workdir / "bourse.sqlite")],
            self.workdir,
            environment(
                MASSIVE_API_KEY="bench-key", MASSIVE_BASE_URL=f"http://127.0.0.1:{sim_port}",
                MASSIVE_RATE_LIMIT=str(app_rate_limit)))
        self.processes.append(self.app)
        self.base = f"http://127.0.0.1:{app_port}"
        wait_for_health(self.app, self.base)

    def since_start(self):
        return time.monotonic() - self.app.started

    def sleep_until(self, seconds_since_start):
        while (left := seconds_since_start - self.since_start()) > 0:
            self.app.check()
            time.sleep(min(left, 1))

    def requests(self):
        """The sim's request log: (time in seconds, status, path?query) per line."""
        entries = []
        for line in self.request_log.read_text().splitlines():
            stamp, status, target = line.split(" ", 2)
            when = datetime.datetime.fromisoformat(stamp.replace("Z", "+00:00")).timestamp()
            entries.append((when, status, target))
        return entries

    def close(self):
        for process in reversed(self.processes):
            process.stop()
        shutil.rmtree(self.workdir, ignore_errors=True)


def request_figures(entries):
    """The most requests in any 60 s, URLs asked for more than once, the total."""
    times = sorted(when for when, _, _ in entries)
    most, first = 0, 0
    for last, when in enumerate(times):
        while times[first] <= when - 60:
            first += 1
        most = max(most, last - first + 1)
    counts = {}
    for _, _, target in entries:
        counts[target] = counts.get(target, 0) + 1
    return {"per_minute": most, "duplicates": sum(1 for n in counts.values() if n > 1), "total": len(entries)}


def scenario_a(sim_arguments, app_rate_limit):
    stand = Stand(sim_arguments, app_rate_limit)
    try:
        figures = {"sent_at": stand.since_start()}
        visit = time.monotonic()
        status, answer, taken = get(stand.base, LIST)
        figures.update(first=taken, status=status, pending=pending_rows(status, answer), all_priced=None)
        if figures["pending"] == 0:
            figures["all_priced"] = taken
        # Ask again once a second until no row is pending.
        next_poll = visit + 1
        while figures["all_priced"] is None and stand.since_start() < RUN_SECONDS:
            time.sleep(max(0, next_poll - time.monotonic()))
            next_poll = time.monotonic() + 1
            status, answer, _ = get(stand.base, LIST)
            if pending_rows(status, answer) == 0:
                figures["all_priced"] = time.monotonic() - visit
        # As a person would: My stocks and a few stock pages once, then the list every 10 s.
        rows = answer.get("results") if isinstance(answer, dict) else None
        symbols = [row.get("symbol") for row in rows[:STOCK_PAGES]] if isinstance(rows, list) else ["AAPL", "MSFT", "NVDA"]
        get(stand.base, "/api/v1/watchlist")
        for symbol in filter(None, symbols):
            get(stand.base, f"/api/v1/stocks/{symbol}")
        while stand.since_start() < RUN_SECONDS:
            stand.sleep_until(min(RUN_SECONDS, stand.since_start() + 10))
            get(stand.base, LIST)
        stand.app.check()
        figures.update(request_figures(stand.requests()))
        return figures
    finally:
        stand.close()


def scenario_b():
    stand = Stand(["--rate-limit", "5", "--tier", "free"], 5)
    try:
        stand.sleep_until(LATE_VISIT_SECONDS)
        sent_at = stand.since_start()
        status, answer, taken = get(stand.base, LIST)
        return {"sent_at": sent_at, "first": taken, "status": status, "pending": pending_rows(status, answer)}
    finally:
        stand.close()


def seconds(value):
    return "-" if value is None else f"{value:.2f} s"


def answer_note(figures):
    if figures["status"] is None:
        return "no answer"
    if figures["pending"] is None:
        return f"HTTP {figures['status']}"
    return f"HTTP {figures['status']}, {figures['pending']} of 50 pending"


def ratio(a, b):
    if a is None or b is None or b <= 0:
        return "-"
    return f"{a / b:.2g}x"


def main():
    started = time.monotonic()
    free = scenario_a(["--rate-limit", "5", "--tier", "free"], 5)
    late = scenario_b()
    unlimited = scenario_a(["--tier", "paid"], 1000)
    rows = [
        ("Figure", "Free tier (5/min)", "Unlimited, paid", "Free/unlimited", "Goal (free tier)"),
        (f"A: first list answer (asked {free['sent_at']:.1f} s / {unlimited['sent_at']:.1f} s after start)",
         f"{seconds(free['first'])} ({answer_note(free)})", f"{seconds(unlimited['first'])} ({answer_note(unlimited)})",
         ratio(free["first"], unlimited["first"]), "< 8 s at any time"),
        ("A: from the app's start to that answer",
         seconds(free["sent_at"] + free["first"]) if free["first"] is not None else "-",
         seconds(unlimited["sent_at"] + unlimited["first"]) if unlimited["first"] is not None else "-",
         ratio(free["sent_at"] + (free["first"] or 0), unlimited["sent_at"] + (unlimited["first"] or 0)), "< 8 s at any time"),
        ("A: all 50 priced, from the first request",
         seconds(free["all_priced"]) if free["all_priced"] is not None else f"not within {RUN_SECONDS} s",
         seconds(unlimited["all_priced"]) if unlimited["all_priced"] is not None else f"not within {RUN_SECONDS} s",
         ratio(free["all_priced"], unlimited["all_priced"]), "<= 70 s"),
        ("A: most upstream requests in any 60 s (refused ones too)", str(free["per_minute"]), str(unlimited["per_minute"]), "", "<= 5"),
        ("A: upstream URLs requested more than once", str(free["duplicates"]), str(unlimited["duplicates"]), "", "0"),
        (f"A: upstream requests in {RUN_SECONDS} s", str(free["total"]), str(unlimited["total"]), "", ""),
        (f"B: first list answer, asked {late['sent_at']:.1f} s after start",
         f"{seconds(late['first'])} ({answer_note(late)})", "", "", "< 1 s"),
    ]
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    app = binary()
    print(f"First visit with nothing saved, {app.relative_to(ROOT) if app.is_relative_to(ROOT) else app},"
          f" {time.monotonic() - started:.0f} s in all")
    for index, row in enumerate(rows):
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip())
        if index == 0:
            print("  ".join("-" * width for width in widths))


if __name__ == "__main__":
    try:
        main()
    except CouldNotRun as error:
        print(f"benchmark-first-visit: {error}", file=sys.stderr)
        sys.exit(2)
