"""Reads package-benchmark's text tables and prints each (bourse)/(baseline) pair's p50s and ratio.

When a benchmark's name gives its work as a count of things ("1M transactions", "50 queries"),
the time metrics also get each side's time per thing (e.g. "38.2 ns/transaction")."""
import re
import sys

UNITS = {"ns": 1e-9, "μs": 1e-6, "us": 1e-6, "ms": 1e-3, "s": 1.0}


def parse(lines):
    """{benchmark name: {metric: (p50, unit seconds or None)}} from the plugin's tables."""
    results, name, columns = {}, None, []
    for line in lines:
        line = line.rstrip("\n")
        if line and not line.startswith(("│", "╒", "╞", "├", "╘", "=", " ")) and "(" in line:
            name = line.strip()
            results[name] = {}
            continue
        if not line.startswith("│") or name is None:
            continue
        cells = [c.strip() for c in line.strip("│").split("│")]
        if cells[0] == "Metric":
            columns = cells
            continue
        if "p50" not in columns:
            continue
        metric = cells[0].rstrip(" *")
        match = re.search(r"\(([^)]+)\)$", metric)
        unit = UNITS.get(match.group(1)) if match else None
        value = float(cells[columns.index("p50")].replace(",", "").replace("K", "e3").replace("M", "e6"))
        results[name][re.sub(r"\s*\([^)]*\)$", "", metric)] = (value, unit)
    return results


def per_item(name):
    """(count, singular noun) from the first "<number>[K|M] <noun>" in a benchmark's name, or None."""
    match = re.search(r"\b(\d+)([KM]?) ([a-z]+)", name)
    if not match:
        return None
    count = int(match.group(1)) * {"": 1, "K": 1_000, "M": 1_000_000}[match.group(2)]
    noun = match.group(3)
    noun = noun[:-3] + "y" if noun.endswith("ies") else noun[:-1] if noun.endswith("s") else noun
    return count, noun


def shown_per_item(seconds, item):
    """A time per item in the unit that reads best, e.g. "38.2 ns/transaction"."""
    count, noun = item
    nanoseconds = seconds / count * 1e9
    for unit, size in (("s", 1e9), ("ms", 1e6), ("μs", 1e3)):
        if nanoseconds >= size:
            return f"{nanoseconds / size:.3g} {unit}/{noun}"
    return f"{nanoseconds:.3g} ns/{noun}"


def main(path):
    results = parse(open(path, encoding="utf-8"))
    print(
        "\n| Benchmark | metric | bourse p50 | baseline p50 | ratio | bourse per item | baseline per item |"
        "\n| --- | --- | --- | --- | --- | --- | --- |"
    )
    for name in sorted(results):
        if not name.endswith("(bourse)"):
            continue
        base = name[: -len("(bourse)")] + "(baseline)"
        for metric, (ours, unit) in results[name].items():
            if base not in results or metric not in results[base]:
                continue
            theirs, base_unit = results[base][metric]
            a = ours * (unit or 1)
            b = theirs * (base_unit or 1)
            ratio = f"{b / a:.1f}x" if a else "n/a"
            shown = lambda v, u: f"{v:g} s" if u else f"{v:g}"
            item = per_item(name) if unit and base_unit else None
            each = f"{shown_per_item(a, item)} | {shown_per_item(b, item)}" if item else " | "
            print(f"| {name[:-len(' (bourse)')]} | {metric} | {shown(a, unit)} | {shown(b, base_unit)} | {ratio} | {each} |")


if __name__ == "__main__":
    main(sys.argv[1])
