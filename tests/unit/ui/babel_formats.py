"""ui.i18n.Formats from Unicode's CLDR through Babel, for CPython's tests: a sentence can be tested in
French or Arabic with the figures the page gives it, where web/i18n.py has the browser's Intl write them
from the same CLDR data. Babel's dates are Gregorian (Intl gives Persian and Thai their own calendars) and
its digits Latin, which this puts in the language's own digits as Intl does (Persian's)."""

from __future__ import annotations

import copy
import datetime
from collections.abc import Sequence

from babel import Locale
from babel.dates import format_date
from babel.lists import format_list
from babel.numbers import NumberPattern
from babel.units import format_unit

from ui.i18n import SI_SECONDS, English

ZEROS = {"latn": "0", "arab": "\u0660", "arabext": "\u06f0", "deva": "\u0966", "thai": "\u0e50"}


class BabelFormats:
    def __init__(self, tag: str) -> None:
        self.tag = tag
        self.locale = Locale.parse(tag.replace("-", "_"))
        zero = ZEROS.get(self.locale.default_numbering_system, "0")
        self.digits = str.maketrans("0123456789", "".join(chr(ord(zero) + d) for d in range(10)))

    def _fixed(self, pattern: NumberPattern, decimals: int) -> NumberPattern:
        fixed = copy.copy(pattern)
        fixed.frac_prec = (decimals, decimals)
        return fixed

    def number(self, value: float, decimals: int = 0) -> str:
        pattern = self._fixed(self.locale.decimal_formats[None], decimals)
        return pattern.apply(value, self.locale, numbering_system="default").translate(self.digits)

    def percent(self, fraction: float, decimals: int = 0) -> str:
        pattern = self._fixed(self.locale.percent_formats[None], decimals)
        return pattern.apply(fraction, self.locale, numbering_system="default").translate(self.digits)

    def seconds(self, value: float, decimals: int = 0) -> str:
        if self.locale.language == "en":
            return English().seconds(value, decimals)  # the game's 's', as web/i18n.py's English has it
        if self.locale.language in SI_SECONDS:
            return f"{self.number(value, decimals)}\u00a0s"  # as web/i18n.py
        pattern = self._fixed(self.locale.decimal_formats[None], decimals)
        made = format_unit(value, "duration-second", length="short", format=pattern, locale=self.locale,
                           numbering_system="default")
        return made.translate(self.digits)

    def date(self, day: str) -> str:
        made = format_date(datetime.date.fromisoformat(day), format="medium", locale=self.locale)
        return made.translate(self.digits)

    def join(self, items: Sequence[str]) -> str:
        return format_list(list(items), style="standard", locale=self.locale)
