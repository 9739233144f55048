"""The page's language as js/frame.js chooses it before the first paint, run under Node with the page's
globals stubbed: a link's ?lang= (this tab only, dropped from the address), the tab's earlier choice, the
Language setting (sessionStorage before localStorage), the browser's languages by best match, English.
Each case gives what the page would get: <html lang> and dir, the texts file fetched, the address after,
and what the tab keeps."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import i18n

from .conftest import node_json

FRAME = Path(__file__).resolve().parents[2] / "js" / "frame.js"

# Each case in a fresh context of its own: the script's globals, with storage that may refuse.
RUN = """
import vm from "node:vm";
import fs from "node:fs";
const source = fs.readFileSync(%(frame)s, "utf8");
const results = [];
for (const c of %(cases)s) {
  const store = (items) => {
    const kept = new Map(Object.entries(items ?? {}));
    return { getItem: (k) => (kept.has(k) ? kept.get(k) : null), setItem: (k, v) => kept.set(k, String(v)),
             removeItem: (k) => kept.delete(k), kept };
  };
  const session = store(c.session);
  const local = store(c.local);
  const root = { lang: "en", dir: "", dataset: {}, clientWidth: 1280, clientHeight: 800 };
  const fetched = [];
  let address = null;
  const page = {
    document: { documentElement: root, readyState: "loading", baseURI: c.base ?? "https://site/index.html",
                getElementById: () => ({ dataset: {}, style: { setProperty() {} }, addEventListener() {} }),
                addEventListener() {} },
    location: { search: c.search ?? "", hash: c.hash ?? "", pathname: "/index.html" },
    history: { state: null, replaceState: (state, title, url) => { address = url; } },
    navigator: { languages: c.languages ?? [], language: c.language },
    fetch: (url) => { fetched.push(String(url)); return new Promise(() => {}); },
    setTimeout: () => 0, performance: { mark() {} }, console, URL, URLSearchParams,
  };
  for (const [name, kept] of [["sessionStorage", session], ["localStorage", local]]) {
    const get = () => { if (c.refused) throw new Error("SecurityError"); return kept; };
    Object.defineProperty(page, name, { get });
  }
  vm.runInNewContext(source, page);
  results.push({ lang: root.lang, dir: root.dir, pending: root.dataset.texts ?? null, fetched, address,
                 tab: session.kept.get("minesweeper.language") ?? null });
}
console.log(JSON.stringify(results));
"""


def settings(language: str) -> dict[str, str]:
    return {"minesweeper.settings": json.dumps({"data": {"language": language, "theme": "dark"}})}


# (case, expected lang): the browser's languages, best match first.
DEVICE = [
    (["fr-FR", "en"], "fr"),
    (["fr-CA"], "fr"),
    (["de-AT", "fr"], "de"),
    (["nb", "sv-SE"], "sv"),  # Norwegian is not spoken: the next one
    (["nb"], "en"),
    (["pt"], "pt-BR"),
    (["pt-BR"], "pt-BR"),
    (["pt-br"], "pt-BR"),
    (["pt-PT"], "pt-PT"),
    (["pt-AO"], "pt-PT"),  # Portugal's Portuguese is Angola's too
    (["zh-TW"], "zh-Hant"),
    (["zh-HK"], "zh-Hant"),
    (["zh-MO"], "zh-Hant"),
    (["zh-Hant"], "zh-Hant"),
    (["zh-Hant-CN"], "zh-Hant"),  # the script over the region
    (["zh-CN"], "zh-Hans"),
    (["zh-SG"], "zh-Hans"),
    (["zh"], "zh-Hans"),
    (["zh-Hans-HK"], "zh-Hans"),
    (["ZH-tw"], "zh-Hant"),
    (["iw"], "he"),  # the old codes
    (["in"], "id"),
    (["ar-EG"], "ar"),
    (["fa-IR"], "fa"),
    (["EN-gb", "fr"], "en"),
    (["en-XA"], "en"),  # the pseudo-locale by a link only
    (["es-419"], "es"),
    (["*", "", "x", "ja-JP"], "ja"),  # not tags: skipped
    ([], "en"),
]


def run(cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    script = RUN % {"frame": json.dumps(FRAME.as_posix()), "cases": json.dumps(cases)}
    results: list[dict[str, Any]] = node_json(script)
    return results


@pytest.fixture(scope="module")
def device() -> list[dict[str, Any]]:
    return run([{"languages": languages} for languages, _ in DEVICE])


@pytest.mark.parametrize(
    ("index", "case"), list(enumerate(DEVICE)), ids=[" ".join(c[0]) or "none" for c in DEVICE]
)
def test_the_browser_s_languages_give_the_best_match(
    device: list[dict[str, Any]], index: int, case: tuple[list[str], str]
) -> None:
    assert device[index]["lang"] == case[1]


def test_each_language_s_direction_and_its_texts_fetched_while_english_fetches_nothing() -> None:
    tags = [language.tag for language in i18n.LANGUAGES]
    results = run([{"languages": [tag]} for tag in [*tags, "en"]])
    assert [r["lang"] for r in results] == [*tags, "en"]
    directions = ["rtl" if language.rtl else "ltr" for language in i18n.LANGUAGES]
    assert [r["dir"] for r in results] == [*directions, "ltr"]
    assert [r["fetched"] for r in results] == [[f"https://site/i18n/{tag}.json"] for tag in tags] + [[]]
    assert [r["pending"] for r in results] == ["pending"] * len(tags) + [None]  # css/page.css hides the words


CASES = [
    # The setting: sessionStorage's (before consent) before localStorage's; "auto" is the device's.
    ({"local": settings("de"), "languages": ["fr"]}, {"lang": "de"}),
    ({"local": settings("auto"), "languages": ["fr"]}, {"lang": "fr"}),
    ({"session": settings("it"), "local": settings("de"), "languages": ["fr"]}, {"lang": "it"}),
    ({"local": settings("xx-YY"), "languages": ["fr"]}, {"lang": "fr"}),
    ({"local": {"minesweeper.settings": "{damaged"}, "languages": ["fr"]}, {"lang": "fr"}),
    ({"local": settings("en-XA"), "languages": ["fr"]}, {"lang": "en"}),
    # A link: this tab's language, over the setting; gone from the address, the rest as written.
    ({"search": "?lang=ja", "local": settings("de"), "languages": ["fr"]},
     {"lang": "ja", "address": "/index.html", "tab": "ja"}),
    ({"search": "?level=expert&lang=ja&seed=7%2B1", "hash": "#board=3.2.iA", "languages": ["fr"]},
     {"lang": "ja", "address": "/index.html?level=expert&seed=7%2B1#board=3.2.iA", "tab": "ja"}),
    ({"search": "?lang=PT-pt"}, {"lang": "pt-PT", "tab": "pt-PT"}),
    ({"search": "?lang=en-XA"}, {"lang": "en-XA", "tab": "en-XA", "fetched": ["https://site/i18n/en-XA.json"]}),
    ({"search": "?lang=en", "session": {"minesweeper.language": "ko"}}, {"lang": "en", "tab": "en"}),
    # A language the page lacks stays in the address for Python, which says so and drops it (ui/links.py).
    ({"search": "?lang=xx&daily=", "languages": ["fr"]}, {"lang": "fr", "address": None, "tab": None}),
    ({"search": "?lang", "languages": ["fr"]}, {"lang": "fr", "address": "/index.html", "tab": None}),
    # The tab's choice from an earlier link, over the setting; ?lang=auto forgets it.
    ({"session": {"minesweeper.language": "ko"}, "local": settings("de")}, {"lang": "ko", "address": None}),
    ({"session": {"minesweeper.language": "en-XA"}}, {"lang": "en-XA"}),
    ({"search": "?lang=auto", "session": {"minesweeper.language": "ko"}, "local": settings("de")},
     {"lang": "de", "tab": None, "address": "/index.html"}),
    # Storage refused (some private modes): the link still works, for this page only.
    ({"search": "?lang=fr", "refused": True, "languages": ["de"]}, {"lang": "fr"}),
    ({"refused": True, "languages": ["de"]}, {"lang": "de"}),
    # The texts come from beside the page, wherever it is served.
    ({"languages": ["fr"], "base": "https://host/sub/path/index.html?x=1"},
     {"fetched": ["https://host/sub/path/i18n/fr.json"]}),
]


def test_a_link_the_tab_s_choice_and_the_setting_come_before_the_device() -> None:
    results = run([case for case, _ in CASES])
    for (case, expected), result in zip(CASES, results, strict=True):
        assert {key: result[key] for key in expected} == expected, case
