"""/metrics in Prometheus's text format: parsed, and what moved between two scrapes."""

import re


def parse_metrics(text):
    series = {}
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        match = re.match(r"^(\w+)(?:\{(.*)\})?\s+(\S+)$", line)
        if not match:
            continue
        labels = tuple(sorted(re.findall(r'(\w+)="((?:[^"\\]|\\.)*)"', match.group(2) or "")))
        series[(match.group(1), labels)] = float(match.group(3))
    return series


def metric_deltas(before, after, name):
    """{labels: after - before} for one metric, zero deltas left out."""
    out = {}
    for (metric, labels), value in after.items():
        if metric == name:
            delta = value - before.get((metric, labels), 0)
            if delta:
                out[labels] = delta
    return out
