"""The soak's phases (scripts/soak runs scripts/soak.py, which runs `main`):

- common.py: the schedule, the goals' bounds, and small helpers;
- proxy.py: the upstream's mode and the two proxies that play it (market and feed);
- processes.py: `bourse sim`, the password and token, `bourse serve` until its feed is live,
  and its stop on SIGTERM;
- load.py: the symbols, the warm-up and wrk (its Lua script);
- orders.py: orders placed and cancelled in a loop;
- sockets.py: the exchange's socket clients;
- sampling.py: the server's memory, open files and heap, every SAMPLE_EVERY seconds;
- metrics.py: /metrics parsed, and what moved between two scrapes;
- summary.py: the report and the goals;
- main.py: the arguments, and the phases in turn.

Standard library only.
"""
