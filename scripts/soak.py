#!/usr/bin/env python3
"""The soak's driver; scripts/soak runs it (see scripts/soak --help). Standard library only.

Starts `bourse sim` (the Polygon-compatible market and the exchange feed), a proxy in front of
each whose upstream mode cycles healthy, down, healthy, slow, healthy, garbled every --period
seconds, and `bourse serve` pointed at both proxies with a password set and an API token. Then,
for --minutes: wrk on pages and the API (a Lua script rotating over paths and symbols), a loop
of orders placed and cancelled, and --sockets clients on the exchange socket. Samples the
server's memory, open files and heap gauges (/metrics) every 10 s, scrapes /metrics before and after, stops the server
with SIGTERM, prints a summary and exits 1 when a goal is missed.
"""

# Each phase is a module of soaklib/ beside this file (soaklib/__init__.py lists them).
from soaklib.main import main

if __name__ == "__main__":
    main(__doc__)
