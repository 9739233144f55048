"""The analysis board's marks and words: every covered cell's data-chance is its exact chance of a mine,
as exhaustive search counts it; proofs, the best move and what makes a position impossible, in words."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from minesweeper import Board, Game, Look, Reveal, Size
from minesweeper.diagram import Diagram
from minesweeper.study import study
from ui.analysis import Place, cell_name, cell_text, chance_text, decimal, hint_text, marks, problem_text


def place(width: int) -> Place:
    """Cells drawn as the engine holds them (no turn): (row, column)."""
    return lambda cell: divmod(cell, width)


def exhaustive(diagram: Diagram) -> dict[int, Fraction]:
    """Each covered cell's share of the layouts that fit the numbers and the mine count."""
    size, view = diagram.size, diagram.view
    shown = [(cell, n) for cell, n in enumerate(view) if n is not None]
    covered = sorted(diagram.covered)
    layouts = [
        set(layout)
        for layout in itertools.combinations(covered, size.mines)
        if all(sum(n in layout for n in size.neighbours(cell)) == number for cell, number in shown)
    ]
    return {c: Fraction(sum(c in layout for layout in layouts), len(layouts)) for c in covered}


@settings(deadline=None, max_examples=60)
@given(st.integers(0, 2**32))
def test_data_chance_is_the_exact_chance_exhaustive_search_counts(seed: int) -> None:
    rng = random.Random(seed)
    width, height = rng.randint(2, 5), rng.randint(2, 4)
    size = Size(width, height, rng.randint(1, min(6, width * height - 2)))
    game = Game.from_board(Board.from_mines(width, height, set(rng.sample(range(size.cells), size.mines))))
    safe = [c for c in range(size.cells) if c not in game.board.mines]  # type: ignore[union-attr]
    for cell in rng.sample(safe, rng.randint(1, len(safe))):
        game.apply(Reveal(cell))
    if game.is_over:
        return
    diagram = Diagram(size, game.view)
    found = study(diagram)
    written = marks(found, place(width))
    expected = exhaustive(diagram)
    assert set(written) == set(expected)
    for cell, p in expected.items():
        chance = written[cell][0]
        assert abs(float(chance) - float(p)) < 5e-6, (diagram.to_text(), cell)
        assert (chance in ("0", "1")) == (p in (0, 1))  # never rounded to a certainty


def test_decimal_never_rounds_to_a_certainty() -> None:
    assert [decimal(Fraction(n, d)) for n, d in ((0, 1), (1, 1), (1, 3), (1, 2))] == [
        "0",
        "1",
        "0.333333",
        "0.5",
    ]
    assert decimal(Fraction(1, 10**9)) not in ("0", "1") and decimal(1 - Fraction(1, 10**9)) not in ("0", "1")


# 1F#      the flag is on the one mine's cell: the 1s prove it, and cell 2 and 5 safe
# 11#
POSITION = Diagram.from_text("1F#\n11#", mines=1)


def test_a_covered_cell_is_named_with_its_chance() -> None:
    written = marks(study(POSITION), place(3))
    assert written[1] == ("1", "100%", "10", "row 1, column 2: flag, 100% chance of a mine")
    assert written[2][3] == "row 1, column 3: covered, 0% chance of a mine"
    assert cell_name(place(3), 2, Look.COVERED, "23%") == "row 1, column 3: covered, 23% chance of a mine"
    assert chance_text(place(3), 2, "23%") == "Row 1, column 3: 23% chance of a mine."


def test_a_proved_cell_says_which_numbers_prove_it() -> None:
    found = study(POSITION)
    assert cell_text(found, 1, place(3)) == "Row 1, column 2 is a mine: the highlighted number proves it."
    assert found.proofs[1].numbers  # what web/analysis.py highlights
    # 1 1 # #   the 1 at cell 0 has its mine in cell 4 or 5, which the 1 at cell 1 sees too: together they
    # # # # #   leave cells 2 and 6 none (the 1-1 pattern)
    pair = study(Diagram.from_text("11##\n####", mines=2))
    assert (
        cell_text(pair, 6, place(4))
        == "Row 2, column 3 is safe: the 2 highlighted numbers prove it together."
    )
    assert pair.proofs[6].numbers == frozenset({0, 1})
    assert cell_text(found, 0, place(3)) == ""  # an open cell: nothing to say


def test_the_best_move_and_why() -> None:
    assert hint_text(study(POSITION), place(3)) == "Best move: row 1, column 3, proved safe."
    fifty = study(Diagram.from_text("..1#\n..1#", mines=1))
    assert hint_text(fifty, place(4)).startswith("No cell is safe. Best guess: row 1, column 4")


def test_an_impossible_position_says_which_cell_breaks_it() -> None:
    four = study(Diagram.from_text("4#\n##", mines=3))
    assert four.problem is not None and four.problem.cell == 0
    assert problem_text(four.problem, four, place(2)) == (
        "Row 1, column 1: this 4 has fewer covered cells around it than it shows."
    )
    many = study(Diagram.from_text("1#\n##", mines=3))  # a 1 seeing every covered cell: at most 1 mine
    assert many.problem is not None
    assert problem_text(many.problem, many, place(2)) == (
        "The covered cells hold at most 1 mine: this board has 3."
    )
    flags = study(Diagram.from_text("FF#\n###", mines=1))
    assert flags.problem is not None and flags.possible
    assert problem_text(flags.problem, flags, place(2)) == "More flags than mines: 2 flags, 1 mine."
