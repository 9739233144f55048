"""The page's language for Python: the one js/frame.js chose before the first paint (<html lang>, the one
source of it), its texts from the catalogue js/boot.mjs fetched and put in the file system before Python
started (i18n/<tag>.mo, compiled from po/ by tools/i18n.py), and its numbers, percentages, durations, dates
and lists written by the browser's Intl (the browser's own CLDR data: nothing to download).

`install()` runs once, first thing in py/main.py. A language the catalogue is missing for (a failed fetch)
speaks English texts with the language's formats. Changing the language reloads the page (`relaunch`):
js/frame.js then picks the new setting before the first paint, and every text is in it from the start.

Glossary:
    catalogue  the page language's compiled texts, CATALOGUES/<tag>.mo (gettext's format)
    tab        the language a link's ?lang= chose for this tab (sessionStorage TAB), which wins over the
               setting until the tab closes
"""

from __future__ import annotations

import contextlib
import gettext
import re
from collections.abc import Sequence
from typing import Any

from pyscript import document, window
from pyscript.ffi import to_js

from ui import i18n

CATALOGUES = "/home/pyodide/i18n"  # js/boot.mjs writes <tag>.mo there
TAB = "minesweeper.language"  # js/frame.js: a link's ?lang=, kept for the tab's reloads
TAG = re.compile(r"[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*")


def install() -> str:
    """Speak the page's language from now on; its tag."""
    tag = str(document.documentElement.lang or i18n.SOURCE)
    if not TAG.fullmatch(tag):
        tag = i18n.SOURCE
    english = tag.split("-")[0] == i18n.SOURCE  # en, and en-XA (the pseudo-locale)
    formats = i18n.Pseudo() if tag == i18n.PSEUDO else None if english else IntlFormats(tag)
    i18n.install(tag, catalogue(tag), formats)
    return tag


def catalogue(tag: str, folder: str = CATALOGUES) -> gettext.NullTranslations | None:
    """The texts for `tag`, or None (English, or no catalogue came)."""
    try:
        with open(f"{folder}/{tag}.mo", "rb") as file:
            return gettext.GNUTranslations(file)
    except OSError:
        return None


def relaunch() -> None:
    """The Language setting changed (and is saved): the page starts again in the language it now gives,
    this tab's choice from a link forgotten."""
    with contextlib.suppress(Exception):  # storage refused: nothing was kept there
        window.sessionStorage.removeItem(TAB)
    window.location.reload()


class IntlFormats:
    """Formats through the browser's Intl for `tag`, each formatter made once. Intl keeps the language's
    own digits (Persian's by default; Arabic's `ar` has Latin digits, as Intl gives them) and calendar (a
    Persian date in Persian, a Thai date in the Buddhist era)."""

    def __init__(self, tag: str) -> None:
        self.tag = tag
        self._made: dict[tuple[str, tuple[tuple[str, Any], ...]], Any] = {}

    def _formatter(self, kind: str, **options: Any) -> Any:
        key = (kind, tuple(sorted(options.items())))
        if key not in self._made:
            self._made[key] = getattr(window.Intl, kind).new(self.tag, to_js(options))
        return self._made[key]

    def _fixed(self, decimals: int) -> dict[str, int]:
        return {"minimumFractionDigits": decimals, "maximumFractionDigits": decimals}

    def number(self, value: float, decimals: int = 0) -> str:
        return str(self._formatter("NumberFormat", **self._fixed(decimals)).format(value))

    def percent(self, fraction: float, decimals: int = 0) -> str:
        return str(self._formatter("NumberFormat", style="percent", **self._fixed(decimals)).format(fraction))

    def seconds(self, value: float, decimals: int = 0) -> str:
        """'13,31 s'; an abbreviation's period is left out ('13,31 sn' in Turkish), since a sentence often
        ends with the time and would end with two; German writes the symbol (ui/i18n.py SI_SECONDS)."""
        if self.tag.split("-")[0] in i18n.SI_SECONDS:
            return f"{self.number(value, decimals)}\u00a0s"
        unit = {"style": "unit", "unit": "second", "unitDisplay": "short"}
        return str(self._formatter("NumberFormat", **unit, **self._fixed(decimals)).format(value)).rstrip(".")

    def date(self, day: str) -> str:
        year, month, date = (int(part) for part in day.split("-"))
        moment = window.Date.new(window.Date.UTC(year, month - 1, date))
        return str(self._formatter("DateTimeFormat", dateStyle="medium", timeZone="UTC").format(moment))

    def join(self, items: Sequence[str]) -> str:
        return str(self._formatter("ListFormat", type="conjunction").format(to_js(list(items))))
