"""Reads package-benchmark's text tables and prints each (bourse)/(baseline) pair's p50s and ratio."""
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


def main(path):
    results = parse(open(path, encoding="utf-8"))
    print("\n| Benchmark | metric | bourse p50 | baseline p50 | ratio |\n| --- | --- | --- | --- | --- |")
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
            print(f"| {name[:-len(' (bourse)')]} | {metric} | {shown(a, unit)} | {shown(b, base_unit)} | {ratio} |")


if __name__ == "__main__":
    main(sys.argv[1])
