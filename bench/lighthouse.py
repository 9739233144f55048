"""Lighthouse's scores for the site as `make dist` builds it, on a host that gzips as GitHub Pages does.

Run: `.venv/bin/python bench/lighthouse.py [--runs N] [--root DIST]`. Lighthouse (npm `lighthouse`, pinned in
bench/lighthouse-npm/package-lock.json and installed there at the first run, so that `make test` and `make
serve` never download it; the site never loads it) drives Debian's Chromium with its mobile
preset: a slow 4G network and a CPU slowed 4x, simulated. Each run is a first visit in a fresh profile.
Prints each category's score and, for performance, the largest contentful paint, the total blocking time,
the longest tasks and the bytes Lighthouse counted; and, since Lighthouse 12.2 cannot name the largest
paint's element with this Chromium, each largest-paint candidate of a first visit in a phone-sized
Playwright page (when, its size, which element). Figures only: nothing fails.

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

from playwright.sync_api import sync_playwright  # noqa: E402

import dist  # noqa: E402
import host  # noqa: E402
from chromium import ARGS, CHROMIUM, TIMEOUT_MS  # noqa: E402

NPM = Path(__file__).resolve().parent / "lighthouse-npm"  # its own package.json and lock
LIGHTHOUSE = NPM / "node_modules" / ".bin" / "lighthouse"
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
    # Lighthouse 12.2 exits 1 on an audit it could not run (with Chromium 156 its trace-element gatherer
    # fails, and with it the largest paint's element) yet writes its report: the report is what counts.
    done = subprocess.run(command, env={**os.environ, "CHROME_PATH": CHROMIUM}, timeout=600)
    if not out.exists():
        raise RuntimeError(f"lighthouse wrote no report (exit {done.returncode})")
    report: dict[str, Any] = json.loads(out.read_text())
    return report


# Each candidate for the largest contentful paint: ms, its size, the element (id or class) and its text.
LARGEST = """window.__largest = [];
new PerformanceObserver((list) => { for (const entry of list.getEntries()) {
  const node = entry.element;
  const name = node ? (node.id ? "#" + node.id : "." + node.className) : "?";
  const text = (node?.textContent ?? "").slice(0, 24);
  window.__largest.push([Math.round(entry.startTime), entry.size, `${name} ${text}`]);
} }).observe({ type: "largest-contentful-paint", buffered: true });"""


def largest_paints(url: str) -> list[list[Any]]:
    """The largest-paint candidates of a first visit to `url` on a phone's screen, until the board plays."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = browser.new_context(viewport={"width": 412, "height": 823}, is_mobile=True, has_touch=True)
        context.add_init_script(LARGEST)
        page = context.new_page()
        page.goto(url, timeout=TIMEOUT_MS)
        page.wait_for_selector("#board:not([data-state=loading])", timeout=TIMEOUT_MS)
        page.wait_for_timeout(500)
        found: list[list[Any]] = page.evaluate("window.__largest")
        browser.close()
    return found


def summary(report: dict[str, Any]) -> dict[str, Any]:
    audits = report["audits"]
    tasks = audits.get("long-tasks", {}).get("details", {}).get("items", [])
    return {
        "scores": {name: report["categories"][name]["score"] for name in CATEGORIES},
        "lcp": audits["largest-contentful-paint"]["numericValue"],
        "fcp": audits["first-contentful-paint"]["numericValue"],
        "tbt": audits["total-blocking-time"]["numericValue"],
        "bytes": audits["total-byte-weight"]["numericValue"],
        "long_tasks": [(round(t["startTime"]), round(t["duration"]), t.get("url", "")) for t in tasks[:6]],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--root", type=Path, help="a built site to score (default: dist/ of this tree)")
    args = parser.parse_args(argv)
    if not LIGHTHOUSE.exists():
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=NPM, check=True)
    with tempfile.TemporaryDirectory() as folder:
        root = args.root
        if root is None:
            root = Path(folder) / "dist"
            dist.build(root)
        server = host.start(root, host.Kind.GZIP)
        url = f"http://127.0.0.1:{server.server_address[1]}/index.html"
        load = "{:.1f} {:.1f} {:.1f}".format(*os.getloadavg())
        runs = [summary(run(url, Path(folder) / f"run{n}.json")) for n in range(args.runs)]
        paints = largest_paints(url)
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
    print(f"largest paints  (ms, size, element), first visit: {paints}")
    print(f"longest tasks (start ms, ms, script), first run: {runs[0]['long_tasks']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
