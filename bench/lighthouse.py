"""Lighthouse's scores for the site as `make dist` builds it, on a host that gzips as GitHub Pages does.

Run: `.venv/bin/python bench/lighthouse.py [--runs N] [--root DIST]`. Lighthouse (npm `lighthouse`, a pinned
devDependency that only this tool runs; the site never loads it) drives Debian's Chromium with its mobile
preset: a slow 4G network and a CPU slowed 4x, simulated. Each run is a first visit in a fresh profile.
Prints each category's score and, for performance, the largest contentful paint (and its element), the
total blocking time, the longest tasks and the bytes Lighthouse counted. Figures only: nothing fails.

Without --root it builds dist/ from this tree into a temporary folder; give --root to score another build
(an older version's dist/, for the figures before a change).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import dist  # noqa: E402
import host  # noqa: E402
from chromium import CHROMIUM  # noqa: E402

LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
CHROME_FLAGS = "--headless --no-sandbox --disable-gpu"
GOAL = 0.75  # issue 30: mobile performance at least this


def run(url: str, out: Path) -> dict[str, Any]:
    """One Lighthouse run of `url` (mobile preset, its defaults); its JSON report."""
    command = [
        str(LIGHTHOUSE),
        url,
        f"--only-categories={','.join(CATEGORIES)}",
        f"--chrome-flags={CHROME_FLAGS}",
        "--output=json",
        f"--output-path={out}",
        "--quiet",
    ]
    subprocess.run(command, check=True, env={**os.environ, "CHROME_PATH": CHROMIUM}, timeout=600)
    report: dict[str, Any] = json.loads(out.read_text())
    return report


def summary(report: dict[str, Any]) -> dict[str, Any]:
    audits = report["audits"]
    element = audits.get("largest-contentful-paint-element", {}).get("details", {})
    items = element.get("items", [{}])[0].get("items", [{}]) if element.get("items") else [{}]
    node = items[0].get("node", {}) if items else {}
    tasks = audits.get("long-tasks", {}).get("details", {}).get("items", [])
    return {
        "scores": {name: report["categories"][name]["score"] for name in CATEGORIES},
        "lcp": audits["largest-contentful-paint"]["numericValue"],
        "fcp": audits["first-contentful-paint"]["numericValue"],
        "tbt": audits["total-blocking-time"]["numericValue"],
        "bytes": audits["total-byte-weight"]["numericValue"],
        "lcp_element": node.get("selector") or node.get("snippet") or "?",
        "long_tasks": [(round(t["startTime"]), round(t["duration"]), t.get("url", "")) for t in tasks[:6]],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--root", type=Path, help="a built site to score (default: dist/ of this tree)")
    args = parser.parse_args(argv)
    if not LIGHTHOUSE.exists():
        parser.error(f"{LIGHTHOUSE} is missing: run `npm ci` (lighthouse is a devDependency)")
    with tempfile.TemporaryDirectory() as folder:
        root = args.root
        if root is None:
            root = Path(folder) / "dist"
            dist.build(root)
        server = host.start(root, host.Kind.GZIP)
        url = f"http://127.0.0.1:{server.server_address[1]}/index.html"
        load = "{:.1f} {:.1f} {:.1f}".format(*os.getloadavg())
        runs = [summary(run(url, Path(folder) / f"run{n}.json")) for n in range(args.runs)]
        server.shutdown()
    print(f"lighthouse (mobile preset) on {root}, gzip host, {args.runs} runs; load {load} -> ", end="")
    print("{:.1f} {:.1f} {:.1f}".format(*os.getloadavg()))
    for name in CATEGORIES:
        scores = [r["scores"][name] for r in runs]
        goal = ""
        if name == "performance":
            goal = f"  (goal >= {GOAL:.2f}: {'met' if statistics.median(scores) >= GOAL else 'NOT met'})"
        each = ", ".join(f"{score:.2f}" for score in scores)
        print(f"{name:<15} median {statistics.median(scores):.2f}  runs {each}{goal}")
    for key, label in (("fcp", "FCP"), ("lcp", "LCP"), ("tbt", "TBT")):
        values = [r[key] for r in runs]
        print(f"{label:<15} median {statistics.median(values) / 1000:.2f} s  runs "
              + ", ".join(f"{v / 1000:.2f}" for v in values))
    print(f"bytes           median {statistics.median(r['bytes'] for r in runs) / 1e6:.2f} MB")
    for r in runs:
        print(f"LCP element     {r['lcp_element']}")
    print(f"longest tasks (start ms, ms, script), first run: {runs[0]['long_tasks']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
