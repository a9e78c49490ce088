#!/usr/bin/env python3
"""Independent reference for GNB totals: prints {"SKU": "total" or null} as JSON.

Usage: scripts/gnb-reference.py RATES TRANSACTIONS [TARGET]

Files are JSON ([{"from","to","rate"}] / [{"sku","amount","currency"}], values as strings or
numbers) or XML (<rates><rate .../></rates> / <transactions><transaction .../></transactions>),
chosen by their first non-space character. Standard library only; a separate implementation of
the rules in docs/gnb.md, used by GNBCrossCheckTests to check the Swift core:

- edges: every given rate A->B (multiply, first one wins for a pair; rates <= 0 and A->A
  ignored), plus B->A dividing by it when B->A is not given;
- path: a given X->target rate if there is one; else the fewest hops, then the fewest inverted
  hops, then the smallest sequence of currency codes (found here by enumerating simple paths);
- money: each hop rounds to 2 places half-even; a total is the exact sum; any currency without
  a path makes the SKU's total null.
"""

import json
import sys
import xml.etree.ElementTree as ET
from decimal import Decimal, Context, ROUND_HALF_EVEN, localcontext

CENT = Decimal("0.01")
EXACT = Context(prec=200)


def load_records(path, root, element, fields):
    with open(path, "rb") as handle:
        raw = handle.read()
    text = raw.decode("utf-8-sig").lstrip()
    if text.startswith("<"):
        tree = ET.fromstring(text)
        if tree.tag != root:
            sys.exit(f"{path}: root element <{tree.tag}>, expected <{root}>")
        return [tuple(node.attrib[f] for f in fields) for node in tree if node.tag == element]
    data = json.loads(text, parse_float=str, parse_int=str)
    return [tuple(str(item[f]) for f in fields) for item in data]


def build_edges(rates):
    given = {}
    for source, dest, rate in rates:
        value = Decimal(rate)
        if source == dest or value <= 0 or (source, dest) in given:
            continue
        given[(source, dest)] = value
    edges = {}
    for (source, dest), value in given.items():
        edges.setdefault(source, []).append((dest, value, False))
        if (dest, source) not in given:
            edges.setdefault(dest, []).append((source, value, True))
    return given, edges


def best_path(start, target, given, edges):
    """A list of (to, rate, inverted) hops, or None."""
    if start == target:
        return []
    if (start, target) in given:
        return [(target, given[(start, target)], False)]
    best = None
    best_key = None
    stack = [(start, [start], [])]
    while stack:
        node, seen, hops = stack.pop()
        if node == target:
            key = (len(hops), sum(1 for h in hops if h[2]), seen)
            if best_key is None or key < best_key:
                best, best_key = hops, key
            continue
        for dest, value, inverted in edges.get(node, []):
            if dest not in seen:
                stack.append((dest, seen + [dest], hops + [(dest, value, inverted)]))
    return best


def convert(amount, hops):
    with localcontext(EXACT):
        value = amount
        if not hops:
            return value.quantize(CENT, rounding=ROUND_HALF_EVEN)
        for _, rate, inverted in hops:
            exact = value / rate if inverted else value * rate
            value = exact.quantize(CENT, rounding=ROUND_HALF_EVEN)
        return value


def main(argv):
    if len(argv) not in (3, 4):
        sys.exit("usage: gnb-reference.py RATES TRANSACTIONS [TARGET]")
    target = argv[3] if len(argv) == 4 else "EUR"
    rates = load_records(argv[1], "rates", "rate", ("from", "to", "rate"))
    transactions = load_records(argv[2], "transactions", "transaction", ("sku", "amount", "currency"))
    given, edges = build_edges(rates)
    paths = {}
    totals = {}
    with localcontext(EXACT):
        for sku, amount, currency in transactions:
            if currency not in paths:
                paths[currency] = best_path(currency, target, given, edges)
            hops = paths[currency]
            if sku not in totals:
                totals[sku] = Decimal("0.00")
            if hops is None or totals[sku] is None:
                totals[sku] = None
                continue
            totals[sku] = totals[sku] + convert(Decimal(amount), hops)
    print(json.dumps({sku: (None if t is None else str(t)) for sku, t in sorted(totals.items())}))


if __name__ == "__main__":
    main(sys.argv)
