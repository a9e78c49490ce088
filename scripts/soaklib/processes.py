"""The processes: `bourse sim` (the stand-in market and feed), the password and API token,
`bourse serve` pointed at the proxies until its feed is live, its stop on SIGTERM, and the
clean-up of whatever is still running."""

import asyncio
import http.client
import json
import os
import signal
import subprocess
import time

# What the soak sets itself, or must not inherit: the server's sources are the proxies.
NOT_INHERITED = ("POLYGON_API_KEY", "BOURSE_FEED_URL", "BOURSE_GNB_URL", "POLYGON_BASE_URL", "POLYGON_RATE_LIMIT",
                 "POLYGON_KEY_IN", "BOURSE_SOURCE_DEADLINE")


class Server:
    """The app: a base URL, the token, and plain requests."""

    def __init__(self, port, token):
        self.port, self.token = port, token

    def get(self, path, timeout=30):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            connection.request("GET", path, headers={"Authorization": f"Bearer {self.token}"})
            response = connection.getresponse()
            return response.status, response.read()
        finally:
            connection.close()


def base_environment(log_level):
    """Ours, without any source's settings, and the server's LOG_LEVEL."""
    environment = {k: v for k, v in os.environ.items() if not k.startswith("MASSIVE_") and k not in NOT_INHERITED}
    environment["LOG_LEVEL"] = log_level
    return environment


def start_sim(run):
    """`bourse sim` on run.sim_port, ten ticks a second, its output in sim.log."""
    sim_log = open(os.path.join(run.workdir, "sim.log"), "w")
    run.processes.append(subprocess.Popen([run.bourse, "sim", "--port", str(run.sim_port), "--feed-rate", "10"],
                                          env=run.base_env, stdout=sim_log, stderr=sim_log))


def create_credentials(run):
    """A password (user "owner") and an API token on the database; returns the token."""
    subprocess.run([run.bourse, "password", "--database", run.database, "--user", "owner"], input=b"soak password 1\n",
                   check=True, stdout=subprocess.DEVNULL, env=run.base_env)
    created = subprocess.run([run.bourse, "token", "create", "soak", "--database", run.database], check=True,
                             capture_output=True, env=run.base_env)
    return created.stdout.decode().split()[0]


def start_server(run, token):
    """`bourse serve` on run.app_port with the proxies as its market and feed; sets run.server_process,
    run.server_log_path and run.server."""
    server_env = dict(
        run.base_env,
        POLYGON_API_KEY="soak-fake-key",
        POLYGON_BASE_URL=f"http://127.0.0.1:{run.polygon_port}",
        POLYGON_RATE_LIMIT=str(run.args.rate_limit),
        BOURSE_FEED_URL=f"ws://127.0.0.1:{run.feed_port}/feed",
        # The proxied feed counts as a real one, which trades New York's hours only: the soak
        # trades through the night, as the embedded feed would.
        BOURSE_MARKET_HOURS=os.environ.get("BOURSE_MARKET_HOURS", "always"),
    )
    run.server_log_path = os.path.join(run.workdir, "server.log")
    server_log = open(run.server_log_path, "w")
    run.server_process = subprocess.Popen(
        [run.bourse, "serve", "--host", "127.0.0.1", "--port", str(run.app_port), "--database", run.database],
        env=server_env, stdout=server_log, stderr=server_log)
    run.processes.append(run.server_process)
    run.server = Server(run.app_port, token)


async def wait_until_live(run):
    """Until /api/v1/book answers with a live feed (60 s at most); exits if the server exits."""
    deadline = time.time() + 60
    while True:
        if run.server_process.poll() is not None:
            raise SystemExit(f"soak: bourse serve exited with {run.server_process.returncode}:\n"
                             + open(run.server_log_path).read())
        try:
            status, body = await asyncio.to_thread(run.server.get, "/api/v1/book", 5)
            if status == 200 and json.loads(body).get("state") == "live":
                break
        except (OSError, http.client.HTTPException):
            pass
        if time.time() > deadline:
            raise SystemExit("soak: the server never answered with a live feed")
        await asyncio.sleep(0.2)


async def stop_with_sigterm(server_process, failures):
    """SIGTERM: the shutdown in order, and the process gone. Returns (exit code, seconds it took,
    or None when it had to be killed after 30 s)."""
    begin = time.time()
    server_process.send_signal(signal.SIGTERM)
    try:
        exit_code = await asyncio.to_thread(server_process.wait, 30)
        return exit_code, time.time() - begin
    except subprocess.TimeoutExpired:
        server_process.kill()
        exit_code = server_process.wait()
        failures.append("SIGTERM did not end the server within 30 s: killed")
        return exit_code, None


def terminate_all(processes):
    """Terminates what is still running, the last started first (killed after 10 s)."""
    for process in reversed(processes):
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
