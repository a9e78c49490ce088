"""Three `bourse serve` instances on one throwaway PostgreSQL database, fed by one `bourse sim`,
behind Debian's nginx with docs/nginx/bourse-cluster.conf's upstream (SPEC §15).

The cluster is scripts/postgres-cluster's (initdb as the `postgres` user under a temp folder, on
a loopback port), or the one $BOURSE_TEST_POSTGRES_URL names. The app is the binary at
$BOURSE_BIN (default .build/debug/bourse); nothing is built here. Every instance's clock is set
and stopped in a session (BOURSE_CLOCK), so no test depends on the hour it runs at."""
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))
from bourse_binary import ROOT, bourse_binary, free_port  # noqa: E402

CLOCK = "2026-11-24T15:35:00Z"  # a Tuesday, 10:35 in New York: the market is open

NGINX_CONF = """
worker_processes 1;
pid {tmp}/nginx.pid;
error_log {tmp}/error.log;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path {tmp}/body;
    proxy_temp_path {tmp}/proxy;
    fastcgi_temp_path {tmp}/fastcgi;
    uwsgi_temp_path {tmp}/uwsgi;
    scgi_temp_path {tmp}/scgi;
    map $http_upgrade $connection_upgrade {{
        default upgrade;
        '' close;
    }}
{upstream}
    server {{
        listen 127.0.0.1:{port};
        server_name localhost;
        include {snippet};
    }}
}}
"""


def request(method, url, body=None, timeout=30):
    """(status, parsed JSON body) of one request; an HTTP error's status and body too."""
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, method=method)
    if data is not None:
        req.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=timeout) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        text = error.read()
        try:
            return error.code, json.loads(text)
        except ValueError:
            return error.code, {"error": text.decode(errors="replace")}


def wait_for(check, seconds, what):
    """Polls `check` every 50 ms until it returns a truthy value, which is returned."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            value = check()
            if value:
                return value
        except OSError:
            pass
        time.sleep(0.05)
    pytest.fail(f"{what}: not within {seconds} s")


def postgres_admin_url(tmp):
    given = os.environ.get("BOURSE_TEST_POSTGRES_URL")
    if given:
        return given, None
    folder = tmp / "postgres"
    url = subprocess.run([str(ROOT / "scripts" / "postgres-cluster"), "start", str(folder)],
                         check=True, capture_output=True, text=True).stdout.strip()
    return url, folder


def new_database(admin_url):
    """A new, empty database on the cluster; its URL."""
    name = "bourse_cluster_" + uuid.uuid4().hex[:8]
    env = dict(os.environ, PGPASSWORD="bourse")
    plain = admin_url.split("?")[0]
    subprocess.run(["psql", "-q", "-v", "ON_ERROR_STOP=1", plain, "-c", f"CREATE DATABASE {name}"],
                   check=True, env=env, capture_output=True)
    base = plain.rsplit("/", 1)[0]
    return f"{base}/{name}?sslmode=disable"


@dataclass
class Instance:
    name: str
    port: int
    process: subprocess.Popen
    log: Path

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}"

    def alive(self):
        return self.process.poll() is None


@dataclass
class Cluster:
    database_url: str
    feed_port: int
    proxy_url: str
    instances: list
    tmp: Path
    extra: list = field(default_factory=list)
    # What every instance's environment adds (a source's URL and key), and its clock (None: real time).
    environment: dict = field(default_factory=dict)
    clock: str = CLOCK

    def by_name(self, name):
        return next(i for i in self.instances if i.name == name)

    def health(self, instance):
        return request("GET", instance.url + "/api/v1/health", timeout=5)[1]

    def desk_holder(self):
        """The desk's holder, as every living instance says it (they must agree)."""
        names = {self.health(i)["desk"] for i in self.instances if i.alive()}
        return names.pop() if len(names) == 1 else None

    def start_instance(self, name, port=None, sqlite=None):
        """`bourse serve` named `name` on the cluster's database and feed (or, with `sqlite`, on
        that SQLite file alone)."""
        port = port or free_port()
        log = self.tmp / f"{name}.log"
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "LOG_LEVEL": "notice",
            "BOURSE_INSTANCE": name,
            "BOURSE_FEED_URL": f"ws://127.0.0.1:{self.feed_port}/feed",
            **self.environment,
        }
        if self.clock:
            env["BOURSE_CLOCK"] = self.clock
        if sqlite is None:
            env["BOURSE_DATABASE_URL"] = self.database_url
        database = ["--database", str(sqlite)] if sqlite else []
        process = subprocess.Popen(
            [str(bourse_binary()), "serve", "--port", str(port), "--trusted-proxy", "127.0.0.1"] + database,
            env=env, stdout=log.open("w"), stderr=subprocess.STDOUT)
        instance = Instance(name, port, process, log)
        wait_for(lambda: request("GET", instance.url + "/api/v1/health", timeout=2)[0] == 200, 60,
                 f"{name} answering")
        return instance


@contextlib.contextmanager
def running_cluster(names=("web-1", "web-2", "web-3"), feed_rate=5, nginx=True, sim_arguments=(), environment=None,
                    clock=CLOCK):
    """`bourse sim` (with `sim_arguments`) and an instance per name on one new PostgreSQL
    database, behind nginx; all stopped (and a cluster this started, removed) at the end. Each
    instance's environment adds `environment`, with `{sim}` replaced by the sim's URL; the sim and
    the instances run on `clock` (None: real time)."""
    tmp = Path(tempfile.mkdtemp(prefix="bourse-cluster-"))
    os.chmod(tmp, 0o755)
    admin_url, postgres_folder = postgres_admin_url(tmp)
    processes, cluster = [], None
    try:
        database_url = new_database(admin_url)
        feed_port = free_port()
        processes.append(start_sim(feed_port, feed_rate, sim_arguments, clock))
        environment = {key: value.replace("{sim}", f"http://127.0.0.1:{feed_port}")
                       for key, value in (environment or {}).items()}
        cluster = Cluster(database_url, feed_port, "", [], tmp, environment=environment, clock=clock)
        for name in names:
            instance = cluster.start_instance(name)
            cluster.instances.append(instance)
            processes.append(instance.process)
        if nginx:
            processes.append(start_nginx(cluster))
        yield cluster
    finally:
        # Instances started during a test (one killed, started again) are stopped too.
        processes += [i.process for i in (cluster.instances if cluster else []) if i.process not in processes]
        stop(processes)
        if postgres_folder is not None:
            subprocess.run([str(ROOT / "scripts" / "postgres-cluster"), "stop", str(postgres_folder)],
                           capture_output=True)


def start_sim(port, feed_rate, arguments, clock):
    env = dict(os.environ, LOG_LEVEL="error")
    if clock:
        env["BOURSE_CLOCK"] = clock
    process = subprocess.Popen(
        [str(bourse_binary()), "sim", "--port", str(port), "--feed-rate", str(feed_rate), *arguments],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    # Listening is enough: a request would count against a rate-limited sim's minute.
    wait_for(lambda: socket.create_connection(("127.0.0.1", port), timeout=1).close() or True, 30, "bourse sim listening")
    return process


def start_nginx(cluster):
    """nginx on a free port in front of the cluster's instances (docs/nginx/bourse-cluster.conf's
    upstream, its ports replaced), its URL set as the cluster's proxy_url."""
    tmp, port = cluster.tmp, free_port()
    upstream = (ROOT / "docs" / "nginx" / "bourse-cluster.conf").read_text()
    upstream = upstream.split("# upstream-begin")[1].split("# upstream-end")[0]
    for n, instance in enumerate(cluster.instances, start=1):
        upstream = upstream.replace(f"127.0.0.1:808{n}", f"127.0.0.1:{instance.port}")
    (tmp / "nginx.conf").write_text(NGINX_CONF.format(
        tmp=tmp, port=port, upstream=upstream, snippet=ROOT / "docs" / "nginx" / "bourse-proxy.conf"))
    nginx = subprocess.Popen(["nginx", "-p", str(tmp), "-c", str(tmp / "nginx.conf"), "-g", "daemon off;"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    cluster.proxy_url = f"http://127.0.0.1:{port}"
    wait_for(lambda: request("GET", cluster.proxy_url + "/api/v1/health", timeout=2)[0] == 200, 20,
             "nginx answering")
    return nginx


def stop(processes):
    for process in reversed(processes):
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
    for process in processes:
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()


@pytest.fixture(scope="module")
def cluster():
    with running_cluster() as cluster:
        yield cluster
