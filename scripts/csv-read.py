#!/usr/bin/env python3
"""Reads a CSV file with Python's csv module, an independent reader for the tests of the
CSV exports (docs/exports.md).

Usage: csv-read.py FILE

Prints JSON: {"rows": [[cell, ...], ...], "rewritten": true|false}. The file is read as strict
UTF-8 and parsed with the excel dialect in strict mode (a stray quote is an error, exit 1).
"rewritten" says whether csv.writer, writing the same rows with CRLF line ends and minimal
quoting (RFC 4180), gives back the file byte for byte.
"""
import csv
import io
import json
import sys


def main() -> int:
    with open(sys.argv[1], "rb") as f:
        raw = f.read()
    text = raw.decode("utf-8", errors="strict")
    rows = list(csv.reader(io.StringIO(text, newline=""), dialect="excel", strict=True))
    out = io.StringIO(newline="")
    csv.writer(out, dialect="excel", lineterminator="\r\n", quoting=csv.QUOTE_MINIMAL).writerows(rows)
    json.dump({"rows": rows, "rewritten": out.getvalue() == text}, sys.stdout, ensure_ascii=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
