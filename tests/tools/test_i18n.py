"""The catalogues (tools/i18n.py): every text extracted from the sources (Python's marked calls, index.html's
marked elements), each catalogue kept in step with them without a guessed translation, the pseudo-locale,
the files the page reads, and a check that names each missing, empty, fuzzy or obsolete entry and each
placeholder dropped, added or renamed. The real catalogues must pass it: until they are translated they do
not, and that test is expected to fail (remove its mark when the translations land)."""

from __future__ import annotations

import gettext
import io
import json
import re
import shutil
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.catalog import Catalog

import i18n
import pagetexts
from plurals import CLDR_ORDER
from ui import i18n as ui_i18n

ROOT = Path(__file__).resolve().parents[2]
FR = next(language for language in i18n.LANGUAGES if language.tag == "fr")
AR = next(language for language in i18n.LANGUAGES if language.tag == "ar")
PAGE = """<!doctype html>
<html lang="en"><head><title data-i18n>Minesweeper</title></head>
<body><button data-i18n>New game <kbd>F2</kbd></button></body></html>
"""


def texts_of(html: str) -> list[tuple[int, str, str, str | None]]:
    return [(t.element, t.key, t.msgid, t.context) for t in pagetexts.static_texts(html)]


def site(tmp_path: Path, sources: dict[str, str], page: str = PAGE) -> Path:
    """A site with these Python sources and this page, and the real frame.js."""
    for name, text in sources.items():
        (tmp_path / "py" / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "py" / name).write_text(text)
    (tmp_path / "index.html").write_text(page)
    (tmp_path / "js").mkdir(exist_ok=True)
    shutil.copy(ROOT / "js" / "frame.js", tmp_path / "js" / "frame.js")
    return tmp_path


def catalogue(
    language: i18n.Language, entries: list[tuple[object, object]], context: str | None = None
) -> Catalog:
    made = i18n.new_catalogue(language)
    i18n.set_plurals(made, i18n.plurals(language))
    for msgid, msgstr in entries:
        made.add(msgid, msgstr, context=context)
    return made


def po(path: Path, made: Catalog) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(i18n.po_text(made))
    return path


def problems(base: Catalog, made: Catalog, language: i18n.Language = FR) -> list[str]:
    return [str(p) for p in i18n.check_catalogue(base, made, language, f"po/{language.name}.po")]


def base_of(entries: list[object]) -> Catalog:
    base = Catalog(fuzzy=False)
    for msgid in entries:
        base.add(msgid, locations=[("py/ui/x.py", 1)])
    return base


# -- extraction --------------------------------------------------------------------------------------------


def test_every_kind_of_python_text_is_extracted_with_its_context_plural_and_note(tmp_path: Path) -> None:
    root = site(tmp_path, {"ui/x.py": (
        "from ui.i18n import N_, _, ngettext, npgettext, pgettext\n"
        "WORDS = {1: N_('flag')}\n"
        "# Translators: the win panel's title\n"
        "TITLE = _('You won!')\n"
        "def f(n):\n"
        "    return (ngettext('{count} mine', '{count} mines', n), pgettext('menu', 'Game'),\n"
        "            npgettext('stats', '{count} game', '{count} games', n))\n"
    ), "minesweeper/cli.py": "_('the command line is not the page')\n"})
    base = i18n.template(root)
    assert base.get("flag") is not None
    assert base.get("You won!").auto_comments == ["the win panel's title"]
    assert base.get("{count} mine").id == ("{count} mine", "{count} mines")
    assert base.get("Game", "menu") is not None and base.get("Game") is None
    assert base.get("{count} game", "stats").pluralizable
    assert base.get("the command line is not the page") is None
    assert base.get("New game <0>F2</0>").locations == [("index.html", 3)]


def test_a_text_that_is_not_a_literal_string_fails_the_check(tmp_path: Path) -> None:
    source = (
        "name = 'x'\n_(f'Hello {name}')\nngettext('a', plural, 2)\n_('fine')\n_(WORDS[name])\n_('a' + name)\n"
        "f'<p>{_(\"hidden\")}</p>'\n"
    )
    root = site(tmp_path, {"ui/x.py": source})
    found = [str(p) for p in i18n.check(root, languages=())]
    assert found == [
        "py/ui/x.py:2: _() needs literal strings, or it is never extracted",
        "py/ui/x.py:3: ngettext() needs literal strings, or it is never extracted",
        "py/ui/x.py:6: _() needs literal strings, or it is never extracted",  # a table's N_() text is fine
        "py/ui/x.py:7: _() inside an f-string is never extracted",
    ]


@pytest.mark.parametrize(
    ("html", "expected"),
    [
        ("<p data-i18n>Open every cell.\n   One <em>tells</em>.</p>", "Open every cell. One <0>tells</0>."),
        ('<label data-i18n><input type="checkbox"> Question marks (?)</label>', "Question marks (?)"),
        ('<label data-i18n>Long press to flag <input name="ms"> ms</label>', "Long press to flag <0/> ms"),
        ('<label data-i18n>First click\n <select><option>x</option></select></label>', "First click"),
        ("<li data-i18n><kbd>Tab</kbd> into the board, <kbd>Home</kbd>/<kbd>End</kbd>.</li>",
         "<0>Tab</0> into the board, <1>Home</1>/<2>End</2>."),
        ("<p data-i18n><strong data-i18n>Keep them?</strong> Saved here only.</p>", "Saved here only."),
        ("<button data-i18n>Beginner <small>9x9, 10 mines</small></button>", "Beginner <0>9x9, 10 mines</0>"),
        ("<p data-i18n>Privacy &amp; Security, 30%\u00a0mines</p>", "Privacy & Security, 30%\u00a0mines"),
    ],
)
def test_a_marked_element_is_one_whole_sentence_with_numbered_placeholders(html: str, expected: str) -> None:
    assert texts_of(html)[0][2] == expected


def test_attributes_and_contexts_are_messages_of_their_own_and_places_count_marked_elements() -> None:
    html = (
        '<meta name="description" content="Offline" data-i18n-attr="content">'
        '<div><span>not marked</span><button data-i18n="menu" data-i18n-attr="title aria-label"'
        ' title="Show a hint" aria-label="Hint">Hint</button></div>'
        '<option data-i18n="language">Same as this device</option>'
    )
    assert texts_of(html) == [
        (0, "content", "Offline", None),
        (1, "text", "Hint", "menu"),
        (1, "title", "Show a hint", None),
        (1, "aria-label", "Hint", None),
        (2, "text", "Same as this device", "language"),
    ]


@pytest.mark.parametrize(
    ("html", "error"),
    [
        ("<p data-i18n>Text <b>bold <i>and</i></b></p>", "<b> inside a message must hold plain text only"),
        ("<noscript><p data-i18n>No script</p></noscript>", "a mark inside <noscript>"),
        ("<p data-i18n> </p>", "has no text"),
        ("<p data-i18n>Open</div>", "</div> closes <p>"),
        ("<p data-i18n>Open", "<p> (line 1) is never closed"),
        ('<b data-i18n-attr="title">x</b>', "names 'title', which has no text"),
        ("<p data-i18n>1 &lt; 2</p>", "a '<' or '>' in a text would read as a placeholder"),
    ],
)
def test_a_mark_that_cannot_be_translated_stops_the_build_and_says_where(html: str, error: str) -> None:
    with pytest.raises(pagetexts.MarkError, match=re.escape(error)):
        pagetexts.static_texts(html)


def test_the_page_s_texts_include_its_loading_frame_settings_and_start_messages() -> None:
    texts = {t.msgid for t in pagetexts.static_texts((ROOT / "index.html").read_text())}
    assert {
        "Loading the game…",
        "Minefield",
        "Long press to flag <0/> ms",
        "New game <0>F2</0>",
        "The game could not start: {error}. Reload to try again.",
        "Same as this device",
        "Language",
    } <= texts
    assert not any("Lockdown" in t and "<" in t for t in texts)  # the no-WebAssembly message is plain text


# -- catalogues ----------------------------------------------------------------------------------------------


def test_plural_forms_are_cldr_s_for_whole_numbers() -> None:
    counts = {language.tag: i18n.plurals(language).count for language in i18n.LANGUAGES}
    assert counts == {
        "ar": 6, "zh-Hans": 1, "zh-Hant": 1, "cs": 3, "nl": 2, "fr": 3, "de": 2, "he": 3, "hi": 2,
        "id": 1, "it": 3, "ja": 1, "ko": 1, "fa": 2, "pl": 3, "pt-BR": 3, "pt-PT": 3, "ru": 3, "es": 3,
        "sv": 2, "th": 1, "tr": 2, "uk": 3, "vi": 1,
    }
    numbers = [*range(0, 1001), 1011, 1111, 10**6, 2 * 10**6, 10**6 + 1, 10**7]
    for language in i18n.LANGUAGES:
        forms = i18n.plurals(language)
        rule = Locale.parse(language.name).plural_form
        categories = [tag for tag in CLDR_ORDER if tag in {rule(n) for n in numbers}]
        form = gettext.c2py(forms.expression)
        assert [form(n) for n in numbers] == [categories.index(rule(n)) for n in numbers], language.tag
    assert i18n.plurals(AR).single == {0, 1, 2}  # zero, one and two: each said of one number only
    assert i18n.plurals(FR).single == frozenset()  # one is 0 and 1


def test_an_update_brings_new_texts_in_empty_keeps_old_ones_obsolete_and_guesses_nothing() -> None:
    made = catalogue(AR, [("Hint", "تلميح"), (("{count} mine", "{count} mines"), ("",) * 6)])
    base = base_of(["Hints", ("{count} mine", "{count} mines"), ("{count} flag", "{count} flags")])
    updated = i18n.updated(made, base, AR)
    assert updated.get("Hints").string == "" and not updated.get("Hints").fuzzy  # not the near "Hint"
    assert updated.get("{count} flag").string == ("",) * 6  # every Arabic form, ready to fill
    assert list(updated.obsolete) == ["Hint"]
    assert "#~ msgid \"Hint\"" in i18n.po_text(updated)
    assert not i18n.updated(made, base, AR, drop_obsolete=True).obsolete


def test_an_update_is_stable_and_the_committed_catalogues_have_every_text_of_the_sources() -> None:
    base = i18n.template()
    for language in i18n.LANGUAGES:
        path = i18n.po_path(language)
        text = path.read_text()
        assert i18n.po_text(i18n.updated(i18n.read_catalogue(path), base, language)) == text, (
            f"{path.relative_to(ROOT)} is not up to date with the sources: run `make generate`"
        )


# -- the check -----------------------------------------------------------------------------------------------

BASE = [
    "Hint",
    "Time: {time}",
    "New game <0>F2</0>",
    ("{count} mine", "{count} mines"),
]
DONE = [
    ("Hint", "Indice"),
    ("Time: {time}", "Temps : {time}"),
    ("New game <0>F2</0>", "Nouvelle partie <0>F2</0>"),
    (("{count} mine", "{count} mines"), ("{count} mine", "{count} de mines", "{count} mines")),
]


def with_entry(msgid: object, msgstr: object) -> list[tuple[object, object]]:
    return [(i, msgstr if i == msgid else s) for i, s in DONE]


def test_a_complete_catalogue_passes() -> None:
    assert problems(base_of(BASE), catalogue(FR, DONE)) == []


@pytest.mark.parametrize(
    ("msgid", "msgstr", "problem"),
    [
        ("Hint", "", "po/fr.po: 'Hint': not translated"),
        ("Time: {time}", "Temps", "po/fr.po: 'Time: {time}': {time} dropped"),
        ("Time: {time}", "Temps : {temps}", "po/fr.po: 'Time: {time}': {temps} is not in the English text"),
        ("Time: {time}", "Temps : {time} {n}", "po/fr.po: 'Time: {time}': {n} is not in the English text"),
        ("New game <0>F2</0>", "Nouvelle partie F2",
         "po/fr.po: 'New game <0>F2</0>': the markup placeholders are [], the English has ['<0>', '</0>']"),
        (("{count} mine", "{count} mines"), ("{count} mine", "{count} mines"),
         "po/fr.po: '{count} mine': 2 plural forms, the language has 3 (msgstr[0] to msgstr[2])"),
        (("{count} mine", "{count} mines"), ("{count} mine", "", "{count} mines"),
         "po/fr.po: '{count} mine': plural form 1 not translated"),
        (("{count} mine", "{count} mines"), ("une mine", "{count} de mines", "{count} mines"),
         "po/fr.po: '{count} mine': plural form 0: {count} dropped"),
    ],
)
def test_each_defect_of_a_translation_is_named_with_its_language_and_text(
    msgid: object, msgstr: object, problem: str
) -> None:
    made = catalogue(FR, with_entry(msgid, msgstr))
    found = problems(base_of(BASE), made)
    assert problem in found, found
    if problem.endswith("{temps} is not in the English text"):
        assert "po/fr.po: 'Time: {time}': {time} dropped" in found  # a rename is both


def test_missing_fuzzy_obsolete_and_stray_entries_are_named() -> None:
    made = catalogue(FR, [e for e in DONE if e[0] != "Hint"] + [("Flag", "Drapeau")])
    made.get("Time: {time}").flags.add("fuzzy")
    made.obsolete["Old"] = made.get("Flag").clone()
    found = problems(base_of(BASE), made)
    assert found == [
        "po/fr.po: 'Hint': missing (python tools/i18n.py adds it)",
        "po/fr.po: 'Time: {time}': fuzzy: check the translation, then remove the fuzzy flag",
        "po/fr.po: 'Flag': no source uses it (python tools/i18n.py)",
        "po/fr.po: 'Old': obsolete: reuse its translation, or drop it (python tools/i18n.py --drop-obsolete)",
    ]


def test_a_form_said_of_one_number_may_leave_the_number_out_but_no_other_form_may() -> None:
    base = base_of([("{count} mine", "{count} mines")])
    forms = ("لا ألغام", "لغم واحد", "لغمان", "{count} ألغام", "{count} لغمًا", "{count} لغم")
    assert problems(base, catalogue(AR, [(("{count} mine", "{count} mines"), forms)]), AR) == []
    wrong = (*forms[:5], "لغم")
    assert problems(base, catalogue(AR, [(("{count} mine", "{count} mines"), wrong)]), AR) == [
        "po/ar.po: '{count} mine': plural form 5: {count} dropped"
    ]


def test_a_plural_forms_header_other_than_cldr_s_is_named(tmp_path: Path) -> None:
    made = catalogue(FR, DONE)
    made._num_plurals, made._plural_expr = 2, "(n > 1)"
    assert problems(base_of(BASE[:1]), made)[0] == (
        "po/fr.po: Plural-Forms is 'nplurals=2; plural=(n > 1);', CLDR's is "
        "'nplurals=3; plural=(n == 0 || n == 1) ? 0 : (n != 0 && n % 1000000 == 0) ? 1 : 2;' "
        "(python tools/i18n.py sets it)"
    )


def test_a_new_english_text_without_an_entry_fails_the_check(tmp_path: Path) -> None:
    root = site(tmp_path, {"ui/x.py": "_('Hint')\n"}, page="<p>nothing marked</p>")
    po(root / "po" / "fr.po", catalogue(FR, [("Hint", "Indice")]))
    assert i18n.check(root, languages=[FR]) == []
    (root / "py" / "ui" / "x.py").write_text("_('Hint')\n_('Odds')\n")
    assert [str(p) for p in i18n.check(root, languages=[FR])] == [
        "po/fr.po: 'Odds': missing (python tools/i18n.py adds it)"
    ]


def test_the_report_names_each_problem_and_fails_only_with_some() -> None:
    lines: list[str] = []
    assert i18n.report([i18n.Problem("po/fr.po", "Hint", "not translated")], lines.append) == 1
    assert lines == ["po/fr.po: 'Hint': not translated", "i18n: 1 problem"]
    assert i18n.report([], lines.append) == 0


def test_the_languages_are_the_same_in_the_tool_the_frame_the_setting_python_and_po() -> None:
    assert i18n.check_languages() == []
    assert {language.tag for language in i18n.LANGUAGES if language.rtl} == ui_i18n.RTL
    listed = [language.tag for language in i18n.SETTING_ORDER]
    # By their own names, their letters' marks aside, the Latin alphabet's first, then each script's.
    assert listed[:6] == ["id", "cs", "de", "en", "es", "fr"]
    assert listed[12:16] == ["vi", "tr", "ru", "uk"]
    assert listed[-3:] == ["ja", "zh-Hans", "zh-Hant"]


def test_a_language_missing_from_the_frame_or_the_setting_is_named(tmp_path: Path) -> None:
    root = site(tmp_path, {}, page="<select name=language><option value=auto>Auto</option></select>")
    (root / "js" / "frame.js").write_text('const LANGUAGES = "fr";\nconst RTL = "ar fa he";\n')
    (root / "po").mkdir()
    (root / "po" / "xx.po").write_text("")
    found = [str(p) for p in i18n.check_languages(root)]
    assert found[0].startswith("js/frame.js: LANGUAGES must list ar zh-Hans")
    assert found[1].startswith("index.html: the Language setting must offer 'auto', then each language")
    assert "po/ar.po: missing: python tools/i18n.py add ar" in found
    assert found[-1] == "po/xx.po: not a language of LANGUAGES (tools/i18n.py)"


def test_every_catalogue_translates_every_text_of_the_sources() -> None:
    found = i18n.check()  # extracts the texts itself: a new English text without an entry fails here
    assert not found, f"{len(found)} problems, the first: {found[:5]}"


# -- the pseudo-locale and the files the page reads ----------------------------------------------------------


def test_the_pseudo_locale_accents_every_letter_keeps_placeholders_and_is_longer() -> None:
    text = "New game <0>F2</0>: {count} mines, {time:.2f} s"
    made = i18n.pseudo(text)
    assert re.findall(r"\{[^{}]*\}|</?\d+/?>", made) == re.findall(r"\{[^{}]*\}|</?\d+/?>", text)
    outside = re.sub(r"\{[^{}]*\}|</?\d+/?>", "", made)
    assert not re.search("[A-Za-z]", outside)
    assert len(outside) >= 1.35 * len(re.sub(r"\{[^{}]*\}|</?\d+/?>", "", text))
    assert i18n.pseudo("Hint").startswith("[Ĥîñţ") and i18n.pseudo("Hint").endswith("]")
    assert i18n.pseudo("{{not a placeholder}}").startswith("[{{ñöţ")


def test_the_page_s_file_holds_each_translated_text_by_place_and_key() -> None:
    texts = pagetexts.static_texts(PAGE.replace("<button", '<button title="Start" data-i18n-attr="title"'))
    made = catalogue(FR, [("Minesweeper", "Démineur"), ("New game <0>F2</0>", "Nouvelle partie <0>F2</0>")])
    made.add("Start", "Commencer", flags=["fuzzy"])  # not shown until checked
    assert json.loads(i18n.page_file(made, texts)) == {
        "elements": 2,
        "texts": [[0, "text", "Démineur"], [1, "text", "Nouvelle partie <0>F2</0>"]],
    }


def test_python_s_file_has_its_texts_and_plural_forms_for_gettext() -> None:
    made = catalogue(AR, [(("{count} mine", "{count} mines"), tuple(f"form {i}" for i in range(6)))])
    made.get(("{count} mine", "{count} mines")).locations = [("py/ui/x.py", 1)]
    made.add("Minesweeper", "كاسحة الألغام", locations=[("index.html", 9)])  # the page's: not in the .mo
    translations = gettext.GNUTranslations(io.BytesIO(i18n.python_file(made)))
    assert [translations.ngettext("{count} mine", "{count} mines", n) for n in (0, 1, 2, 3, 11, 100)] == [
        "form 0", "form 1", "form 2", "form 3", "form 4", "form 5"
    ]
    assert translations.gettext("Minesweeper") == "Minesweeper"


def test_the_generated_files_are_every_language_s_and_the_pseudo_locale_s_only(tmp_path: Path) -> None:
    root = site(tmp_path, {"ui/x.py": "_('Hint')\n"})
    po(root / "po" / "fr.po", catalogue(FR, [("Hint", "Indice")]))
    (root / "i18n").mkdir()
    (root / "i18n" / "gone.json").write_text("{}")
    written = i18n.compile_all(root)
    assert sorted(p.name for p in (root / "i18n").iterdir()) == ["en-XA.json", "en-XA.mo", "fr.json", "fr.mo"]
    assert "i18n/gone.json (removed)" in written and i18n.compile_all(root) == []
    pseudo = json.loads((root / "i18n" / "en-XA.json").read_text())
    assert [key for _, key, _ in pseudo["texts"]] == ["text", "text"]
