"""What the solver says, in the page's words: the hint to show and each covered cell's odds. Pure (no
browser import): CPython tests it; hints.py writes the result into the page.

Glossary:
    advice    what the Hint button shows: a cell to mark (`safe`, or `risk` with its percentage), the
              sentence for the message line, and whether it counts as a hint used (only after the first
              click: before it, a safe rule makes every cell safe, and saying so gives nothing away); a
              cell under a flag is named as the player's flag (wrong, when the cell is safe)
    place     where a cell is drawn, (row, col) from 0: the sentence names the row and column the player
              sees, which on a turned board (layout.py) are the engine's column and row
    label     a covered cell's odds as text: 0%, <1%, 12%, >99%, 100%, with ≈ in front of an estimate;
              never rounded to 0% or 100% unless logic proves it (and then never an estimate: the
              solver's estimates are 0 or 1 only where its rules settled the cell)
    risk      a tint bucket 0..10 for `data-risk`: 0 only for a safe cell, 10 only for a sure mine
    odds      every covered cell's (label, risk), for the overlay; flags count as covered (the solver
              does not trust them) and are shown too
    rest      on a large board, the (label, risk) most covered cells share (those away from the numbers):
              drawn once for the whole board instead of on each cell, which would take seconds to style
    verdict   after a loss, what the click that lost was: a guess forced on the player (no cell was
              safe, and none less risky), a risk taken while a cell was safe or less risky, a cell logic
              proved a mine, a first click that any cell could have lost, or a wrong flag under a chord
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from minesweeper import Cell, Chord, FirstClick, Game, Look, State
from minesweeper.guess import Why, first_click
from minesweeper.solver import HINT_WORK, Chances, Hint, Position, chances, hint

from .i18n import _, formats

SAFE_FIRST = (FirstClick.OPENING, FirstClick.SAFE)
LARGE = 2500  # cells: past this, the overlay draws the rest once (measured: 256x256 took 4-9 s per cell)

CellOdds = tuple[str, str]  # (label, risk)
Place = Callable[[Cell], tuple[int, int]]


class Mark(StrEnum):
    """How a hinted cell is marked (its `data-hint`, css/hints.css draws it), or NONE: no cell named."""

    SAFE = "safe"
    RISK = "risk"
    NONE = "none"


@dataclass(frozen=True)
class Advice:
    """A hint: the cell to play (safe or least risky, or none) and the words that say so."""

    cell: Cell | None
    kind: Mark
    text: str
    label: str = ""  # the risk's percentage, for a risk
    counted: bool = False


def where(place: Place, cell: Cell) -> dict[str, str]:
    """The row and column the player sees `cell` at, counted from 1, for a text's {row} and {column}."""
    row, col = place(cell)
    number = formats().number
    return {"row": number(row + 1), "column": number(col + 1)}


def label(p: Fraction, exact: bool = True, decimals: int = 0) -> str:
    """`p` as a percentage with `decimals` places (half up), never 0% or 100% unless it is."""
    percent = formats().percent
    if p == 0 or p == 1:
        return percent(float(p))
    step = Fraction(1, 10**decimals)  # the smallest figure shown, in percent
    shown = int(p * 100 / step + Fraction(1, 2)) * step
    if p * 100 < step:
        text = _("<{percent}").format(percent=percent(float(step) / 100, decimals))
    elif p * 100 > 100 - step:
        text = _(">{percent}").format(percent=percent(float(100 - step) / 100, decimals))
    else:
        text = percent(float(shown) / 100, decimals)
    return text if exact else _("≈{percent}").format(percent=text)


def apart(p: Fraction, q: Fraction, exact: bool = True) -> tuple[str, str]:
    """Labels for two different risks that read different (5.2% and 4.8%, not 5% and 5%), with as few
    decimals as that takes (at most 2)."""
    for decimals in (0, 1, 2):
        pair = label(p, exact, decimals), label(q, exact, decimals)
        if pair[0] != pair[1]:
            break
    return pair


def risk(p: Fraction) -> int:
    if p == 0 or p == 1:
        return int(p * 10)
    return min(max(round(p * 10), 1), 9)


def first_click_is_safe(game: Game) -> bool:
    """Before the first reveal of a placed-at-first-click game whose rules keep that click off a mine."""
    return (
        game.state is State.READY
        and not game.given_board
        and (game.rules.no_guess or game.rules.first_click in SAFE_FIRST)
    )


def advise(game: Game, place: Place | None = None, touch: bool = False) -> Advice:
    """The hint for `game` as it stands, naming cells where `place` draws them (the engine's row and
    column when None); `touch`: the player has no keyboard, so a note names what a finger does."""
    size = game.size
    if game.is_over:
        over = (
            _("The game is over: tap the face for a new one.")
            if touch
            else _("The game is over: press N for a new one.")
        )
        return Advice(None, Mark.NONE, over)
    if first_click_is_safe(game):
        # Where the solver starts (Solve, bench/winrate.py): what wins most often under these rules.
        start = first_click(size, game.rules.first_click)
        if start == 0:
            text = _(
                "Any cell is safe on the first click; the solver starts at row {row}, column {column}"
                " (likeliest to open an area)."
            )
        else:
            text = _(
                "Any cell is safe on the first click; the solver starts at row {row}, column {column}"
                " (its opening there wins most often)."
            )
        return Advice(start, Mark.SAFE, text.format(**where(place or size.row_col, start)))
    flags = [cell for cell, look in enumerate(game.looks) if look is Look.FLAG]
    found = hint(Position(game.size, game.view), flagged=flags)
    if found is None:  # only when every covered cell is a mine, which a game in play never shows
        return Advice(None, Mark.NONE, _("Every covered cell is a mine."))
    spot = where(place or size.row_col, found.cell)
    flagged = game.looks[found.cell] is Look.FLAG  # the best cell alone: the solver does not trust flags
    if found.certain:
        text = (
            _("Hint: your flag at row {row}, column {column} is wrong: that cell is safe.")
            if flagged
            else _("Hint: row {row}, column {column} is safe.")
        )
        return Advice(found.cell, Mark.SAFE, text.format(**spot), counted=True)
    risk = label(found.probability, found.exact)
    least = "" if found.least is None else label(found.least)
    sentence = risk_advice(found, flagged, least == risk).format(**spot, risk=risk, least=least)
    return Advice(found.cell, Mark.RISK, sentence, risk, counted=True)


def risk_advice(found: Hint, flagged: bool, alike: bool) -> str:
    """The hint's sentence for a guess, to format with the cell's {row} and {column}, its {risk}, and the
    {least} risk of another cell (`alike`: that one reads the same)."""
    if found.why is Why.LOOK_AHEAD and found.least is not None:
        if alike and flagged:
            return _(
                "No cell is certain. The best guess is row {row}, column {column}, under your flag: {risk}"
                " risk."
                " Another cell is slightly less risky, but this one gives a better chance to survive the next"
                " move too."
            )
        if alike:
            return _(
                "No cell is certain. The best guess is row {row}, column {column}: {risk} risk. Another cell"
                " is"
                " slightly less risky, but this one gives a better chance to survive the next move too."
            )
        if flagged:
            return _(
                "No cell is certain. The best guess is row {row}, column {column}, under your flag: {risk}"
                " risk."
                " Another cell has {least} risk, but this one gives a better chance to survive the next move"
                " too."
            )
        return _(
            "No cell is certain. The best guess is row {row}, column {column}: {risk} risk. Another cell has"
            " {least} risk, but this one gives a better chance to survive the next move too."
        )
    if flagged and found.exact:
        return _(
            "No cell is certain. The least risky is row {row}, column {column}, under your flag: {risk} risk."
        )
    if flagged:
        return _(
            "No cell is certain. The least risky is row {row}, column {column}, under your flag: {risk} risk"
            " (an"
            " estimate: this position is too complex to count in time)."
        )
    if found.exact:
        return _("No cell is certain. The least risky is row {row}, column {column}: {risk} risk.")
    return _(
        "No cell is certain. The least risky is row {row}, column {column}: {risk} risk (an estimate: this"
        " position is too complex to count in time)."
    )


def odds(game: Game) -> Chances | None:
    """The chances the overlay shows, or None when it shows none: before a first click kept safe (every
    cell is safe then) and once the game is over."""
    if game.is_over or first_click_is_safe(game):
        return None
    return chances(Position(game.size, game.view))


def overlay(found: Chances | None) -> dict[Cell, CellOdds]:
    """Each covered cell's (label, risk) as the page writes them."""
    if found is None:
        return {}
    exact, shared = found.exact, dict[int, CellOdds]()
    marks = {}
    for cell, p in found.cells.items():
        # Cells share a few Fraction objects (the solver makes one per count): one label each, looked
        # up by identity, since hashing a huge board's thousand-digit fractions per cell takes seconds.
        key = id(p)
        if key not in shared:
            shared[key] = (label(p, exact), str(risk(p)))
        marks[cell] = shared[key]
    return marks


def split_rest(marks: dict[Cell, CellOdds], cells: int) -> tuple[dict[Cell, CellOdds], CellOdds | None]:
    """On a board of more than LARGE cells, the marks that differ from the most common one, and that one;
    on a smaller board, every mark and None."""
    if cells <= LARGE or not marks:
        return marks, None
    rest = Counter(marks.values()).most_common(1)[0][0]
    return {cell: mark for cell, mark in marks.items() if mark != rest}, rest


def verdict(game: Game, place: Place | None = None, work: int = HINT_WORK) -> Advice | None:
    """What the click that lost `game` was, in one or two sentences, with the cell it names as safe or
    less risky (the page marks it on the lost board as it marks a hint); None unless it is lost. Odds
    are estimates past `work` (solver.chances)."""
    if game.state is not State.LOST or not game.log:
        return None
    place = place or game.size.row_col
    action, before = game.log[-1], Game.rerun(game, game.log[:-1])
    if isinstance(action, Chord) or before.looks[action.cell].is_open:
        text = _(
            "Opening around row {row}, column {column} hit a mine: one of the flags around it was on a safe"
            " cell."
        )
        return Advice(None, Mark.NONE, text.format(**where(place, action.cell)))
    if before.state is State.READY:
        first = label(Fraction(game.size.mines, game.size.cells))
        text = _("That first click's risk was {risk}: on this board, no first click is kept safe.")
        return Advice(None, Mark.NONE, text.format(risk=first))
    flags = {cell for cell, look in enumerate(before.looks) if look is Look.FLAG}
    found = chances(Position(before.size, before.view), work=work)
    risk_taken = found.cells[action.cell]
    # The best cell: the least risky, one not flagged among equals, and the nearest to the click (what it
    # teaches is there; the first in reading order could be across the board).
    near = game.size.row_col(action.cell)

    def far(cell: int) -> int:
        row, col = game.size.row_col(cell)
        return max(abs(row - near[0]), abs(col - near[1]))

    p, flagged, _far, best = min(
        (q, cell in flags, far(cell), cell) for cell, q in found.cells.items() if q < 1
    )
    taken, best_label = apart(risk_taken, p, found.exact)  # a less risky cell reads less risky
    certain = risk_taken == 1
    spot = where(place, best)
    if p == 0:
        return Advice(best, Mark.SAFE, safe_missed(certain, flagged).format(**spot, risk=taken))
    if risk_taken > p and found.exact and guessed(before, flags) == action.cell:
        # The hint's own guess: riskier than the least risky, for the moves after it (guess.py). Calling
        # another cell less risky would blame the player for taking the hint's advice.
        text = _(
            "That cell was the best guess ({risk} risk): another was slightly less risky, but this one left"
            " safer moves after it. Bad luck!"
        )
        return Advice(None, Mark.NONE, text.format(risk=label(risk_taken)))
    if risk_taken > p:
        text = less_risky_missed(certain, flagged).format(**spot, risk=taken, best=best_label)
        return Advice(best, Mark.RISK, text, best_label)
    if found.exact:
        text = _("No cell was safe, and none less risky: a forced guess ({risk} risk). Bad luck!")
        return Advice(None, Mark.NONE, text.format(risk=label(risk_taken)))
    text = _(
        "No cell could be proven safe, and none looked less risky ({risk} risk, an estimate: this position"
        " was"
        " too complex to count)."
    )
    return Advice(None, Mark.NONE, text.format(risk=label(risk_taken, False)))


def safe_missed(certain: bool, flagged: bool) -> str:
    """The verdict when a cell was safe: the cell taken ({risk}), the safe one at {row}, {column}."""
    if certain and flagged:
        return _(
            "That cell was certainly a mine, and your flag at row {row}, column {column} was on a safe cell."
        )
    if flagged:
        return _(
            "That cell's risk was {risk}, and your flag at row {row}, column {column} was on a safe cell."
        )
    if certain:
        return _("That cell was certainly a mine, but row {row}, column {column} was safe.")
    return _("That cell's risk was {risk}, but row {row}, column {column} was safe.")


def less_risky_missed(certain: bool, flagged: bool) -> str:
    """The verdict when no cell was safe but one was less risky ({best}) than the cell taken ({risk})."""
    if certain and flagged:
        return _(
            "That cell was certainly a mine. No cell was safe, but the cell under your flag at row {row},"
            " column {column} was less risky: {best}."
        )
    if flagged:
        return _(
            "That cell's risk was {risk}. No cell was safe, but the cell under your flag at row {row},"
            " column {column} was less risky: {best}."
        )
    if certain:
        return _(
            "That cell was certainly a mine. No cell was safe, but row {row}, column {column} was less risky:"
            " {best}."
        )
    return _(
        "That cell's risk was {risk}. No cell was safe, but row {row}, column {column} was less risky:"
        " {best}."
    )


def guessed(game: Game, flags: set[Cell]) -> Cell | None:
    """The cell the hint names in `game` (a position with no safe cell: its best guess)."""
    found = hint(Position(game.size, game.view), flagged=flags)
    return None if found is None else found.cell
