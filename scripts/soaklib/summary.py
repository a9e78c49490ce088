"""The report (requests by status and by the upstream's mode, orders, socket messages, upstream
and feed counters, memory, heap and open files, the server's stop and log) and the goals."""

import collections
import re

from .common import FLAT_PERCENT, SAMPLE_EVERY, SCHEDULE, SIGTERM_SECONDS, log, percent
from .metrics import metric_deltas


def summarize_log(path):
    levels = collections.Counter()
    messages = collections.Counter()
    with open(path, errors="replace") as file:
        for line in file:
            match = re.match(r"^\S+ (trace|debug|info|notice|warning|error|critical) (\S+) ?: ?(.*)$", line.rstrip())
            if not match:
                if line.strip():
                    levels["other"] += 1
                    messages[("other", re.sub(r"\d+", "N", line.strip())[:140])] += 1
                continue
            levels[match.group(1)] += 1
            text = re.sub(r"\d+", "N", re.sub(r"key=\S+", "key=…", match.group(3)))
            messages[(match.group(1), match.group(2) + ": " + text[:160])] += 1
    return levels, messages


def read_wrk(stdout):
    """wrk's SUMMARY line as numbers, and its answers by status and (5xx) by mode."""
    wrk_text = stdout.decode(errors="replace")
    summary_line = re.search(r"^SUMMARY (.*)$", wrk_text, re.M)
    if not summary_line:
        raise SystemExit("soak: wrk printed no summary:\n" + wrk_text)
    w = {k: float(v) for k, v in re.findall(r"(\w+)=([\d.]+)", summary_line.group(1))}
    by_status = collections.Counter()
    by_mode_5xx = collections.Counter()
    for status, mode, n in re.findall(r"^COUNT (\d+) ([\w>]+) (\d+)$", wrk_text, re.M):
        by_status[int(status)] += int(n)
        if int(status) >= 500:
            by_mode_5xx[(mode, int(status))] += int(n)
    return w, by_status, by_mode_5xx


def report_http(run, w, by_status, by_mode_5xx):
    """Returns the number of 5xx answers."""
    classes = collections.Counter()
    for status, n in by_status.items():
        classes[f"{status // 100}xx"] += n
    total = int(w["requests"])
    fivexx = classes["5xx"]
    log("")
    log(f"== Soak: {run.args.minutes:g} min, {len(SCHEDULE)} upstream modes of {run.args.period} s in turn ==")
    log(f"HTTP (wrk): {total:,} requests in {w['seconds']:.0f} s ({total / w['seconds']:,.0f}/s), "
        f"p50 {w['p50_us'] / 1000:.2f} ms, p99 {w['p99_us'] / 1000:.2f} ms, max {w['max_us'] / 1000:.0f} ms")
    log("  by class: " + ", ".join(f"{c} {classes[c]:,}" for c in ("2xx", "3xx", "4xx", "5xx")))
    log("  by status: " + ", ".join(f"{s} {n:,}" for s, n in sorted(by_status.items())))
    log(f"  socket errors: connect {int(w['connect'])}, read {int(w['read'])}, write {int(w['write'])}, timeout {int(w['timeout'])}")
    if fivexx:
        log("  5xx by upstream mode when answered: " + ", ".join(f"{m} {s}: {n:,}" for (m, s), n in sorted(by_mode_5xx.items())))
    requests_delta = metric_deltas(run.metrics_before, run.metrics_after, "bourse_http_requests_total")
    failing = {labels: n for labels, n in requests_delta.items() if dict(labels).get("status", "0") >= "400"}
    for labels, n in sorted(failing.items(), key=lambda item: (dict(item[0])["status"] < "500", -item[1])):
        d = dict(labels)
        log(f"  at the app (/metrics): {d.get('method')} {d.get('route')} {d.get('status')}: {n:,.0f}")
    app_total = sum(requests_delta.values())
    log(f"  requests the app counted (/metrics, wrk + orders + sockets + scrapes): {app_total:,.0f}")
    return fivexx


def report_orders(run):
    order_stats = run.order_stats
    served = order_stats["answers"]
    log(f"Orders: {order_stats['placed']:,} placed, {order_stats['cancelled']:,} cancelled; answers: "
        + ", ".join(f"{op} {st}: {n:,}" for (op, st), n in sorted(served.items(), key=str)))
    log("  acknowledged as: " + ", ".join(f"{kind} {st}: {n:,}" for (kind, st), n in sorted(order_stats["statuses"].items())))
    if order_stats["errors"]:
        log("  connection errors: " + ", ".join(f"{k} {n}" for k, n in order_stats["errors"].items()))


def report_sockets(run):
    ws_stats = run.ws_stats
    per_client = ws_stats["per_client"]
    log(f"Sockets: {run.args.sockets} clients, {sum(per_client):,} messages ({', '.join(f'{k} {n:,}' for k, n in ws_stats['types'].most_common())}); "
        f"fewest for one client {min(per_client):,}; connects {ws_stats['connects']}, lost {ws_stats['disconnects']}, refused {ws_stats['refused']}")
    for reason, n in ws_stats["reasons"].most_common(5):
        log(f"  lost: {reason} ({n})")


def report_upstream(run):
    before, after = run.metrics_before, run.metrics_after
    upstream_delta = metric_deltas(before, after, "bourse_upstream_requests_total")
    outcomes = collections.Counter()
    for labels, n in upstream_delta.items():
        outcomes[dict(labels).get("outcome")] += n
    cache = collections.Counter()
    for labels, n in metric_deltas(before, after, "bourse_upstream_cache_total").items():
        cache[dict(labels).get("result")] += n
    log("Upstream, from the app (/metrics): requests " + ", ".join(f"{k} {n:,.0f}" for k, n in outcomes.most_common())
        + "; cache " + ", ".join(f"{k} {n:,.0f}" for k, n in cache.most_common()))
    feed_metrics = {name: sum(metric_deltas(before, after, name).values())
                    for name in ("bourse_feed_ticks_total", "bourse_feed_reconnects_total", "bourse_feed_malformed_messages_total", "bourse_feed_gaps_total")}
    log("  feed: " + ", ".join(f"{name[len('bourse_feed_'):-len('_total')]} {n:,.0f}" for name, n in feed_metrics.items()))
    log("  seen at the proxies: " + ", ".join(f"{p} {m} {what}: {n:,}" for (p, m, what), n in sorted(run.upstream.seen.items())))


def report_memory(run):
    """Start and end: single samples (after the warm-up, and the last). The goals are judged on
    the means over the first and the last quarter of the run (issue 18), since the open files
    follow the mode (a slow upstream holds the client's connections) and memory breathes with it.
    Returns (memory growth, open files growth) in %, None without samples."""
    samples, start_sample, end_sample = run.samples, run.start_sample, run.end_sample
    idle_before, idle_sample, seconds = run.idle_before, run.idle_sample, run.seconds
    if not (start_sample and end_sample):
        return None, None
    quarter = seconds / 4
    first = [x for x in samples if x["t"] < quarter - 0.5]
    last = [x for x in samples if x["t"] >= seconds - quarter - 0.5]

    def mean(group, key):
        return sum(x[key] for x in group) / len(group)

    memory_growth = percent(mean(first, "rss_kb"), mean(last, "rss_kb"))
    fd_growth = percent(mean(first, "fds"), mean(last, "fds"))
    peak = max(x["rss_kb"] for x in samples)

    def span(group):
        return f"{group[0]['t'] / 60:.1f}-{min(seconds, group[-1]['t'] + SAMPLE_EVERY) / 60:.1f} min"

    log(f"Memory (VmRSS): start {start_sample['rss_kb'] / 1024:.1f} MiB (at {start_sample['t']:.0f} s), "
        f"end {end_sample['rss_kb'] / 1024:.1f} MiB ({percent(start_sample['rss_kb'], end_sample['rss_kb']):+.1f} %); "
        f"mean {mean(first, 'rss_kb') / 1024:.1f} MiB over {span(first)}, {mean(last, 'rss_kb') / 1024:.1f} MiB over {span(last)} "
        f"({memory_growth:+.1f} %); peak {peak / 1024:.1f} MiB; anonymous {start_sample['anon_kb'] / 1024:.1f} -> "
        f"{end_sample['anon_kb'] / 1024:.1f} MiB, file-backed {start_sample['file_kb'] / 1024:.1f} -> {end_sample['file_kb'] / 1024:.1f} MiB"
        + (f"; 5 s after the load {idle_sample['rss_kb'] / 1024:.1f} MiB" if idle_sample else ""))
    heap_first = [x for x in first if "heap_kb" in x]
    heap_last = [x for x in last if "heap_kb" in x]
    if heap_first and heap_last:
        # Not a goal: it tells a live heap that grows from memory the allocator keeps.
        log(f"Live heap (/metrics, bourse_heap_in_use_bytes): mean {mean(heap_first, 'heap_kb') / 1024:.1f} MiB over the first "
            f"quarter, {mean(heap_last, 'heap_kb') / 1024:.1f} MiB over the last "
            f"({percent(mean(heap_first, 'heap_kb'), mean(heap_last, 'heap_kb')):+.1f} %); peak "
            f"{max(x['heap_kb'] for x in samples if 'heap_kb' in x) / 1024:.1f} MiB; free in the arenas "
            f"{mean(heap_first, 'heap_free_kb') / 1024:.1f} -> {mean(heap_last, 'heap_free_kb') / 1024:.1f} MiB; "
            f"trims {heap_last[-1]['heap_trims']:.0f}")
    log(f"Open files: start {start_sample['fds']} ({start_sample['mode']}), end {end_sample['fds']} ({end_sample['mode']}, "
        f"{percent(start_sample['fds'], end_sample['fds']):+.1f} %); mean {mean(first, 'fds'):.1f} over {span(first)}, "
        f"{mean(last, 'fds'):.1f} over {span(last)} ({fd_growth:+.1f} %); most {max(x['fds'] for x in samples)}")
    if idle_sample:
        def kinds(sample):
            return ", ".join(f"{k} {n}" for k, n in sorted(sample["kinds"].items()))

        log(f"  idle, no client connected: {idle_before['fds']} just before the load ({kinds(idle_before)}), "
            f"{idle_sample['fds']} 5 s after it ({kinds(idle_sample)}); threads {start_sample['threads']} -> {end_sample['threads']}")
    log("  every sample (s: MiB/fds): " + " ".join(f"{x['t']:.0f}:{x['rss_kb'] / 1024:.0f}/{x['fds']}" for x in samples))
    return memory_growth, fd_growth


def report_server(run):
    # The app logs this error when its graceful shutdown ran past the deadline and it ended
    # the process itself (`ShutdownDeadline`), with the services still running.
    cut_short = [line.strip() for line in open(run.server_log_path, errors="replace") if "the shutdown did not end" in line]
    exit_code, exit_seconds = run.exit_code, run.exit_seconds
    log(f"Server: {'answering' if run.health == 200 else 'NOT answering'} after the load; SIGTERM -> exit {exit_code}"
        + (f" in {exit_seconds:.2f} s" if exit_seconds is not None else "")
        + (f" (graceful shutdown cut short by the deadline: {cut_short[-1][:300]})" if cut_short
           else " (graceful: every service stopped in order)" if exit_code == 0 else ""))
    levels, messages = summarize_log(run.server_log_path)
    log("  log (LOG_LEVEL=warning): " + (", ".join(f"{k} {n:,}" for k, n in levels.most_common()) or "empty"))
    for (level, message), n in messages.most_common(12):
        log(f"  {n:6,} x {level}: {message}")


def judge(run, w, by_status, fivexx, memory_growth, fd_growth):
    """Adds each goal missed to run.failures and says which; returns the exit code (1: a goal missed)."""
    failures = run.failures
    errors_500 = sum(n for s, n in by_status.items() if s >= 500 and s not in (502, 503))
    if errors_500:
        failures.append(f"{errors_500} 5xx other than 502/503 (wrk)")
    if fivexx:
        log(f"Note: {fivexx:,} answers were 502/503, the documented answer when the source failed and nothing was saved "
            "(502 garbled or refused, 503 'try again' with Retry-After); see the 5xx by mode and route above.")
    if any(int(w[k]) for k in ("connect", "read", "write", "timeout")):
        failures.append("wrk saw socket errors (connect, read, write or timeout)")
    if run.ws_stats["disconnects"] or run.ws_stats["refused"]:
        failures.append(f"exchange sockets lost {run.ws_stats['disconnects']} times, refused {run.ws_stats['refused']}")
    unexpected = sum(n for (op, st), n in run.order_stats["answers"].items() if st not in (200, 201))
    if unexpected:
        failures.append(f"{unexpected} unexpected order answers")
    for what, growth in (("memory (quarter means)", memory_growth), ("open files (quarter means)", fd_growth)):
        if growth is None or growth >= FLAT_PERCENT:
            failures.append(f"{what} not flat within {FLAT_PERCENT} % ({growth if growth is None else round(growth, 1)} %)")
    if run.health != 200 or run.exit_code != 0:
        failures.append(f"server after the load: health {run.health}, exit {run.exit_code}")
    elif run.exit_seconds is None or run.exit_seconds >= SIGTERM_SECONDS:
        failures.append(f"SIGTERM took {run.exit_seconds:.1f} s, not under {SIGTERM_SECONDS} s")
    log("")
    log("goals missed: " + "; ".join(failures) if failures else
        f"goals met: no 500, no socket errors or lost sockets, memory and open files flat within {FLAT_PERCENT} % "
        f"(quarter means), exit 0 within {SIGTERM_SECONDS} s of SIGTERM")
    if run.args.keep or failures:
        log(f"kept (database, logs, /metrics before and after): {run.workdir}")
    return 1 if failures else 0


def summarize(run, wrk_stdout):
    """Prints the report, judges the goals; returns the exit code."""
    w, by_status, by_mode_5xx = read_wrk(wrk_stdout)
    fivexx = report_http(run, w, by_status, by_mode_5xx)
    report_orders(run)
    report_sockets(run)
    report_upstream(run)
    memory_growth, fd_growth = report_memory(run)
    report_server(run)
    return judge(run, w, by_status, fivexx, memory_growth, fd_growth)
