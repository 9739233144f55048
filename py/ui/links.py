"""Game links: the address parts that start a given game, read and written without the browser.

Glossary:
    board link  `#board=W.H.B`: a whole mine layout (the engine's board code), in the fragment so it never
                reaches a server log
    seed link   `?level=beginner|intermediate|expert&seed=N`: a repeatable random board, placed at the first
                click; a custom size says `size=W.H.M` instead of a level
    replay link `#replay=CODE`: a finished game to watch (minesweeper/replaycode.py); it wins over the rest
    analysis link `#analysis=W.H.M.CELLS`: a position for the analysis board (minesweeper/diagram.py); it
                names no game: the page opens it over the game it would have played anyway
    daily link  `?daily=YYYY-MM-DD&level=NAME`: that day's daily board (minesweeper/daily.py); `?daily`
                with no date is today's, with no level the level in play. It wins over a seed
    mode        `?mode=no-guess`: a no-guess game (the same seed gives another board without it, so a seed
                link of a no-guess game carries it)
    ours        the keys this module reads (level, seed, size, mode, daily; board in the fragment);
                `keep()` gives the address with only these removed, for history.replaceState
    errors      what was wrong, a Problem per bad part (which part, what it held, the engine's reason); a
                link with errors starts no game of its own (the game goes on, or a normal one starts)
    dropped     a bad seed or mode beside a part that still names a game (a board, a level or size, a seed):
                that game is played without it (`?level=expert&seed=1.5`: a random expert board), and the
                message says what was left out. So are the good parts the game named does not use: a replay
                link plays its own game, a board link its own board, a daily board is made from its day and
                level alone (`?daily=...&seed=5&mode=no-guess`: the seed and the mode are left out)
    language    `?lang=xx`: the tab's language, which js/frame.js takes (and drops from the address) when the
                page speaks it; one that reaches Python is a language the page lacks, dropped with a message
                as a bad part is, and the link's game (if it names one) plays without it
    words       a problem as the player reads it, in their language (`problem_words`): which part and what
                it held; the engine's reason stays in `detail`, in English, for developers

A replay link wins over the rest, a board link over a daily or seed link, a daily link over a seed; a link
wins over a resumed game (the app decides that).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import TypeVar

from minesweeper import LEVELS, Board, BoardError, Size, level
from minesweeper.codes import from_code, to_code
from minesweeper.daily import check_day
from minesweeper.diagram import Diagram
from minesweeper.diagram import from_code as diagram_from_code
from minesweeper.diagram import to_code as diagram_to_code
from minesweeper.grid import most_mines
from minesweeper.replaycode import Recording
from minesweeper.replaycode import from_code as replay_from_code
from minesweeper.replaycode import to_code as replay_to_code

from .i18n import N_, _, formats, language, ngettext, pgettext

QUERY_KEYS = ("level", "seed", "size", "mode", "daily")
LANGUAGE_KEY = "lang"  # not one of QUERY_KEYS: it names no game (see the glossary)
FRAGMENT_KEYS = ("board", "replay", "analysis")
MODES = ("no-guess",)
HEX = "0123456789abcdefABCDEF"
SEED = re.compile(r"[0-9]{1,20}")
SIZE = re.compile(r"([0-9]{1,3})\.([0-9]{1,3})\.([0-9]{1,6})")
T = TypeVar("T")


class Part(StrEnum):
    """The part of an address a problem is in."""

    BOARD = "board"
    LEVEL = "level"
    SIZE = "size"
    SEED = "seed"
    MODE = "mode"
    REPLAY = "replay"
    DAY = "daily"
    LEVEL_AND_SIZE = "level and size"
    DAILY_SIZE = "daily and size"
    BESIDE_REPLAY = "beside a replay"  # a good part a replay link does not use (`unused`)
    BESIDE_BOARD = "beside a board"
    BESIDE_DAILY = "beside a daily board"
    ANALYSIS = "analysis"
    LANGUAGE = "language"


@dataclass(frozen=True)
class Problem:
    """A part of an address that cannot be used: which, what it held (quoted to the player), and why in the
    engine's words (English, for developers)."""

    part: Part
    held: str
    detail: str


@dataclass(frozen=True)
class Link:
    """What an address asks for, and what in it could not be used."""

    board: Board | None = None
    size: Size | None = None  # from level= or size=
    seed: int | None = None
    no_guess: bool = False
    errors: tuple[Problem, ...] = ()
    present: bool = False  # the address carried at least one of our keys but the language
    dropped: tuple[Problem, ...] = ()  # bad parts left out of a game the rest still names; a language
    daily: str | None = None  # a daily board's day; "" for today's (the page knows the player's date)
    replay: Recording | None = None  # a finished game to watch
    analysis: Diagram | None = None  # a position to analyse


def parse(search: str, fragment: str) -> Link:
    """Read `location.search` ('?level=expert&seed=3') and `location.hash` ('#board=9.9.AAAA')."""
    query = {key: value for key, value, _ in pairs(search.removeprefix("?"))}
    hashed = {key: value for key, value, _ in pairs(fragment.removeprefix("#"))}
    present = any(k in query for k in QUERY_KEYS) or any(k in hashed for k in FRAGMENT_KEYS)
    errors: list[Problem] = []
    dropped: list[Problem] = []
    board = _read(errors, Part.BOARD, from_code, hashed.get("board"))
    size = _read(errors, Part.LEVEL, level, query.get("level"))
    custom = _read(errors, Part.SIZE, parse_size, query.get("size"))
    seed = _read(dropped, Part.SEED, parse_seed, query.get("seed"))
    mode = query.get("mode")
    if mode is not None and mode not in MODES:
        dropped.append(Problem(Part.MODE, mode, f"mode {mode!r}: must be {' or '.join(MODES)}"))
    if size is not None and custom is not None:
        both = f"level {query['level']!r} and size {query['size']!r}: give one or the other"
        errors.append(Problem(Part.LEVEL_AND_SIZE, query["size"], both))
    replay = _read(errors, Part.REPLAY, replay_from_code, hashed.get("replay"))
    daily = query.get("daily")
    if daily:
        daily = _read(errors, Part.DAY, check_day, daily)
    if daily is not None and custom is not None:
        either = f"daily with size {query['size']!r}: a daily board is beginner, intermediate or expert"
        errors.append(Problem(Part.DAILY_SIZE, query["size"], either))
    used = {"level": size, "size": custom, "seed": seed, "mode": mode == "no-guess" or None, "daily": daily}
    dropped += unused(
        {key: query[key] for key, part in used.items() if part is not None}, board, daily, replay
    )
    analysis = _read(errors, Part.ANALYSIS, diagram_from_code, hashed.get("analysis"))
    names_game = any(part is not None for part in (board, size, custom, seed, daily, replay, analysis))
    if errors or not names_game:
        errors, dropped = errors + dropped, []  # nothing good is left to play: the link is not used
    language = query.get(LANGUAGE_KEY)
    if language is not None:  # one js/frame.js left: the page does not speak it
        lacking = Problem(Part.LANGUAGE, language, f"lang {language!r}: the page has no such language")
        (errors if errors else dropped).append(lacking)
    return Link(
        board,
        size or custom,
        seed,
        mode == "no-guess",
        tuple(errors),
        present,
        tuple(dropped),
        daily,
        replay,
        analysis,
    )


def unused(
    parts: dict[str, str], board: Board | None, daily: str | None, replay: Recording | None
) -> list[Problem]:
    """The good `parts` of the query (key: value as written) that the game the link names does not use: a
    replay's, a board's, a daily board's (see `dropped`); one problem naming them all, as the address wrote
    them (`seed=5&mode=no-guess`)."""
    if replay is not None:
        part, gone = Part.BESIDE_REPLAY, {*parts, *(["board"] if board else [])}
    elif board is not None:
        part, gone = Part.BESIDE_BOARD, set(parts)
    elif daily is not None:
        part, gone = Part.BESIDE_DAILY, {"seed", "mode"} & set(parts)
    else:
        return []
    named = {**parts, "board": ""}
    keys = sorted(gone, key=KEYS.index)
    held = "&".join(f"{key}={named[key]}" if named[key] else key for key in keys)
    return [Problem(part, held, f"{held}: {UNUSED[part]}")] if keys else []


KEYS = ("board", "daily", "level", "size", "seed", "mode")  # the order a message names them in
UNUSED = {
    Part.BESIDE_REPLAY: "a replay link plays its own game",
    Part.BESIDE_BOARD: "a board link has its own board",
    Part.BESIDE_DAILY: "a daily board is made from its day and level alone",
}


def _read(errors: list[Problem], part: Part, reader: Callable[[str], T], text: str | None) -> T | None:
    if text is None:
        return None
    try:
        return reader(text)
    except BoardError as error:
        errors.append(Problem(part, text, str(error)))
        return None


WORDS = {
    Part.BOARD: N_("the board code “{held}” cannot be read"),
    Part.LEVEL: N_("“{held}” is not a level: beginner, intermediate or expert"),
    Part.SIZE: N_("“{held}” is not a board size: width, height and mines, as in 30.16.99"),
    Part.SEED: N_("the seed “{held}” is not a whole number of up to 20 digits"),
    Part.MODE: N_("the mode “{held}” is not known: only no-guess is"),
    Part.REPLAY: N_("the replay code cannot be read"),
    Part.DAY: N_("“{held}” is not a valid date (year-month-day)"),
    Part.LEVEL_AND_SIZE: N_("it gives both a level and a size"),
    Part.DAILY_SIZE: N_("a daily board is beginner, intermediate or expert, not a custom size"),
    Part.BESIDE_REPLAY: N_("a replay link plays its own game, so “{held}” is not used"),
    Part.BESIDE_BOARD: N_("a board link has its own board, so “{held}” is not used"),
    Part.BESIDE_DAILY: N_("a daily board is made from its day and level alone, so “{held}” is not used"),
    Part.ANALYSIS: N_("the position code cannot be read"),
    Part.LANGUAGE: N_("the language “{held}” is not available"),
}


FSI, PDI = "\u2068", "\u2069"  # Unicode's first-strong isolate and its end


def problem_words(problem: Problem) -> str:
    """What is wrong with a part of a link, as the player reads it: a clause, in their language. What the
    link held is set apart from a right-to-left sentence (an isolate): in Arabic, 9.9.zz read «zz.9.9»."""
    held = problem.held[:40]
    if language().is_rtl:
        held = f"{FSI}{held}{PDI}"
    crowded = too_many_mines(problem)
    if crowded is not None:  # the size is well written: its mines are what is wrong, as Custom says
        width, height = crowded
        most, number = most_mines(width, height), formats().number
        # Translators: a link's size (WIDTH.HEIGHT.MINES) whose mines fill its board: a clause of "Part of
        # this link was left out: {problems}." or "This link could not be used: {problems}. ...", as the
        # Custom dialog's sentence on the same fault says it ("A ... board takes 0 to ... mines.").
        return ngettext(
            "“{held}”: a {width}×{height} board takes 0 to {most} mine",
            "“{held}”: a {width}×{height} board takes 0 to {most} mines",
            most,
        ).format(held=held, width=number(width), height=number(height), most=number(most))
    return _(WORDS[problem.part]).format(held=held)


def too_many_mines(problem: Problem) -> tuple[int, int] | None:
    """The width and height of a size problem whose sides are fine but whose mines fill the board."""
    match = SIZE.fullmatch(problem.held) if problem.part is Part.SIZE else None
    if match is None:
        return None
    width, height, _mines = map(int, match.groups())
    try:
        Size(width, height, 0)  # the sides alone, as the engine checks them
    except BoardError:
        return None
    return width, height  # well written, sides fine, yet not a size: its mines were the fault


def problems_words(problems: tuple[Problem, ...]) -> str:
    """The problems' clauses in one sentence, apart by semicolons: joined as a list ("a, b and c"), a
    level's own choices ("beginner, intermediate or expert") ran into the next problem."""
    return pgettext("between a link's problems", "; ").join(problem_words(problem) for problem in problems)


def unusable(link: Link) -> str:
    """What the page says of a link that starts nothing."""
    return _("This link could not be used: {problems}. The board here is not the link's.").format(
        problems=problems_words(link.errors)
    )


def left_out(link: Link) -> str:
    """What the page says of a link that starts its game without some of its parts."""
    return _("Part of this link was left out: {problems}.").format(problems=problems_words(link.dropped))


def parse_seed(text: str) -> int:
    if SEED.fullmatch(text) is None:
        raise BoardError(f"seed {text!r}: must be a whole number, 0 or more, up to 20 digits")
    return int(text)


def parse_size(text: str) -> Size:
    match = SIZE.fullmatch(text)
    if match is None:
        raise BoardError(f"size {text!r}: must be WIDTH.HEIGHT.MINES, like 30.16.99")
    width, height, mines = map(int, match.groups())
    return Size(width, height, mines)


def keep(search: str, fragment: str) -> str:
    """The query and fragment without our keys ('' when nothing else is left), for replaceState."""
    ours = (*QUERY_KEYS, LANGUAGE_KEY)
    query = "&".join(raw for key, _, raw in pairs(search.removeprefix("?")) if key not in ours)
    hashed = "&".join(raw for key, _, raw in pairs(fragment.removeprefix("#")) if key not in FRAGMENT_KEYS)
    return (f"?{query}" if query else "") + (f"#{hashed}" if hashed else "")


# urllib.parse would do, but importing it costs 60 ms of the page's start in Pyodide.
def pairs(text: str) -> list[tuple[str, str, str]]:
    """`a=1&b=%20` as (key, decoded value, the part as written), in order; blank values kept."""
    found = []
    for raw in text.split("&"):
        if raw:
            key, _, value = raw.partition("=")
            found.append((unquote(key), unquote(value), raw))
    return found


def unquote(text: str) -> str:
    """Undo percent-encoding (and + for a space); a % not followed by two hex digits stays as it is."""
    if "%" not in text and "+" not in text:
        return text
    first, *rest = text.replace("+", " ").split("%")
    data = bytearray(first.encode())
    for part in rest:
        if len(part) >= 2 and all(c in HEX for c in part[:2]):
            data += bytes.fromhex(part[:2]) + part[2:].encode()
        else:
            data += b"%" + part.encode()
    return data.decode("utf-8", "replace")


def board_link(board: Board) -> str:
    return f"#board={to_code(board)}"


def replay_link(recording: Recording) -> str:
    return f"#replay={replay_to_code(recording)}"


def analysis_link(diagram: Diagram) -> str:
    return f"#analysis={diagram_to_code(diagram)}"


def daily_link(day: str, level: str) -> str:
    return f"?daily={day}&level={level}"


def seed_link(size: Size, seed: int, no_guess: bool = False) -> str:
    """`?level=NAME&seed=N` for a preset, `?size=W.H.M&seed=N` for a custom size; `&mode=no-guess` after."""
    return level_link(size, no_guess, seed)


def level_link(size: Size, no_guess: bool = False, seed: int | None = None) -> str:
    """`?level=NAME` for a preset, `?size=W.H.M` for a custom size; `&seed=N`, then `&mode=no-guess`, after:
    without a seed, a new random board of that kind."""
    names = [name for name, preset in LEVELS.items() if preset == size]
    where = f"level={names[0]}" if names else f"size={size.width}.{size.height}.{size.mines}"
    return f"?{where}" + ("" if seed is None else f"&seed={seed}") + ("&mode=no-guess" if no_guess else "")
