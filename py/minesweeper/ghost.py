"""The ghost: the solver's own game on the player's board, from the player's first click. As a racing
game's ghost runs the same track, it tells luck apart from skill: a board the ghost loses too was hard.

Glossary:
    ghost     the solver playing a board to its end: it opens the first click, then every cell logic
              proves safe (in reading order), and when none is, the hint's guess (solver.hint, guess.py),
              exactly as the Solve button and bench/winrate.py play. Flags change nothing for it, so it
              places none. Deterministic: the same board and first click give the same game
    moves     the cells it opened, in order (the first click first; a flood opens more than its cell)
    guesses   the openings of cells no logic proved safe
    luck      the product of its guesses' chances of being safe (1 with no guess)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from . import solver
from .board import Board
from .game import NUMBER_OF, Game, Reveal, State
from .grid import Cell
from .probability import TooComplex
from .solver import HINT_WORK, SAFE, Position, Reasoner


@dataclass(frozen=True)
class Ghost:
    """How the solver's game on a board went (see the glossary)."""

    won: bool
    moves: tuple[Cell, ...]
    guesses: int
    luck: Fraction


def ghost(board: Board, first: Cell, *, work: int = HINT_WORK) -> Ghost:
    """The solver's game on `board` from the first click `first` (see the glossary)."""
    game = Game.from_board(board)
    reasoner = Reasoner(board.size)
    moves: list[Cell] = []
    guesses, luck = 0, Fraction(1)
    todo = [first]
    while True:
        open_all(game, reasoner, todo, moves)
        if game.is_over:
            return Ghost(game.state is State.WON, tuple(moves), guesses, luck)
        todo = proved_safe(reasoner, game, work)
        if not todo:
            # The hint as the page asks it, from the position alone: what its reasoner knows decides
            # between equal guesses (guess.py), and this one knows what earlier counts proved.
            hint = solver.hint(Position(game.size, game.view), work=work)
            assert hint is not None  # a game in play has a covered safe cell
            todo = [hint.cell]
            guesses, luck = guesses + 1, luck * (1 - hint.probability)


def open_all(game: Game, reasoner: Reasoner, cells: list[Cell], moves: list[Cell]) -> None:
    """Open `cells` (but those a flood opened first, or all once the game is over), noting each in `moves`
    and teaching the reasoner every number shown."""
    for cell in cells:
        if game.is_over or game.looks[cell].is_open:
            continue
        moves.append(cell)
        for opened, look in game.apply(Reveal(cell)).items():
            if (number := NUMBER_OF.get(look)) is not None:
                reasoner.open(opened, number)


def proved_safe(reasoner: Reasoner, game: Game, work: int) -> list[Cell]:
    """The covered cells logic proves safe (the rules, then the count when they find none)."""
    reasoner.settle_locally()
    found = safe_covered(reasoner, game)
    if not found:
        try:
            reasoner.exact_step(work)
        except TooComplex:
            return []
        found = safe_covered(reasoner, game)
    return found


def safe_covered(reasoner: Reasoner, game: Game) -> list[Cell]:
    status, looks = reasoner.status, game.looks
    return [cell for cell in range(game.size.cells) if status[cell] == SAFE and not looks[cell].is_open]
