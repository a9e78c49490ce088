"""What every phase shares: the upstream's schedule, the goals' bounds, and small helpers."""

import socket

SCHEDULE = ["healthy", "down", "healthy", "slow", "healthy", "garbled"]
DEADLINE_SECONDS = 8  # BOURSE_SOURCE_DEADLINE, the app's default
SLOW_SECONDS = DEADLINE_SECONDS + 4  # what the slow upstream holds each request
SAMPLE_EVERY = 10
FLAT_PERCENT = 5  # memory and open files: last quarter's mean over the first's (issue 18)
SIGTERM_SECONDS = 5  # from SIGTERM to the process gone, exit 0


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def log(message):
    print(message, flush=True)


def percent(start, end):
    return (end - start) / start * 100 if start else 0.0
