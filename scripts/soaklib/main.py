"""The soak's phases in turn: the processes and proxies, the warm-up, the load (wrk, orders,
sockets) with the server sampled throughout, the stop, the report and the goals."""

import argparse
import asyncio
import http.client
import os
import shutil
import sys
import tempfile
import time

from . import processes
from .common import DEADLINE_SECONDS, SCHEDULE, SLOW_SECONDS, free_port, log
from .load import PATH_TEMPLATES, choose_symbols, start_wrk, warm_up, write_lua
from .metrics import parse_metrics
from .orders import start_orders
from .proxy import FeedProxy, PolygonProxy, Upstream
from .sampling import idle_sample, sample_during
from .sockets import start_sockets, stop_sockets
from .summary import summarize


class Run:
    """One soak's settings and what each phase leaves for the next ones and the report."""

    def __init__(self, args):
        self.args = args
        self.bourse = os.path.abspath(args.bourse)
        self.workdir = tempfile.mkdtemp(prefix="bourse-soak-")
        self.database = os.path.join(self.workdir, "bourse.sqlite")
        self.processes = []
        self.sim_port, self.polygon_port, self.feed_port, self.app_port = free_port(), free_port(), free_port(), free_port()
        self.seconds = int(args.minutes * 60)
        self.base_env = processes.base_environment(args.log_level)
        self.failures = []
        self.upstream = Upstream(args.period)
        self.server_process = self.server_log_path = self.server = None
        self.metrics_before = self.metrics_after = {}
        self.samples, self.start_sample, self.end_sample = [], None, None
        self.idle_before = self.idle_sample = None
        self.order_stats = self.ws_stats = None
        self.health = self.exit_code = self.exit_seconds = None


async def start(run):
    """The sim, the proxies in front of it, the credentials and the server, until its feed is live;
    returns the API token."""
    processes.start_sim(run)
    polygon = PolygonProxy(run.polygon_port, run.upstream, run.sim_port)
    feed = FeedProxy(run.feed_port, run.upstream, run.sim_port)
    await polygon.start()
    await feed.start()
    token = processes.create_credentials(run)
    processes.start_server(run, token)
    await processes.wait_until_live(run)
    return token


async def prepare(run):
    """The symbols, the warm-up and /metrics before the load; returns the symbols."""
    symbols = await choose_symbols(run.server)
    await warm_up(run.server)
    metrics_text = (await asyncio.to_thread(run.server.get, "/metrics"))[1].decode()
    with open(os.path.join(run.workdir, "metrics-before.txt"), "w") as file:
        file.write(metrics_text)
    run.metrics_before = parse_metrics(metrics_text)
    return symbols


async def load(run, token, symbols):
    """wrk, the orders and the sockets from t0 for run.seconds, the server sampled meanwhile;
    returns wrk's output once everything has stopped."""
    args, seconds = run.args, run.seconds
    t0 = time.time() + 2
    lua_path = write_lua(run.workdir, symbols, t0, args.period, seconds)
    log(f"bourse: {run.bourse}; database and logs in {run.workdir}")
    log(f"load: wrk {args.threads} threads, {args.connections} connections, {len(PATH_TEMPLATES)} paths over {len(symbols)} symbols; "
        f"orders placed and cancelled; {args.sockets} exchange sockets; {args.minutes:g} min")
    log(f"upstream (market and feed): {' -> '.join(SCHEDULE)}, {args.period} s each, from t0; "
        f"BOURSE_SOURCE_DEADLINE {DEADLINE_SECONDS} (default), slow holds {SLOW_SECONDS} s, POLYGON_RATE_LIMIT={args.rate_limit}")

    schedule = asyncio.create_task(run.upstream.schedule(t0, seconds))
    await asyncio.sleep(max(0, t0 - time.time()))
    run.idle_before = idle_sample(run.server_process.pid)
    clients, ws_stop, run.ws_stats = start_sockets(run.server, args.sockets)
    wrk_output = await start_wrk(args, seconds, token, lua_path, run.app_port)
    orders, stop, run.order_stats = start_orders(run.server)

    run.samples, run.start_sample, run.end_sample = await sample_during(
        run.server_process, run.server, run.upstream, t0, seconds, run.order_stats, run.ws_stats, run.failures)
    stop.set()
    stdout, _ = await wrk_output
    await asyncio.to_thread(orders.join, 35)
    await stop_sockets(clients, ws_stop)
    await schedule
    return stdout


async def finish(run):
    """/metrics after the load, the server idle 5 s later, its health, and SIGTERM."""
    server, server_process = run.server, run.server_process
    alive = server_process.poll() is None
    metrics_text = ""
    if alive:
        try:
            metrics_text = (await asyncio.to_thread(server.get, "/metrics"))[1].decode()
        except (OSError, http.client.HTTPException) as error:
            run.failures.append(f"/metrics after the load did not answer ({error})")
    with open(os.path.join(run.workdir, "metrics-after.txt"), "w") as file:
        file.write(metrics_text)
    run.metrics_after = parse_metrics(metrics_text)
    await asyncio.sleep(5)
    run.idle_sample = idle_sample(server_process.pid) if alive else None
    if alive:
        try:
            run.health = (await asyncio.to_thread(server.get, "/api/v1/health"))[0]
        except (OSError, http.client.HTTPException) as error:
            run.failures.append(f"/api/v1/health after the load did not answer ({error})")

    # SIGTERM: the shutdown in order, and the process gone within SIGTERM_SECONDS.
    run.exit_code, run.exit_seconds = server_process.returncode, None
    if alive:
        run.exit_code, run.exit_seconds = await processes.stop_with_sigterm(server_process, run.failures)


async def soak(args):
    run = Run(args)
    try:
        token = await start(run)
        symbols = await prepare(run)
        wrk_stdout = await load(run, token, symbols)
        await finish(run)
        return summarize(run, wrk_stdout)
    finally:
        for proxy in run.upstream.listeners:
            proxy.stop()
            proxy.abort_all()
        processes.terminate_all(run.processes)
        if not args.keep and not run.failures:
            shutil.rmtree(run.workdir, ignore_errors=True)


def main(description=None):
    parser = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bourse", required=True, help="the bourse binary")
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--period", type=int, default=30, help="seconds in each upstream mode")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--sockets", type=int, default=20)
    parser.add_argument("--rate-limit", type=int, default=100000, help="POLYGON_RATE_LIMIT for the server (high: the limiter stays out of it)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder (database, logs)")
    parser.add_argument("--log-level", default="warning", help="the server's LOG_LEVEL (warning: each failure injected is one line)")
    args = parser.parse_args()
    sys.exit(asyncio.run(soak(args)))
