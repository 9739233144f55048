"""What a language costs a start: figures only (medians, with the range); compare figures taken together.

Run: `.venv/bin/python bench/languages.py [--runs N] [--messages N]` after `make generate`.

- Python, under Node in the vendored Pyodide with the page's trimmed standard library: importing gettext
  (from its bytecode, in a fresh interpreter: a start from a memory snapshot has it imported already), and
  reading a catalogue the size the page's will have once its Python texts are marked (--messages texts of
  about 80 characters, translated 40% longer in accented letters, a tenth of them plural with six forms, as
  Arabic's), as web/i18n.py reads it at every start.
- The page, in Chromium with a profile on disk, warm (the service worker installed, the memory snapshot
  kept): for English (nothing to fetch), the pseudo-locale (every text of index.html translated) and
  French (as its catalogue is now), from navigation start: the texts in place (js/frame.js's `texts` mark),
  the first contentful paint and the board ready; then which texts files each start fetched (only its own
  language's), and what installing the language costs Python in the page (the catalogue read and Intl's
  formatters made, web/i18n.py, timed again after the start).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from babel.messages.catalog import Catalog  # noqa: E402

import i18n  # noqa: E402
from chromium import ARGS, CHROMIUM, DESKTOP, TIMEOUT_MS, served, vendored  # noqa: E402

# Node, the vendored Pyodide (the page's trimmed library with its bytecode): gettext's import, then the
# catalogue read `reads` times.
PYTHON = """
import { loadPyodide } from %(pyodide)s;
import fs from "node:fs";
const py = await loadPyodide();
py.FS.writeFile("/catalogue.mo", fs.readFileSync(%(catalogue)s));
console.log(py.runPython(`
import json, sys, time
start = time.perf_counter()
import gettext
imported = (time.perf_counter() - start) * 1000
reads = []
for _ in range(%(reads)d):
    start = time.perf_counter()
    with open("/catalogue.mo", "rb") as file:
        gettext.GNUTranslations(file)
    reads.append((time.perf_counter() - start) * 1000)
json.dumps({"import": imported, "reads": reads, "from": gettext.__spec__.origin})
`));
"""

READY_PROBE = """
document.addEventListener('readystatechange', () => performance.mark(document.readyState), {once: true});
addEventListener('DOMContentLoaded', () => performance.mark('DOMContentLoaded'));
new MutationObserver(() => {
  const board = document.getElementById('board');
  const ready = board && board.dataset.state !== 'loading';
  if (ready && window.__ready === undefined) window.__ready = performance.now();
}).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-state']});
"""
TIMES = """() => ({
  ...Object.fromEntries(performance.getEntriesByType('mark').map(m => [m.name, m.startTime])),
  texts: performance.getEntriesByName('texts')[0]?.startTime,
  paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
  ready: window.__ready,
})"""
# Installing the page's language again, once started: web/i18n.py's work at a start, minus gettext's import.
INSTALL = """async () => {
const boot = await import(new URL('js/boot.mjs', location.href));
return (await boot.loadPyodide()).runPython(`
import json, time
from web import i18n
times = []
for _ in range(20):
    start = time.perf_counter()
    i18n.install()
    i18n.i18n.formats().seconds(13.31, 2)  # one formatter made through the bridge
    times.append((time.perf_counter() - start) * 1000)
json.dumps(sorted(times)[len(times) // 2])
`);
}"""
LANGUAGES = {"English": "en", "pseudo": "en-XA", "French": "fr"}
TIMED = ("interactive", "DOMContentLoaded", "texts", "paint", "pyodide", "modules", "ready")


def synthetic(messages: int) -> bytes:
    """A catalogue of `messages` texts as i18n/<tag>.mo holds them: every one translated."""
    catalogue = Catalog(locale="ar", fuzzy=False)
    i18n.set_plurals(catalogue, i18n.plurals(next(x for x in i18n.LANGUAGES if x.tag == "ar")))
    for n in range(messages):
        text = f"Sentence {n} of the game, with a {{figure}} in it, about as long as a note in play."
        if n % 10:
            catalogue.add(text, i18n.pseudo(text), locations=[("py/ui/x.py", n)])
        else:
            plural = text.replace("Sentence", "Sentences")
            forms = tuple(i18n.pseudo(plural) for _ in range(6))
            catalogue.add((text, plural), forms, locations=[("py/ui/x.py", n)])
    return i18n.python_file(catalogue)


def python_side(messages: int) -> None:
    with tempfile.NamedTemporaryFile(suffix=".mo") as file:
        data = synthetic(messages)
        file.write(data)
        file.flush()
        script = PYTHON % {
            "pyodide": json.dumps((ROOT / "vendor" / "pyodide" / "pyodide.mjs").as_posix()),
            "catalogue": json.dumps(file.name),
            "reads": 15,
        }
        node = ["node", "--input-type=module", "-e", script]
        done = subprocess.run(node, capture_output=True, text=True, check=True)
    found = json.loads(done.stdout.strip().splitlines()[-1])
    origin = found["from"].rsplit("/", 1)[-1]
    print(f"python: import gettext {found['import']:.1f} ms (from {origin}), in a fresh Pyodide")
    size = f"{len(data) / 1000:.0f} KB"
    print(f"python: a catalogue of {messages} texts ({size}) read in {figures(found['reads'])} ms")


def start(page: Page, base: str, tag: str, fetched: list[str]) -> dict[str, float]:
    """One warm start in `tag` (a link's ?lang=, as each start here is): its times, the files in `fetched`."""
    fetched.clear()
    page.goto("about:blank")
    page.goto(f"{base}index.html?lang={tag}")
    page.wait_for_function("window.__ready !== undefined", timeout=TIMEOUT_MS)
    times: dict[str, float] = page.evaluate(TIMES)
    return times


def page_side(base: str, runs: int) -> None:
    with tempfile.TemporaryDirectory() as profile, sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=ARGS, viewport=DESKTOP
        )
        context.add_init_script(READY_PROBE)
        fetched: list[str] = []
        context.on("request", lambda request: fetched.append(request.url))
        page = context.new_page()
        page.goto(f"{base}index.html")
        page.wait_for_function("document.documentElement.dataset.snapshot !== undefined", timeout=TIMEOUT_MS)
        results: dict[str, list[dict[str, float]]] = {name: [] for name in LANGUAGES}
        files: dict[str, set[str]] = {name: set() for name in LANGUAGES}
        for _ in range(runs):  # interleaved, so that all see the same background load
            for name, tag in LANGUAGES.items():
                results[name].append(start(page, base, tag, fetched))
                files[name].update(url.rsplit("/", 1)[-1] for url in fetched if "/i18n/" in url)
        installs = {}
        for name, tag in LANGUAGES.items():
            start(page, base, tag, fetched)
            installs[name] = float(json.loads(page.evaluate(INSTALL)))
        context.close()
    for name in LANGUAGES:
        line = "  ".join(f"{key} {figures([r.get(key, math.nan) for r in results[name]])}" for key in TIMED)
        print(f"page, warm, {name:<8} {line}")
    for name in list(LANGUAGES)[1:]:
        # Paired with the English start of the same round: the machine's load moves both alike.
        after = [r["ready"] - e["ready"] for r, e in zip(results[name], results["English"], strict=True)]
        words = [r["texts"] - r["interactive"] for r in results[name] if "interactive" in r]
        print(f"page, warm, {name:<8} ready against English's in the same round {figures(after)} ms;"
              f" texts in place after the page is parsed {figures(words)} ms")
    for name in LANGUAGES:
        print(f"page, {name:<8} texts fetched: {', '.join(sorted(files[name])) or 'none'};"
              f" installing the language in Python: {installs[name]:.2f} ms")


def figures(values: list[float]) -> str:
    return f"{statistics.median(values):6.1f} ({min(values):.1f}-{max(values):.1f})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=8)
    parser.add_argument("--messages", type=int, default=600)
    args = parser.parse_args()
    if not vendored():
        print("bench: the runtime is not vendored: run `make generate`", file=sys.stderr)
        return 2
    python_side(args.messages)
    with served() as (base, _):
        page_side(base, args.runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
