"""What the page says and writes as text: cells' names, the board's size in words, the LED counters' digits,
the win panel's figures and the grid's HTML. Pure (no browser import): CPython tests it, view.py writes it.

Glossary:
    label    a cell's accessible name, in the rows and columns the player sees (layout.py)
    words    a board's size as a screen reader says it
    led      an LED counter's digits
    face     the smiley's look for a game state (css/ draws `data-face`)
    badge    whether the board is a no-guess one, as the badge shows it (web/badge.py)
    first-click note  a first click meant to open an area that could only be kept safe (too many mines)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from string import Formatter

from minesweeper import Action, FirstClick, Game, Look, Reveal, Size, State, summary
from minesweeper.placement import NoGuessUnavailable
from minesweeper.zini import zini

from .i18n import N_, _, formats, ngettext, pgettext
from .layout import Layout
from .play import Play
from .sketch import Drawn

WORDS = {
    Look.COVERED: N_("covered"),
    Look.FLAG: N_("flag"),
    Look.QUESTION: N_("question mark"),
    Look.N0: N_("no mines around"),
    Look.MINE: N_("mine"),
    Look.BOOM: N_("exploded mine"),
    Look.WRONG_FLAG: N_("wrong flag, no mine"),
}
BADGE_TITLES = {
    "no-guess": N_("No-guess board: logic alone clears it from the first click"),
    "unavailable": N_("No-guess boards are not made for this size: this is a normal board"),
}
ZINI_CELLS = 10_000  # ZiNi is worked out up to this many cells (7 ms for expert on CPython)
FACES = {State.READY: "smile", State.PLAYING: "smile", State.WON: "won", State.LOST: "lost"}


def label(row: int, col: int, look: Look) -> str:
    """A cell's accessible name: 'row 3, column 5: 2 mines around' (rows and columns count from 1)."""
    number = formats().number
    return _("row {row}, column {column}: {look}").format(
        row=number(row + 1), column=number(col + 1), look=look_words(look)
    )


def look_words(look: Look) -> str:
    """What a cell shows, in words: 'covered', '2 mines around'."""
    if look in WORDS:
        return _(WORDS[look])
    count = int(look.value)
    return ngettext("{count} mine around", "{count} mines around", count).format(
        count=formats().number(count)
    )


@dataclass(frozen=True)
class GridWords:
    """A grid's cells' names, their words and numbers looked up once (a 256x256 grid has 65,536 labels):
    `label` for the grid's build, and the same as data for js/cells.js, which names the cells a paint writes
    with no formatting in Python per cell: the template's `pieces` (literal text and a field's name taking
    turns, from text to text: `row`, `column`, `look`), the `numbers` from 1 to the grid's longer side, and
    what each look is `said` to be."""

    template: str
    pieces: list[str]
    numbers: list[str]
    said: dict[Look, str]

    def label(self, row: int, col: int, look: Look) -> str:
        """`label`, for this grid."""
        return self.template.format(row=self.numbers[row], column=self.numbers[col], look=self.said[look])


def grid_words(rows: int, cols: int) -> GridWords:
    template = _("row {row}, column {column}: {look}")
    pieces, text = [], ""
    for literal, field, *_spec in Formatter().parse(template):
        text += literal  # unescaped: an escaped brace comes as text of its own, with no field
        if field is not None:
            pieces += [text, field]
            text = ""
    pieces.append(text)
    numbers = [formats().number(n) for n in range(1, max(rows, cols) + 1)]
    return GridWords(template, pieces, numbers, {look: look_words(look) for look in Look})


def words(size: Size, layout: Layout) -> str:
    """A board's size as a screen reader says it, in columns by rows as shown (a phone may show it
    turned): '9 by 9, 10 mines'."""
    number = formats().number
    return ngettext(
        "{columns} by {rows}, {mines} mine", "{columns} by {rows}, {mines} mines", size.mines
    ).format(columns=number(layout.cols), rows=number(layout.rows), mines=number(size.mines))


LEVEL_NAMES = {
    "beginner": N_("beginner"),
    "intermediate": N_("intermediate"),
    "expert": N_("expert"),
}


def level_name(level: str) -> str:
    """A level's name inside a sentence ('Daily board of Nov 26, 2026, expert'); a custom size's as is."""
    return _(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level


def led(number: int) -> str:
    """An LED counter's digits: at least three, a minus sign taking one place when negative."""
    return f"{number:03d}" if number >= 0 else f"-{-number:02d}"


def win_figures(play: Play, seconds: float) -> dict[str, str]:
    """The win panel's figures, by their `data-stat` names. 3BV/s is worked out from the time to the
    millisecond, as the statistics keep it (records.Best), so both show the same rate; a time shown as
    0.00 s (a win at the first click) has no rate, not the thousands a fraction of a millisecond gives.
    The time is rounded from the millisecond the statistics and history keep, so all three read alike
    (3.2150004 s is kept as 3.215, which reads 3.21, its binary value being just below; rounded from
    3.2150004 itself it read 3.22 here and 3.21 there)."""
    game, help, written = play.game, play.help, formats()
    kept = round(seconds, 3)
    shown = round(kept, 2)
    figures = summary(game, kept)
    rate, efficiency = (figures.bbbv_per_s if shown else None), figures.efficiency
    none = pgettext("no figure", "n/a")
    return {
        "time": written.seconds(shown, 2),
        "bv": written.number(figures.bbbv),
        "bv_per_second": none if rate is None else written.number(rate, 2),
        "clicks": _("{total} ({useful} useful)").format(
            total=written.number(figures.clicks.total), useful=written.number(figures.clicks.useful)
        ),
        "efficiency": none if efficiency is None else written.percent(efficiency),
        "zini": none if (clicks := board_zini(game)) is None else written.number(clicks),
        "hints": written.number(help.hints),
        "odds": _("Shown") if help.odds else _("Not shown"),
    }


def board_zini(game: Game) -> int | None:
    """The greedy ZiNi of the game's board, None before the first click or past ZINI_CELLS (1.9 s for
    256x256 on CPython, slower in the page: a win panel must not wait for it)."""
    if game.board is None or game.size.cells > ZINI_CELLS:
        return None
    return zini(game.board).clicks


def board_html(
    game: Drawn, layout: Layout, focus: int, satisfied: set[int], label: Callable[[int, int, Look], str]
) -> str:
    """The whole grid as one string (one innerHTML write builds even 256x256): rows of gridcells, the
    `satisfied` ones marked, each named by `label` (`labels` for this layout)."""
    looks, place = game.looks, layout.cell
    rows = []
    for row in range(layout.rows):
        cells = []
        for col in range(layout.cols):
            cell = place(row, col)
            look = looks[cell]
            tab = ' tabindex="0"' if cell == focus else ""
            done = " data-satisfied" if cell in satisfied else ""
            cells.append(
                f'<div role="gridcell" data-row="{row}" data-col="{col}" data-cell="{look.value}"{tab}{done}'
                f' aria-label="{label(row, col, look)}"></div>'
            )
        rows.append(f'<div role="row">{"".join(cells)}</div>')
    return "".join(rows)


def no_guess_badge(game: Game) -> tuple[str, NoGuessUnavailable | None]:
    """The no-guess badge the game shows: `no-guess` (a board logic alone clears from the first click),
    `unavailable` (the setting is on but this size is past those offered: noguess.check_size) or `normal`;
    and, when unavailable, why."""
    if not game.rules.no_guess or game.given_board:
        return "normal", None
    from minesweeper.noguess import check_size  # the solver loads with the first no-guess game, not at start

    try:
        check_size(game.size)
    except NoGuessUnavailable as error:
        return "unavailable", error
    return "no-guess", None


def no_guess_offer(size: Size, error: NoGuessUnavailable) -> str:
    """Why this size gets no no-guess board, before its first click (the badge's offer)."""
    written = formats().number
    limit, width, height = written(error.limit), written(size.width), written(size.height)
    if error.reason == "too big":
        return _(
            "No no-guess board is made for {width}×{height}: more than {limit} cells is too big to make in"
            " time. This board will be a normal one: you may have to guess."
        ).format(width=width, height=height, limit=limit)
    return ngettext(
        "No no-guess board is made for {width}×{height} with {mines} mine: more than {limit} is too dense"
        " for logic alone. This board will be a normal one: you may have to guess.",
        "No no-guess board is made for {width}×{height} with {mines} mines: more than {limit} is too dense"
        " for logic alone. This board will be a normal one: you may have to guess.",
        size.mines,
    ).format(width=width, height=height, mines=written(size.mines), limit=limit)


def no_guess_failed(error: NoGuessUnavailable) -> str:
    """What the first click of a no-guess game says when no board could be made for it."""
    limit = formats().number(error.limit)
    if error.reason == "too big":
        return _(
            "No no-guess board for this size (more than {limit} cells is too big to make in time): this is a"
            " normal board, played from your first click, and you may have to guess."
        ).format(limit=limit)
    if error.reason == "too dense":
        return _(
            "No no-guess board for this size (more than {limit} mines is too dense for logic alone): this is"
            " a normal board, played from your first click, and you may have to guess."
        ).format(limit=limit)
    return _(
        "No no-guess board was found in time for this size: this is a normal board, played from your first"
        " click, and you may have to guess. Fewer mines or a bigger board would help."
    )


def first_click_note(game: Game, action: Action) -> str | None:
    """What to say after the first click of `game`, or None: only when that click was meant to open an area
    (the rules say so), the mines left no room for one (placement.keep_free fell back to the cell alone) and
    it opened a lone number, so the player does not take it for a broken rule. Not on a given board (its
    mines were placed before), nor once the game is over (a win says it all)."""
    if not isinstance(action, Reveal) or game.given_board or game.is_over:
        return None
    size, cell = game.size, action.cell
    if game.rules.first_click is not FirstClick.OPENING or game.looks[cell] in (Look.N0, Look.COVERED):
        return None
    area = 1 + len(size.neighbours(cell))
    if size.cells - area >= size.mines:
        return None  # the area was kept free: a number here is the layout's, not a fallback
    return _("Too many mines for a first click to open an area here: it was kept safe.")
