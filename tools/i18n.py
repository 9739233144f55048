"""The page's texts in every language: extracted from the sources, kept in one GNU gettext catalogue per
language (po/<name>.po, committed), compiled for the page (i18n/, generated), and checked.

`python tools/i18n.py` (`make generate` runs it) extracts every English text, updates each catalogue (a new
text comes in empty, a text gone stays as obsolete until removed: no translation is ever guessed), and
writes, per language, i18n/<tag>.json (index.html's texts, which js/frame.js puts in the page before its
first paint) and i18n/<tag>.mo (the Python's texts, which js/boot.mjs hands to Python: web/i18n.py), and
those of the pseudo-locale en-XA. `python tools/i18n.py check` says what a catalogue lacks (the tests run
it: tests/tools/test_i18n.py); `python tools/i18n.py add TAG` starts the catalogue of a language added to
LANGUAGES; `--drop-obsolete` removes the entries no source has any more. docs/languages.md says it all.

Where texts come from:
- Python (py/, but the command line): the literal arguments of `_`, `N_` (marks a text translated later),
  `ngettext`, `pgettext`, `npgettext`; a comment starting `Translators:` just above goes with it.
- index.html: the elements and attributes marked `data-i18n` and `data-i18n-attr` (tools/pagetexts.py).
  JavaScript has no texts of its own: what it says is in index.html.
Plural forms are CLDR's for whole numbers (tools/plurals.py).

Glossary:
    tag        a language as BCP 47 names it (pt-BR), as the page and the browser do
    name       gettext's name for it (pt_BR): its catalogue is po/<name>.po
    template   every English text with its context and where it is used: po/messages.pot (generated)
    catalogue  one language's translations of the template: po/<name>.po
    static     a text of index.html, which the page shows before Python runs
    pseudo     en-XA: every text accented and about 40% longer, placeholders kept; any English left
               visible in it is a text the catalogues miss
    forms      how many plural forms a language has for whole numbers, from CLDR (Unicode's data, in Babel)
"""

from __future__ import annotations

import argparse
import ast
import copy
import datetime
import io
import json
import math
import re
import sys
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from pagetexts import PAGE, MarkError, Static, elements, parse_page, static_texts
from plurals import Plurals, plural_forms
from ui.i18n import ACCENTED  # the pseudo-locale accents texts as the page accents its formats

ROOT = Path(__file__).resolve().parent.parent
FRAME = "js/frame.js"
PO = "po"
TEMPLATE = "po/messages.pot"
OUT = "i18n"
SOURCE = "en"  # the language the sources are written in


@dataclass(frozen=True)
class Language:
    tag: str
    own_name: str  # as the Language setting lists it, never translated
    rtl: bool = False

    @property
    def name(self) -> str:
        return self.tag.replace("-", "_")


# The languages the page speaks beside English (by English name). js/frame.js and index.html's
# <select name="language"> list the same, the setting in SETTING_ORDER: `check` says where one differs.
LANGUAGES = (
    Language("ar", "العربية", rtl=True),
    Language("zh-Hans", "简体中文"),
    Language("zh-Hant", "繁體中文"),
    Language("cs", "Čeština"),
    Language("nl", "Nederlands"),
    Language("fr", "Français"),
    Language("de", "Deutsch"),
    Language("he", "עברית", rtl=True),
    Language("hi", "हिन्दी"),
    Language("id", "Bahasa Indonesia"),
    Language("it", "Italiano"),
    Language("ja", "日本語"),
    Language("ko", "한국어"),
    Language("fa", "فارسی", rtl=True),
    Language("pl", "Polski"),
    Language("pt-BR", "Português (Brasil)"),
    Language("pt-PT", "Português (Portugal)"),
    Language("ru", "Русский"),
    Language("es", "Español"),
    Language("sv", "Svenska"),
    Language("th", "ไทย"),
    Language("tr", "Türkçe"),
    Language("uk", "Українська"),
    Language("vi", "Tiếng Việt"),
)
ENGLISH = Language(SOURCE, "English")
PSEUDO = Language("en-XA", "English (pseudo)")  # generated; chosen by ?lang=en-XA only


def by_own_name(language: Language) -> tuple[str, str]:
    """Where a language comes in the Language setting: by its own name, as a player finds it there whatever
    language the page speaks. Its letters without their marks (Čeština among the C's, Türkçe after Tiếng
    Việt), so the names in the Latin alphabet come first, then each script's in the order of its place in
    Unicode (Cyrillic, Hebrew, Arabic, Devanagari, Thai, Hangul, the Han characters), as lists of languages
    by their own names commonly run."""
    bare = "".join(c for c in unicodedata.normalize("NFD", language.own_name) if not unicodedata.combining(c))
    return bare.casefold(), language.tag


SETTING_ORDER = tuple(sorted((*LANGUAGES, ENGLISH), key=by_own_name))  # English among them


class LanguageError(ValueError):
    """A language `add` cannot start a catalogue for."""


# -- Python's texts ---------------------------------------------------------------------------------

# Each keyword with the places of its message arguments (Babel's notation: (1, 'c') is the context).
KEYWORDS: dict[str, tuple[int | tuple[int, str], ...] | None] = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
}
LITERAL_ARGUMENTS = {"_": 1, "N_": 1, "ngettext": 2, "pgettext": 2, "npgettext": 3}
COMMENT_TAG = "Translators:"
COMMAND_LINE = {"cli.py", "__main__.py"}  # never run in the page


@dataclass(frozen=True)
class Found:
    """A text as the sources have it."""

    msgid: str | tuple[str, str]  # (singular, plural) for ngettext
    context: str | None
    path: str  # relative to the root, POSIX
    line: int
    comments: tuple[str, ...] = ()


def python_sources(root: Path = ROOT) -> list[Path]:
    return sorted(p for p in (root / "py").rglob("*.py") if p.name not in COMMAND_LINE)


def python_texts(path: Path, root: Path = ROOT) -> list[Found]:
    relative = path.relative_to(root).as_posix()
    with path.open("rb") as file:
        found = extract("python", file, KEYWORDS, (COMMENT_TAG,), strip_comment_tags=True)
        return [
            Found(message if isinstance(message, str) else (message[0], message[1]), context, relative, line,
                  tuple(comments))
            for line, message, comments, context in found
        ]


def literal_problems(path: Path, root: Path = ROOT) -> list[Problem]:
    """Calls of a translation function whose text is not a literal string: an f-string or a variable is
    not extracted, so it would never be translated. But for `_()`, which also translates a text marked with
    `N_()` where it is used (`_(WORDS[look])`, `_(NAME)`): there only a text built on the spot is refused (an
    f-string, a concatenation, a call)."""
    problems = []
    tree = ast.parse(path.read_text(), str(path))
    # Inside an f-string a call is part of one string token to Babel's extractor on Python 3.11: not seen.
    hidden = {id(n) for f in ast.walk(tree) if isinstance(f, ast.JoinedStr) for n in ast.walk(f)}
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        if node.func.id in LITERAL_ARGUMENTS and id(node) in hidden and any(map(is_literal, node.args)):
            where = f"{path.relative_to(root).as_posix()}:{node.lineno}"
            problems.append(Problem(where, "", f"{node.func.id}() inside an f-string is never extracted"))
            continue
        name = node.func.id
        wanted = LITERAL_ARGUMENTS.get(name, 0)
        arguments = node.args[:wanted]
        allowed = is_marked_elsewhere if name == "_" else is_literal
        if wanted and (len(arguments) < wanted or not all(allowed(a) for a in arguments)):
            where = f"{path.relative_to(root).as_posix()}:{node.lineno}"
            problems.append(Problem(where, "", f"{name}() needs literal strings, or it is never extracted"))
    return problems


def is_literal(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def is_marked_elsewhere(node: ast.expr) -> bool:
    """A literal, or a name, item or attribute that holds a text marked with N_() where it is defined."""
    return is_literal(node) or isinstance(node, ast.Name | ast.Subscript | ast.Attribute)


# -- index.html's texts (tools/pagetexts.py) -------------------------------------------------------------


def page_texts(root: Path = ROOT) -> list[Found]:
    return [Found(t.msgid, t.context, PAGE, t.line) for t in static_texts((root / PAGE).read_text())]


# -- the template ------------------------------------------------------------------------------------

HEADER = "Minesweeper's texts{what}. Translate the msgstr lines: docs/languages.md says how."
FIXED_DATE = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)  # generated files do not change by the day


def template(root: Path = ROOT) -> Catalog:
    """Every English text of the page and its Python, with where each is used."""
    catalog = Catalog(project="Minesweeper", version="1", creation_date=FIXED_DATE, revision_date=FIXED_DATE,
                      header_comment="# " + HEADER.format(what=""), fuzzy=False)
    found = page_texts(root) + [t for path in python_sources(root) for t in python_texts(path, root)]
    for text in found:
        message = catalog.add(text.msgid, locations=[(text.path, text.line)], context=text.context,
                              auto_comments=text.comments)
        if message is not None:
            message.flags.discard("python-format")  # texts use named {placeholders}, never %
    return catalog


def uses(message: Message) -> set[str]:
    """Who reads a message: 'page' (index.html, through js/frame.js), 'python' (through the .mo)."""
    return {"page" if path == PAGE else "python" for path, _ in message.locations}


# -- plural forms (tools/plurals.py) ---------------------------------------------------------------------


def plurals(language: Language) -> Plurals:
    return plural_forms(SOURCE if language == PSEUDO else language.name)


def set_plurals(catalog: Catalog, forms: Plurals) -> None:
    catalog._num_plurals = forms.count  # Babel's own fields for a Plural-Forms header it read
    catalog._plural_expr = forms.expression


# -- catalogues ----------------------------------------------------------------------------------------


def po_path(language: Language, root: Path = ROOT) -> Path:
    return root / PO / f"{language.name}.po"


def english_name(language: Language) -> str:
    return str(Locale.parse(language.name).english_name)


def new_catalogue(language: Language) -> Catalog:
    now = datetime.datetime.now(datetime.UTC).replace(microsecond=0)
    catalogue = Catalog(locale=language.name, project="Minesweeper", version="1", creation_date=now,
                        revision_date=now, fuzzy=False)
    catalogue.language_team = f"{english_name(language)} <{language.tag}>"
    return catalogue


def updated(catalogue: Catalog, base: Catalog, language: Language, drop_obsolete: bool = False) -> Catalog:
    """The catalogue with the template's texts: a new one empty (every plural form), a changed one in as new
    (no fuzzy guess from a similar text), one gone kept as obsolete unless dropped."""
    forms = plurals(language)
    set_plurals(catalogue, forms)
    catalogue.update(copy.deepcopy(base), no_fuzzy_matching=True, update_creation_date=False)
    catalogue.header_comment = "# " + HEADER.format(what=f" in {english_name(language)}")
    for message in catalogue:
        message.flags.discard("python-format")  # Babel reads '20% u' as one; texts use {placeholders} only
        if message.string is None:
            message.string = ""
        if message.id and message.pluralizable and not any(message.string):
            message.string = ("",) * forms.count
    if drop_obsolete:
        catalogue.obsolete.clear()
    return catalogue


def po_text(catalogue: Catalog) -> str:
    out = io.BytesIO()
    write_po(out, catalogue, include_lineno=False, width=110)
    return out.getvalue().decode()


def read_catalogue(path: Path) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, abort_invalid=True)


def write_if_changed(path: Path, data: str | bytes) -> bool:
    raw = data.encode() if isinstance(data, str) else data
    if path.exists() and path.read_bytes() == raw:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    return True


# -- the pseudo-locale ---------------------------------------------------------------------------------

# What stays exactly as it is: {placeholders} (with a format spec), markup placeholders, escaped braces.
KEPT = re.compile(r"\{\{|\}\}|\{[^{}]*\}|</?\d+/?>")
LONGER = 0.4


def pseudo(text: str) -> str:
    """'[Ñéŵ ĝåɱé·····]': every letter accented, placeholders as they are, 40% longer with the brackets."""
    pieces = KEPT.split(text)
    kept = KEPT.findall(text)
    shown = sum(len(p) for p in pieces)
    out = pieces[0].translate(ACCENTED)
    for placeholder, piece in zip(kept, pieces[1:], strict=True):
        out += placeholder + piece.translate(ACCENTED)
    padding = max(0, math.ceil(shown * LONGER) - 2)
    return f"[{out}{'·' * padding}]"


def pseudo_catalogue(base: Catalog) -> Catalog:
    catalogue = Catalog(locale=SOURCE, project="Minesweeper", version="1", creation_date=FIXED_DATE,
                        revision_date=FIXED_DATE, fuzzy=False)
    set_plurals(catalogue, plurals(PSEUDO))
    for message in base:
        if message.id:
            ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
            string = tuple(pseudo(i) for i in ids) if message.pluralizable else pseudo(ids[0])
            catalogue.add(message.id, string, locations=message.locations, context=message.context)
    return catalogue


# -- what the page reads ---------------------------------------------------------------------------------


def is_translated(message: Message) -> bool:
    strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
    return bool(message.id) and not message.fuzzy and all(strings)


def page_file(catalogue: Catalog, texts: list[Static]) -> str:
    """i18n/<tag>.json: each translated text of index.html as [element, key, text], where element counts the
    marked elements in document order; `elements` is how many there are, so that a page that does not
    match (another version) keeps its English."""
    translated = []
    for text in texts:
        message = catalogue.get(text.msgid, text.context)
        if message is not None and is_translated(message):
            translated.append([text.element, text.key, message.string])
    count = len({t.element for t in texts})
    return json.dumps({"elements": count, "texts": translated}, ensure_ascii=False, separators=(",", ":"))


def python_file(catalogue: Catalog) -> bytes:
    """i18n/<tag>.mo: the translated texts Python reads (not index.html's), with the plural forms."""
    compiled = Catalog(locale=catalogue.locale, fuzzy=False, creation_date=FIXED_DATE,
                       revision_date=FIXED_DATE)
    compiled._num_plurals, compiled._plural_expr = catalogue.num_plurals, catalogue.plural_expr
    for message in catalogue:
        if is_translated(message) and "python" in uses(message):
            compiled.add(message.id, message.string, context=message.context)
    out = io.BytesIO()
    write_mo(out, compiled)
    return out.getvalue()


# -- checks ----------------------------------------------------------------------------------------------

BRACES = re.compile(r"\{([^{}!:.\[]*)[^{}]*\}")


def placeholders(text: str) -> set[str]:
    return set(BRACES.findall(text.replace("{{", "").replace("}}", "")))


def braced(names: set[str]) -> str:
    return ", ".join("{" + name + "}" for name in sorted(names))


def markup(text: str) -> list[str]:
    return re.findall(r"</?\d+/?>", text)


@dataclass(frozen=True)
class Problem:
    where: str  # the catalogue's file (po/fr.po), or the source's
    message: str  # the msgid, '' for the file as a whole
    what: str

    def __str__(self) -> str:
        about = f" {self.message!r}:" if self.message else ""
        return f"{self.where}:{about} {self.what}"


def _strings(message: Message) -> tuple[str, ...]:
    return tuple(message.string) if isinstance(message.string, tuple | list) else (message.string,)


def _ids(message: Message) -> tuple[str, ...]:
    return tuple(message.id) if isinstance(message.id, tuple | list) else (message.id,)


def check_message(expected: Message, message: Message, forms: Plurals) -> Iterator[str]:
    """What is wrong with one translation, in words."""
    if message.fuzzy:
        yield "fuzzy: check the translation, then remove the fuzzy flag"
    strings, ids = _strings(message), _ids(expected)
    if expected.pluralizable != message.pluralizable:
        yield f"{'plural' if expected.pluralizable else 'not plural'} in the template, not here"
        return
    if expected.pluralizable and len(strings) != forms.count:
        last = forms.count - 1
        yield f"{len(strings)} plural forms, the language has {forms.count} (msgstr[0] to msgstr[{last}])"
    empty = [i for i, s in enumerate(strings) if not s]
    if empty:
        yield "not translated" if len(empty) == len(strings) else f"plural form {empty[0]} not translated"
        return
    wanted = set().union(*(placeholders(i) for i in ids))
    required = placeholders(ids[-1])
    for form, string in enumerate(strings):
        have = placeholders(string)
        which = f"plural form {form}: " if expected.pluralizable else ""
        if have - wanted:
            yield f"{which}{braced(have - wanted)} is not in the English text"
        missing = required - have
        if missing and not (expected.pluralizable and form in forms.single and len(missing) == 1):
            yield f"{which}{braced(missing)} dropped"
        if sorted(markup(string)) != sorted(markup(ids[-1])):
            yield f"{which}the markup placeholders are {markup(string)}, the English has {markup(ids[-1])}"


def check_catalogue(base: Catalog, catalogue: Catalog, language: Language, where: str) -> list[Problem]:
    """Everything one catalogue lacks or has wrong, against the template."""
    problems = []
    forms = plurals(language)
    if catalogue.plural_forms != forms.header:
        problems.append(Problem(where, "", f"Plural-Forms is {catalogue.plural_forms!r}, CLDR's is "
                                           f"{forms.header!r} (python tools/i18n.py sets it)"))
    for expected in base:
        if not expected.id:
            continue
        message = catalogue.get(expected.id, expected.context)
        if message is None:
            problems.append(Problem(where, _ids(expected)[0], "missing (python tools/i18n.py adds it)"))
            continue
        wrong = check_message(expected, message, forms)
        problems.extend(Problem(where, _ids(expected)[0], what) for what in wrong)
    for message in catalogue:
        if message.id and base.get(message.id, message.context) is None:
            problems.append(Problem(where, _ids(message)[0], "no source uses it (python tools/i18n.py)"))
    for key in catalogue.obsolete:
        msgid = key[0] if isinstance(key, tuple) else key
        drop = "python tools/i18n.py --drop-obsolete"
        problems.append(Problem(where, msgid, f"obsolete: reuse its translation, or drop it ({drop})"))
    return problems


def check_languages(root: Path = ROOT) -> list[Problem]:
    """The languages js/frame.js negotiates (and writes right to left) and the Language setting offers are
    LANGUAGES, each with a catalogue and no other catalogue."""
    problems = []
    frame = (root / FRAME).read_text()
    rtl = [language.tag for language in LANGUAGES if language.rtl]
    for name, tags in (("LANGUAGES", [language.tag for language in LANGUAGES]), ("RTL", rtl)):
        listed = re.search(f'const {name} = "([^"]*)"', frame)
        if listed is None or sorted(listed.group(1).split()) != sorted(tags):
            problems.append(Problem(FRAME, "", f"{name} must list {' '.join(tags)}"))
    page = parse_page((root / PAGE).read_text())
    selects = (e for e in elements(page) if e.tag == "select" and e.attrs.get("name") == "language")
    select = next(selects, None)
    options = [e for e in elements(select) if e.tag == "option"] if select else []
    listed = [(o.attrs.get("value"), o.attrs.get("lang"), o.text()) for o in options[1:]]
    wanted = [(language.tag, language.tag, language.own_name) for language in SETTING_ORDER]
    if not options or options[0].attrs.get("value") != "auto" or listed != wanted:
        problems.append(Problem(PAGE, "", "the Language setting must offer 'auto', then each language "
                                          f"(value and lang its tag, its own name): {wanted}"))
    present = {p.stem for p in (root / PO).glob("*.po")}
    for language in LANGUAGES:
        if language.name not in present:
            problems.append(Problem(f"{PO}/{language.name}.po", "", "missing: python tools/i18n.py add "
                                                                     f"{language.tag}"))
    for stray in sorted(present - {language.name for language in LANGUAGES}):
        problems.append(Problem(f"{PO}/{stray}.po", "", "not a language of LANGUAGES (tools/i18n.py)"))
    return problems


def check(root: Path = ROOT, base: Catalog | None = None, languages: Iterable[Language] = LANGUAGES,
          po: Path | None = None) -> list[Problem]:
    """Every problem of the catalogues in `po` (ROOT/po) against the sources' texts now (or `base`)."""
    problems = [p for path in python_sources(root) for p in literal_problems(path, root)]
    base = template(root) if base is None else base
    po = root / PO if po is None else po
    for language in languages:
        path = po / f"{language.name}.po"
        if path.exists():
            where = path.relative_to(po.parent).as_posix()
            problems += check_catalogue(base, read_catalogue(path), language, where)
    return problems


# -- the commands ------------------------------------------------------------------------------------------


def update(root: Path = ROOT, drop_obsolete: bool = False) -> list[str]:
    """The template and every existing catalogue brought up to the sources; the files written."""
    base = template(root)
    written = [TEMPLATE] if write_if_changed(root / TEMPLATE, pot_text(base)) else []
    for language in LANGUAGES:
        path = po_path(language, root)
        if path.exists():
            text = po_text(updated(read_catalogue(path), base, language, drop_obsolete))
            if write_if_changed(path, text):
                written.append(path.relative_to(root).as_posix())
    return written


def pot_text(base: Catalog) -> str:
    out = io.BytesIO()
    write_po(out, base, width=110)
    return out.getvalue().decode()


def compile_all(root: Path = ROOT) -> list[str]:
    """i18n/<tag>.json and i18n/<tag>.mo for each language and the pseudo-locale; nothing else stays there."""
    base = template(root)
    texts = static_texts((root / PAGE).read_text())
    catalogues = [(language, read_catalogue(po_path(language, root))) for language in LANGUAGES
                  if po_path(language, root).exists()]
    catalogues.append((PSEUDO, pseudo_catalogue(base)))
    out = root / OUT
    files: dict[str, str | bytes] = {}
    for language, catalogue in catalogues:
        files[f"{language.tag}.json"] = page_file(catalogue, texts)
        files[f"{language.tag}.mo"] = python_file(catalogue)
    written = [f"{OUT}/{name}" for name, data in files.items() if write_if_changed(out / name, data)]
    # A file's compressed sibling (tools/compress.py, written after this) stays with its file.
    for stale in sorted(p for p in out.iterdir() if p.name.removesuffix(".gz") not in files):
        stale.unlink()
        written.append(f"{OUT}/{stale.name} (removed)")
    return written


def write(root: Path = ROOT) -> list[str]:
    """What `make generate` runs: the catalogues updated, then compiled."""
    return update(root) + compile_all(root)


def add(tag: str, root: Path = ROOT) -> Path:
    """A new, empty catalogue for a language of LANGUAGES."""
    language = next((x for x in LANGUAGES if x.tag == tag), None)
    if language is None:
        raise LanguageError(f"language {tag!r}: add it to LANGUAGES in tools/i18n.py first")
    path = po_path(language, root)
    if path.exists():
        raise LanguageError(f"language {tag!r}: {path.relative_to(root)} exists already")
    write_if_changed(path, po_text(updated(new_catalogue(language), template(root), language)))
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", nargs="?", default="update", choices=("update", "check", "add"))
    parser.add_argument("tag", nargs="?", help="add: the language's BCP 47 tag, as LANGUAGES has it")
    parser.add_argument("--drop-obsolete", action="store_true", help="update: remove texts no source has")
    args = parser.parse_args(argv)
    try:
        if args.command == "add":
            if not args.tag:
                parser.error("add needs a tag")
            print(f"i18n: {add(args.tag).relative_to(ROOT)} written")
            return 0
        if args.command == "check":
            return report(check_languages() + check())
        written = update(drop_obsolete=args.drop_obsolete) + compile_all()
    except (LanguageError, MarkError) as error:
        print(f"i18n: {error}", file=sys.stderr)
        return 2
    print(f"i18n: {', '.join(written) or 'unchanged'}")
    return 0


def report(problems: list[Problem], out: Callable[[str], object] = print) -> int:
    for problem in problems:
        out(str(problem))
    out(f"i18n: {len(problems)} problem{'s' if len(problems) != 1 else ''}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
