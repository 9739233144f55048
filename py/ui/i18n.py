"""The player's language: the functions every text of the page's Python goes through, and how numbers,
percentages, durations, dates and lists are written in it. Pure: web/i18n.py installs the language the page
chose (<html lang>, js/frame.js) once at start, with its catalogue and the browser's Intl for the formats;
CPython's tests install what they test. Until then, and for English, texts are as written.

Marking texts (tools/i18n.py extracts them, the catalogues under po/ translate them; docs/languages.md):
    _("Link to this board copied.")                       a text
    _("{name} won in {time}").format(name=..., time=...)  named placeholders, so a sentence stays whole
    ngettext("{count} mine", "{count} mines", n).format(count=formats().number(n))
    pgettext("menu", "Game")                              one English word with two uses: a context each
    npgettext(context, singular, plural, n)
    N_("flag")                                            marked only; translated where it is used:
                                                          WORDS = {Look.FLAG: N_("flag")} ... _(WORDS[look])
A text is translated when it is used, never when its module is imported: the memory snapshot
(web/snapshot.py) imports every module before any language is known. Each function takes literal strings
(tools/i18n.py fails on an f-string or a variable: it could not be extracted).

Glossary:
    tag       the language as BCP 47 names it (fr, pt-BR, zh-Hant, en-XA), as <html lang> has it
    formats   numbers, percentages, durations, dates and lists as the language writes them (Formats)
    day       a calendar day as the statistics keep it, 'YYYY-MM-DD'
"""

from __future__ import annotations

import gettext
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

SOURCE = "en"  # the language the texts are written in
RTL = frozenset({"ar", "fa", "he"})  # written right to left (the page mirrors: css/, js/frame.js)
# Languages whose seconds are the symbol s, not CLDR's short unit: German's is "Sek.", whose period doubled a
# sentence's at its end, and "Sek" without it is not German; timings there are written "9,58 s".
SI_SECONDS = frozenset({"de"})
UNSPACED = frozenset({"ja", "zh"})  # a sentence ends in 。 with no space before the next
DOTTED_I = frozenset({"az", "tr"})  # i is capitalised İ (Python's upper() gives I)


class Formats(Protocol):
    """Numbers and the like in a language's way."""

    def number(self, value: float, decimals: int = 0) -> str:
        """1234.5 with 1 decimal: '1,234.5' in English, '1 234,5' in French, in Persian digits in Persian."""
        ...

    def percent(self, fraction: float, decimals: int = 0) -> str:
        """0.12: '12%' in English, '12 %' in French, '%12' in Turkish."""
        ...

    def seconds(self, value: float, decimals: int = 0) -> str:
        """13.31 seconds, 2 decimals: '13.31 s' in English, '13,31 s' in French and German, '13.31 秒'."""
        ...

    def date(self, day: str) -> str:
        """A day, 'YYYY-MM-DD', in the language's medium style: 'Nov 25, 2026', '25 nov. 2026'."""
        ...

    def join(self, items: Sequence[str]) -> str:
        """Items as a list that ends with 'and': 'a, b, and c', 'a, b et c'."""
        ...


MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


class English:
    """English's formats as CLDR writes them (the browser's Intl gives the same), but for durations: the
    game's seconds are 's', where CLDR's short English unit is 'sec'."""

    def number(self, value: float, decimals: int = 0) -> str:
        return f"{value:,.{decimals}f}"

    def percent(self, fraction: float, decimals: int = 0) -> str:
        return f"{fraction * 100:,.{decimals}f}%"

    def seconds(self, value: float, decimals: int = 0) -> str:
        return f"{self.number(value, decimals)} s"

    def date(self, day: str) -> str:
        year, month, date = (int(part) for part in day.split("-"))
        return f"{MONTHS[month - 1]} {date}, {year}"

    def join(self, items: Sequence[str]) -> str:
        if len(items) < 3:
            return " and ".join(items)
        return f"{', '.join(items[:-1])}, and {items[-1]}"


PSEUDO = "en-XA"  # the pseudo-locale: every text accented (tools/i18n.py), and its formats' words too
ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "åƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
)


class Pseudo(English):
    """The pseudo-locale's formats: English's, their words accented (a month, 'and'), so that any English
    left on the page in en-XA is a text a catalogue misses."""

    def date(self, day: str) -> str:
        return super().date(day).translate(ACCENTED)

    def join(self, items: Sequence[str]) -> str:
        if len(items) < 3:
            return " åñđ ".join(items)
        return f"{', '.join(items[:-1])}, åñđ {items[-1]}"


@dataclass(frozen=True)
class Language:
    """The language installed: its tag, its translations and its formats."""

    tag: str
    translations: gettext.NullTranslations
    formats: Formats

    @property
    def is_rtl(self) -> bool:
        return self.tag.split("-")[0] in RTL


_installed = Language(SOURCE, gettext.NullTranslations(), English())


def install(
    tag: str, translations: gettext.NullTranslations | None = None, formats: Formats | None = None
) -> None:
    """Speak `tag` from now on: its translations (none: as written) and formats (none: English's)."""
    global _installed
    _installed = Language(tag, translations or gettext.NullTranslations(), formats or English())


def language() -> Language:
    return _installed


def formats() -> Formats:
    return _installed.formats


def capital(text: str) -> str:
    """A sentence that begins with a placeholder's words ("row 2, column 6: 33% chance of a mine.") begins
    with a capital, as any sentence does (Turkish's i as İ); a script with no capitals is left as it is."""
    first = text[:1]
    if not first.islower():
        return text
    dotted = first == "i" and _installed.tag.split("-")[0] in DOTTED_I
    return ("İ" if dotted else first.upper()) + text[1:]


def sentences(*parts: str) -> str:
    """Sentences one after another as the language writes them: a space between them, or none after
    Chinese's and Japanese's 。 (a space there shows as a gap); empty parts left out."""
    gap = "" if _installed.tag.split("-")[0] in UNSPACED else " "
    return gap.join(part for part in parts if part)


def _(message: str) -> str:
    return _installed.translations.gettext(message)


def N_(message: str) -> str:
    """Marks `message` for extraction; it is translated where it is used, with _()."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    return _installed.translations.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return _installed.translations.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return _installed.translations.npgettext(context, singular, plural, n)
