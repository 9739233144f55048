"""The player's language as the page's Python sees it (ui/i18n.py): texts looked up when used, in the
language installed, with its plural forms, and figures in its way: English's as written for CPython,
others through CLDR (Babel here, the browser's Intl in the page)."""

from __future__ import annotations

import gettext
import io
from collections.abc import Iterator

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from ui import i18n
from ui.i18n import N_, _, formats, ngettext, npgettext, pgettext

from .babel_formats import BabelFormats

NNBSP, NBSP = "\u202f", "\u00a0"


# CLDR's forms, as po/ar.po has them (tools/i18n.py); Babel's own table orders the last two otherwise.
ARABIC = "n == 0 ? 0 : n == 1 ? 1 : n == 2 ? 2 : (n % 100 >= 3 && n % 100 <= 10) ? 3 : n % 100 >= 11 ? 4 : 5"


def translations(locale: str, entries: list[tuple[object, object, str | None]]) -> gettext.GNUTranslations:
    catalog = Catalog(locale=locale)
    if locale == "ar":
        catalog._num_plurals, catalog._plural_expr = 6, ARABIC
    for msgid, msgstr, context in entries:
        catalog.add(msgid, msgstr, context=context)
    out = io.BytesIO()
    write_mo(out, catalog)
    out.seek(0)
    return gettext.GNUTranslations(out)


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    yield
    i18n.install(i18n.SOURCE)  # each test leaves the language as a start finds it


def test_english_is_installed_until_a_language_is_and_texts_are_as_written() -> None:
    assert i18n.language().tag == "en" and not i18n.language().is_rtl
    assert _("Hint") == "Hint" and pgettext("menu", "Game") == "Game"
    assert [ngettext("{count} mine", "{count} mines", n) for n in (1, 2)] == ["{count} mine", "{count} mines"]
    assert N_("flag") == "flag"


def test_english_figures_are_cldr_s_but_for_seconds_which_keep_the_game_s_s() -> None:
    english = formats()
    assert english.number(1234.5, 1) == "1,234.5" and english.number(7) == "7"
    assert english.percent(0.12) == "12%" and english.percent(0.0525, 1) == "5.2%"
    assert english.seconds(13.31, 2) == "13.31 s" and english.seconds(131.04, 2) == "131.04 s"
    assert english.date("2026-11-25") == "Nov 25, 2026"
    lists = (["a"], ["a", "b"], ["a", "b", "c"])
    assert [english.join(items) for items in lists] == ["a", "a and b", "a, b, and c"]
    cldr = BabelFormats("en")
    for value in (0, 7, 1234.5, 1_000_000):
        assert english.number(value, 2) == cldr.number(value, 2)
    assert english.percent(0.125, 1) == cldr.percent(0.125, 1)
    assert english.date("2026-01-05") == cldr.date("2026-01-05")
    assert english.join(["x", "y", "z"]) == cldr.join(["x", "y", "z"])


def test_a_text_is_looked_up_when_used_so_a_table_made_at_import_follows_the_language() -> None:
    words = {"flag": N_("flag")}  # as a module would make it when imported, before any language
    i18n.install("fr", translations("fr", [("flag", "drapeau", None), ("Game", "Partie", "menu")]))
    assert _(words["flag"]) == "drapeau"
    assert pgettext("menu", "Game") == "Partie" and _("Game") == "Game"  # the context is part of the text
    assert _("not translated yet") == "not translated yet"


def test_a_sentence_in_french_has_its_figures_in_french() -> None:
    i18n.install("fr", translations("fr", [("Time: {time}", "Temps : {time}", None)]), BabelFormats("fr"))
    assert _("Time: {time}").format(time=formats().seconds(13.31, 2)) == f"Temps : 13,31{NNBSP}s"
    assert formats().percent(0.12) == f"12{NBSP}%"
    assert formats().number(1234.5, 1) == f"1{NNBSP}234,5"
    assert formats().date("2026-11-25") == "25 nov. 2026"
    assert formats().join(["a", "b", "c"]) == "a, b et c"


def test_arabic_has_six_plural_forms_and_reads_right_to_left() -> None:
    forms = ("لا ألغام", "لغم واحد", "لغمان", "{count} ألغام", "{count} لغمًا", "{count} لغم")
    catalogue = translations("ar", [(("{count} mine", "{count} mines"), forms, None)])
    i18n.install("ar", catalogue, BabelFormats("ar"))
    numbers = (0, 1, 2, 3, 11, 100)
    said = [ngettext("{count} mine", "{count} mines", n).format(count=formats().number(n)) for n in numbers]
    assert said == ["لا ألغام", "لغم واحد", "لغمان", "3 ألغام", "11 لغمًا", "100 لغم"]
    assert i18n.language().is_rtl
    assert npgettext("stats", "{count} game", "{count} games", 5) == "{count} games"  # untranslated: English


def test_persian_writes_persian_digits_and_other_languages_their_own_units() -> None:
    assert BabelFormats("fa").number(1234.5, 1) == "\u06f1\u066c\u06f2\u06f3\u06f4\u066b\u06f5"  # 1,234.5
    assert BabelFormats("de").seconds(13.31, 2) == "13,31\u00a0s"  # the symbol (ui/i18n.py SI_SECONDS)
    assert BabelFormats("tr").percent(0.12) == "%12"
    assert BabelFormats("pt-BR").join(["a", "b"]) == "a e b"
    assert BabelFormats("ja").seconds(5, 0) == "5 秒"


@pytest.mark.parametrize(
    ("tag", "said"),
    [("en", "Won. Saved."), ("zh-Hans", "Won.Saved."), ("ja", "Won.Saved."), ("ko", "Won. Saved.")],
)
def test_sentences_follow_one_another_as_the_language_writes_them(tag: str, said: str) -> None:
    i18n.install(tag)
    assert i18n.sentences("Won.", "", "Saved.") == said  # an empty one leaves no double gap


def test_a_sentence_begins_with_a_capital_whatever_its_placeholder_says() -> None:
    assert [i18n.capital(text) for text in ("row 2: safe.", "Zeile 2", "第 2 行", "", "3 mines")] == [
        "Row 2: safe.",
        "Zeile 2",
        "第 2 行",
        "",
        "3 mines",
    ]
    i18n.install("tr")
    try:
        assert i18n.capital("ipucu") == "İpucu"  # Turkish's dotted capital I
    finally:
        i18n.install(i18n.SOURCE)
