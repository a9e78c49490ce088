#!/usr/bin/env python3
"""Derive Sources/BundledData/Resources/prices/price-levels.csv from the S&P 500 one-year prices.

Usage: scripts/derive-price-levels.py [SOURCE_CSV] [OUTPUT_CSV]
Defaults: ../shared/data/prices/sp500_all_2017-02-08_2018-02-07.csv and the bundled path.

For each symbol: its last close, the sample standard deviation of its daily log returns
(close to close), and its average daily volume. Rows with an empty or non-positive close are
skipped; rows with empty open/high/low (a quirk of the source, e.g. BHF on 2017-07-26) still
carry a close and a volume and are used for those. Python standard library only.
"""
import csv
import math
import os
import sys
from decimal import Decimal

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_SOURCE = os.path.join(ROOT, "..", "shared", "data", "prices", "sp500_all_2017-02-08_2018-02-07.csv")
DEFAULT_OUTPUT = os.path.join(ROOT, "Sources", "BundledData", "Resources", "prices", "price-levels.csv")
MIN_RETURNS = 20  # fewer returns than this say too little about a stock's volatility


def main():
    source = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_SOURCE
    output = sys.argv[2] if len(sys.argv) > 2 else DEFAULT_OUTPUT
    series = {}
    with open(source, newline="") as handle:
        for row in csv.DictReader(handle):
            close = row["close"].strip()
            if not close or Decimal(close) <= 0:
                continue
            volume = int(row["volume"] or 0)
            series.setdefault(row["Name"], []).append((row["date"], Decimal(close), volume))

    rows = []
    for symbol in sorted(series):
        days = sorted(series[symbol])
        closes = [float(close) for _, close, _ in days]
        returns = [math.log(b / a) for a, b in zip(closes, closes[1:])]
        if len(returns) < MIN_RETURNS:
            continue
        mean = sum(returns) / len(returns)
        variance = sum((r - mean) ** 2 for r in returns) / (len(returns) - 1)
        volatility = math.sqrt(variance)
        average_volume = round(sum(v for _, _, v in days) / len(days))
        last_close = days[-1][1].quantize(Decimal("0.01"))
        rows.append((symbol, str(last_close), f"{volatility:.5f}", str(average_volume)))

    os.makedirs(os.path.dirname(output), exist_ok=True)
    with open(output, "w", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["symbol", "last_close", "daily_volatility", "average_volume"])
        writer.writerows(rows)
    print(f"wrote {len(rows)} symbols to {output}", file=sys.stderr)


if __name__ == "__main__":
    main()
