"""Solve: the solver's next move in the game on the board, as a player would make it, one action a step.

Glossary:
    step      the next action: the solver's first click on a fresh board (the cell the board is given
              with, else guess.first_click: a corner, or (3, 3) when an opening is kept free), else a
              flag on a mine logic proves and the board does not show flagged, else opening the first
              cell logic proves safe, else opening the hint's
              guess (solver.hint: the policy bench/winrate.py measures); a flag (or question mark) the
              player put on a cell the solver opens, or a question mark on a proven mine, is changed first
    solved    a game the solver moved in: main.py's AutoPlay marks it, and it never counts in statistics
"""

from __future__ import annotations

from minesweeper import Action, Cell, Flag, Game, Look, Reveal, State
from minesweeper.guess import first_click
from minesweeper.placement import FirstClick
from minesweeper.probability import TooComplex
from minesweeper.solver import HINT_WORK, Position, hint, solve

from .hints import first_click_is_safe


def step(game: Game, start: Cell | None = None) -> Action | None:
    """The solver's next action in `game`; None once the game is over. `start`: the cell a board is given
    with to open first (a daily board's marked cell, which logic clears the board from)."""
    if game.is_over:
        return None
    if game.state is State.READY and start is not None:
        return Reveal(start)
    if game.state is State.READY:
        # A board not placed for the first click (a given one) keeps no cell safe: a corner is likeliest a 0.
        rule = game.rules.first_click if first_click_is_safe(game) else FirstClick.SAFE
        return Reveal(first_click(game.size, rule))
    looks = game.looks
    position = Position(game.size, game.view)
    try:
        proven = solve(position, work=HINT_WORK)
    except TooComplex:
        proven = None
    if proven is not None:
        unflagged = sorted(cell for cell in proven.mined if looks[cell] is not Look.FLAG)
        if unflagged:
            return Flag(unflagged[0])
        if proven.safe:
            return open_cell(game, min(proven.safe))
    flags = [cell for cell, look in enumerate(looks) if look is Look.FLAG]
    found = hint(position, flagged=flags)
    return None if found is None else open_cell(game, found.cell)


def open_cell(game: Game, cell: int) -> Action:
    """Open `cell`, taking the player's flag off it first (a flag keeps a cell from opening)."""
    return Flag(cell) if game.looks[cell] is Look.FLAG else Reveal(cell)
