"""The analysis board's words and marks: what each covered cell carries, and what the panel says of a
study (minesweeper/study.py): a cell's chance or its proof, the best move and why, what makes a position
impossible. Pure (no browser import): CPython tests it; web/analysis.py writes it into the page.

Glossary:
    chance    a covered cell's chance of a mine, written on the cell three ways: `data-chance`, a decimal
              from 0 to 1 (exact to 6 significant digits, never 0 or 1 unless proved); the overlay's label
              and tint (`data-odds`, `data-risk`: ui/hints.py, css/hints.css draws them), and in its
              accessible name. Estimates (a position too complex to count in time) are labelled with ≈
              and the board says so (`data-odds-estimated`)
    place     where a cell is drawn, (row, col) from 0 (layout.py): the words name what the player sees
    proof     why a proved cell is safe or a mine: the open numbers that force it, highlighted
              (`data-proof`); with the mine count, when the numbers alone do not
    problem   what makes a position impossible, naming a cell (`data-problem` on it and on the numbers
              involved)
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from minesweeper import Cell, Look
from minesweeper.guess import Why
from minesweeper.study import Flaw, Problem, Rule, Study

from .hints import label, risk
from .i18n import N_, _, capital, formats, ngettext

Place = Callable[[Cell], tuple[int, int]]
CellMarks = tuple[str, str, str, str]  # data-chance, data-odds, data-risk, aria-label


def spot(place: Place, cell: Cell) -> str:
    """A cell as the player finds it: 'row 3, column 5' (from 1, as drawn)."""
    row, col = place(cell)
    return _("row {row}, column {col}").format(row=formats().number(row + 1), col=formats().number(col + 1))


def decimal(p: Fraction) -> str:
    """`p` as `data-chance` writes it (see the glossary)."""
    if p == 0 or p == 1:
        return str(int(p))
    text = f"{float(p):.6g}"
    return text if text not in ("0", "1") else f"{float(p):.15g}"


def cell_name(place: Place, cell: Cell, look: Look, chance: str) -> str:
    """A covered or flagged cell's accessible name with its chance: 'row 3, column 6: covered, 23% chance
    of a mine'."""
    row, col = (formats().number(n + 1) for n in place(cell))
    if look is Look.FLAG:
        return _("row {row}, column {col}: flag, {chance} chance of a mine").format(
            row=row, col=col, chance=chance
        )
    return _("row {row}, column {col}: covered, {chance} chance of a mine").format(
        row=row, col=col, chance=chance
    )


def marks(found: Study, place: Place) -> dict[Cell, CellMarks]:
    """Each covered cell's marks (see the glossary); none for an impossible position."""
    flags = found.diagram.flags
    shown: dict[Cell, CellMarks] = {}
    for cell, p in found.chances.items():
        text = label(p, found.exact or p in (0, 1))
        look = Look.FLAG if cell in flags else Look.COVERED
        shown[cell] = (decimal(p), text, str(risk(p)), cell_name(place, cell, look, text))
    return shown


def chance_text(place: Place, cell: Cell, text: str) -> str:
    """What the note line says of a cell pressed: its chance."""
    return capital(_("{cell}: {chance} chance of a mine.").format(cell=spot(place, cell), chance=text))


def cell_text(found: Study, cell: Cell, place: Place) -> str:
    """What the panel says of a covered cell chosen: its proof, or its chance; '' for an open cell."""
    proof = found.proofs.get(cell)
    if proof is None:
        p = found.chances.get(cell)
        return "" if p is None else chance_text(place, cell, label(p, found.exact))
    name, count = spot(place, cell), len(proof.numbers)
    if proof.rule is Rule.COUNT and cell in found.mined:
        text = _("{cell} is a mine: the highlighted numbers prove it with the mine count.")
    elif proof.rule is Rule.COUNT:
        text = _("{cell} is safe: the highlighted numbers prove it with the mine count.")
    elif cell in found.mined:
        text = ngettext(
            "{cell} is a mine: the highlighted number proves it.",
            "{cell} is a mine: the {count} highlighted numbers prove it together.",
            count,
        )
    else:
        text = ngettext(
            "{cell} is safe: the highlighted number proves it.",
            "{cell} is safe: the {count} highlighted numbers prove it together.",
            count,
        )
    return capital(text.format(cell=name, count=formats().number(count)))


def hint_text(found: Study, place: Place) -> str:
    """The best move and why, as the hint would say it; '' for an impossible position."""
    hint = found.hint
    if hint is None:
        return _("Every covered cell is a mine.") if found.possible else ""
    name, chance = spot(place, hint.cell), label(hint.probability, hint.exact)
    if hint.certain:
        return _("Best move: {cell}, proved safe.").format(cell=name)
    if hint.why is Why.LOOK_AHEAD and hint.least is not None:
        return _(
            "No cell is safe. Best guess: {cell} ({chance}): riskier than the least risky ({least}), but it"
            " leaves safer moves after it."
        ).format(cell=name, chance=chance, least=label(hint.least))
    if hint.why is Why.ENDGAME:
        return _(
            "No cell is safe. Best guess: {cell} ({chance}): every line of play was searched, and this one"
            " wins most often."
        ).format(cell=name, chance=chance)
    if hint.why is Why.FIFTY_FIFTY:
        return _(
            "No cell is safe. Best guess: {cell}, a 50/50 that no opening can ever settle: best taken now."
        ).format(cell=name)
    return _("No cell is safe. Best guess: {cell}, the least risky ({chance}).").format(
        cell=name, chance=chance
    )


# The flaws said of one cell, each sentence beginning with its name.
AT_CELL = {
    Flaw.NUMBER: N_("{cell}: this {number} has fewer covered cells around it than it shows."),
    Flaw.NUMBERS: N_("{cell}: the highlighted numbers contradict each other."),
    Flaw.FLAGS_AROUND: N_("{cell}: more flags around this {number} than it shows."),
}


def problem_text(problem: Problem, found: Study, place: Place) -> str:
    """Why the position cannot be, naming its cell."""
    view, mines = found.diagram.view, found.diagram.size.mines
    cell = problem.cell
    name = "" if cell is None else spot(place, cell)
    number = "" if cell is None else formats().number(view[cell] or 0)
    if problem.flaw in AT_CELL:
        return capital(_(AT_CELL[problem.flaw]).format(cell=name, number=number))
    if problem.flaw is Flaw.FLAGS:
        flags = len(found.diagram.flags)
        return ngettext(
            "More flags than mines: {flags} flags, {mines} mine.",
            "More flags than mines: {flags} flags, {mines} mines.",
            mines,
        ).format(flags=formats().number(flags), mines=formats().number(mines))
    least, most = problem.mines or (0, 0)
    if mines < least:
        return ngettext(
            "The numbers need at least {least} mine: this board has {mines}.",
            "The numbers need at least {least} mines: this board has {mines}.",
            least,
        ).format(least=formats().number(least), mines=formats().number(mines))
    return ngettext(
        "The covered cells hold at most {most} mine: this board has {mines}.",
        "The covered cells hold at most {most} mines: this board has {mines}.",
        most,
    ).format(most=formats().number(most), mines=formats().number(mines))
