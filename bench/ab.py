"""Two checkouts of the site, A and B, started in turn (A, B, B, A, A, B...) in fresh browser profiles on a
desktop: a first visit, a reload, a launch. Prints each side's medians and B's paired difference, so that a
change's cost to the start is measured on one machine's load, not two.

    python bench/ab.py /work/ab-before /work/ab-after --runs 6

Each folder is a checkout with its runtime vendored and its files generated (`make generate` there).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

import serve
from page import Visits, visits

KINDS = ("cold", "warm", "home")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", type=Path)
    parser.add_argument("b", type=Path)
    parser.add_argument("--runs", type=int, default=6)
    args = parser.parse_args()
    servers = {side: serve.start(root) for side, root in (("A", args.a), ("B", args.b))}
    urls = {side: f"http://127.0.0.1:{s.server_address[1]}/index.html" for side, s in servers.items()}
    measured: dict[str, list[Visits]] = {"A": [], "B": []}
    before = os.getloadavg()[0]
    try:
        with sync_playwright() as playwright:
            for run in range(args.runs):
                order = ("A", "B") if run % 2 == 0 else ("B", "A")  # neither side always goes first
                for side in order:
                    measured[side].append(visits(playwright, urls[side], snapshot=True))
    finally:
        for server in servers.values():
            server.shutdown()
    load = f"load {before:.1f} -> {os.getloadavg()[0]:.1f}"
    print(f"A = {args.a}, B = {args.b}: {args.runs} runs each, alternated; {load}")
    for kind in KINDS:
        a = [getattr(v, kind).ready for v in measured["A"]]
        b = [getattr(v, kind).ready for v in measured["B"]]
        paired = [y - x for x, y in zip(a, b, strict=True)]
        medians = f"A median {statistics.median(a):6.0f} ms  B median {statistics.median(b):6.0f} ms"
        spread = f"{statistics.median(paired):+5.0f} ms (range {min(paired):+.0f} to {max(paired):+.0f})"
        print(f"start-up {kind:<4} {medians}  B - A paired median {spread}")


if __name__ == "__main__":
    main()
