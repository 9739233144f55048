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

from minesweeper import Action, BoardError, FirstClick, Game, Look, Reveal, Size, State, summary
from minesweeper.placement import NoGuessUnavailable
from minesweeper.zini import zini

from .layout import Layout
from .play import Play
from .sketch import Drawn

WORDS = {
    Look.COVERED: "covered",
    Look.FLAG: "flag",
    Look.QUESTION: "question mark",
    Look.N0: "no mines around",
    Look.N1: "1 mine around",
    Look.MINE: "mine",
    Look.BOOM: "exploded mine",
    Look.WRONG_FLAG: "wrong flag, no mine",
}
BADGE_TITLES = {
    "no-guess": "No-guess board: logic alone clears it from the first click",
    "unavailable": "No-guess boards are not made for this size: this is a normal board",
    "normal": "",
}
ZINI_CELLS = 10_000  # ZiNi is worked out up to this many cells (7 ms for expert on CPython)
FACES = {State.READY: "smile", State.PLAYING: "smile", State.WON: "won", State.LOST: "lost"}


def label(row: int, col: int, look: Look) -> str:
    """A cell's accessible name: 'row 3, column 5: 2 mines around' (rows and columns count from 1)."""
    return f"row {row + 1}, column {col + 1}: {WORDS.get(look) or f'{look.value} mines around'}"


def words(size: Size, layout: Layout) -> str:
    """A board's size as a screen reader says it, in columns by rows as shown (a phone may show it
    turned): '9 by 9, 10 mines'."""
    return f"{layout.cols} by {layout.rows}, {size.mines} mine{'s' if size.mines != 1 else ''}"


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
    game, help = play.game, play.help
    kept = round(seconds, 3)
    shown = round(kept, 2)
    figures = summary(game, kept)
    rate, efficiency = (figures.bbbv_per_s if shown else None), figures.efficiency
    return {
        "time": f"{shown:.2f} s",
        "bv": str(figures.bbbv),
        "bv_per_second": "n/a" if rate is None else f"{rate:.2f}",
        "clicks": f"{figures.clicks.total} ({figures.clicks.useful} useful)",
        "efficiency": "n/a" if efficiency is None else f"{efficiency * 100:.0f} %",
        "zini": "n/a" if (clicks := board_zini(game)) is None else str(clicks),
        "hints": str(help.hints),
        "odds": "Shown" if help.odds else "Not shown",
    }


def board_zini(game: Game) -> int | None:
    """The greedy ZiNi of the game's board, None before the first click or past ZINI_CELLS (1.9 s for
    256x256 on CPython, slower in the page: a win panel must not wait for it)."""
    if game.board is None or game.size.cells > ZINI_CELLS:
        return None
    return zini(game.board).clicks


def board_html(game: Drawn, layout: Layout, focus: int, satisfied: set[int]) -> str:
    """The whole grid as one string (one innerHTML write builds even 256x256): rows of gridcells, the
    `satisfied` ones marked."""
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


def no_guess_badge(game: Game) -> tuple[str, str]:
    """The no-guess badge the game shows: `no-guess` (a board logic alone clears from the first click),
    `unavailable` (the setting is on but this size is past those offered: noguess.check_size) or `normal`;
    and, when unavailable, why."""
    if not game.rules.no_guess or game.given_board:
        return "normal", ""
    from minesweeper.noguess import check_size  # the solver loads with the first no-guess game, not at start

    try:
        check_size(game.size)
    except NoGuessUnavailable as error:
        return "unavailable", no_guess_reason(error)
    return "no-guess", ""


def no_guess_reason(error: BoardError) -> str:
    """The engine's message without its 'no-guess board WxH/M: ' prefix."""
    return str(error).split(": ", 1)[-1]


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
    return "Too many mines for a first click to open an area here: it was kept safe."
