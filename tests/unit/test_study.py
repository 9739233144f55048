"""The analysis board against exhaustive search: chances, proved cells and their proofs (each forces its
cell, none is redundant, none smaller exists for singles and pairs), problems of impossible diagrams."""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from minesweeper import Board, Flag, Game, Reveal, Size
from minesweeper.diagram import Diagram
from minesweeper.guess import Why
from minesweeper.solver import Position, hint
from minesweeper.study import Flaw, Problem, Proof, Rule, study
from tests.unit.engine_strategies import ENGINE
from tests.unit.test_solver import HARD, SHAPES, brute_force

Mines = frozenset[int]


@st.composite
def game_diagrams(draw: st.DrawFn) -> Diagram:
    """A small board after some safe reveals, with flags right or wrong: a diagram a game can show."""
    width, height = draw(st.sampled_from(SHAPES))
    cells = width * height
    mines = draw(st.sets(st.integers(0, cells - 1), max_size=cells - 1))
    game = Game.from_board(Board.from_mines(width, height, mines))
    safe = [c for c in range(cells) if c not in mines]
    for cell in draw(st.lists(st.sampled_from(safe), max_size=6)) if safe else []:
        game.apply(Reveal(cell))
    for cell in draw(st.lists(st.integers(0, cells - 1), max_size=3)):
        game.apply(Flag(cell))
    flags = frozenset(cell for cell, look in enumerate(game.looks) if look.value == "flag")
    return Diagram(game.size, game.view, flags)


@st.composite
def any_diagrams(draw: st.DrawFn) -> Diagram:
    """Any small diagram, possible or not: numbers 0-8 anywhere."""
    width, height = draw(st.sampled_from([s for s in SHAPES if s[0] * s[1] <= 12]))
    size = Size(width, height, draw(st.integers(0, width * height - 1)))
    view = tuple(draw(st.lists(st.none() | st.integers(0, 8), min_size=size.cells, max_size=size.cells)))
    covered = [cell for cell, n in enumerate(view) if n is None]
    flags = draw(st.frozensets(st.sampled_from(covered), max_size=3)) if covered else frozenset()
    return Diagram(size, view, flags)


def numbers_of(diagram: Diagram) -> list[int]:
    """The open cells with covered neighbours."""
    size, view = diagram.size, diagram.view
    return [
        c for c, n in enumerate(view) if n is not None and any(view[m] is None for m in size.neighbours(c))
    ]


def meets(diagram: Diagram, numbers: Iterable[int]) -> list[Mines]:
    """Every way to mine the covered cells around `numbers` that meets them all (no mine count)."""
    size, view = diagram.size, diagram.view
    numbers = list(numbers)
    cells = sorted({m for n in numbers for m in size.neighbours(n) if view[m] is None})
    found = []
    for bits in itertools.product((0, 1), repeat=len(cells)):
        mined = frozenset(c for c, bit in zip(cells, bits, strict=True) if bit)
        if all(sum(m in mined for m in size.neighbours(n)) == view[n] for n in numbers):
            found.append(mined)
    return found


def forces(diagram: Diagram, numbers: Iterable[int], cell: int, mine: bool) -> bool:
    """The numbers alone settle `cell` (one of their covered neighbours) as a mine, or as safe."""
    numbers = list(numbers)
    if not any(cell in diagram.size.neighbours(n) for n in numbers):
        return False
    ways = meets(diagram, numbers)
    return bool(ways) and all((cell in way) == mine for way in ways)


def check_proof(diagram: Diagram, cell: int, mine: bool, proof: Proof) -> None:
    numbers, everything = sorted(proof.numbers), numbers_of(diagram)
    if proof.rule is Rule.COUNT:
        assert not forces(diagram, everything, cell, mine)  # the numbers alone do not
        return
    assert proof.rule is {1: Rule.SINGLE, 2: Rule.PAIR}.get(len(numbers), Rule.GROUP)
    assert forces(diagram, numbers, cell, mine)
    for number in numbers:  # irredundant
        assert not forces(diagram, [n for n in numbers if n != number], cell, mine)
    smaller = [(n,) for n in everything] + (
        list(itertools.combinations(everything, 2)) if len(numbers) > 2 else []
    )
    assert not any(forces(diagram, few, cell, mine) for few in smaller if len(few) < len(numbers))


@ENGINE
@given(game_diagrams())
def test_chances_proved_cells_and_proofs_agree_with_exhaustive_search(diagram: Diagram) -> None:
    found = study(diagram)
    odds = brute_force(Position(diagram.size, diagram.view))
    assert found.exact and found.chances == odds and found.possible
    assert found.safe == {c for c, p in odds.items() if p == 0}
    assert found.mined == {c for c, p in odds.items() if p == 1}
    assert found.proofs.keys() == found.safe | found.mined
    assert found.hint == hint(Position(diagram.size, diagram.view), flagged=diagram.flags)
    for cell, proof in found.proofs.items():
        check_proof(diagram, cell, cell in found.mined, proof)


@ENGINE
@given(any_diagrams())
def test_an_impossible_diagram_names_what_breaks_it(diagram: Diagram) -> None:
    found = study(diagram)
    size, view = diagram.size, diagram.view
    shown = [c for c, n in enumerate(view) if n is not None]
    ways = meets(diagram, shown)
    interior = len(diagram.covered - {m for n in shown for m in size.neighbours(n)})
    counts = {len(way) + extra for way in ways for extra in range(interior + 1)}
    if diagram.size.mines in counts:  # possible: any problem is the flags'
        assert found.possible and found.chances == brute_force(Position(diagram.size, diagram.view))
        assert found.problem is None or found.problem.flaw in (Flaw.FLAGS_AROUND, Flaw.FLAGS)
        return
    problem = found.problem
    assert problem is not None and not found.possible and found.chances == {} and found.hint is None
    if problem.flaw is Flaw.NUMBER:
        assert problem.cell is not None
        covered = sum(diagram.view[n] is None for n in diagram.size.neighbours(problem.cell))
        assert (diagram.view[problem.cell] or 0) > covered
    elif problem.flaw is Flaw.NUMBERS:
        assert problem.cell == min(problem.numbers) and not meets(diagram, problem.numbers)
        for number in problem.numbers:
            assert meets(diagram, problem.numbers - {number})
    else:
        assert problem.flaw is Flaw.MINE_COUNT and ways
        assert problem.mines == (min(counts), max(counts))


# -- pictures: `#` covered, `F` flagged, `.` an open 0 ---------------------------------------------------


def proofs(text: str, mines: int) -> dict[int, tuple[str, set[int]]]:
    found = study(Diagram.from_text(text, mines))
    return {cell: (proof.rule.value, set(proof.numbers)) for cell, proof in found.proofs.items()}


def test_a_1_2_1_against_a_wall_needs_all_three_numbers_for_its_middle() -> None:
    # ###     cells 0 1 2
    # 121     numbers 3 4 5
    assert proofs("###\n121\n...", mines=2) == {
        0: ("pair", {4, 5}),  # the 2 and the right 1: the 2's third mine is over the left 1
        1: ("group", {3, 4, 5}),
        2: ("pair", {3, 4}),
    }


def test_a_number_with_as_many_covered_neighbours_is_a_single_proof() -> None:
    # #1      each 1 has one covered neighbour, a mine: the first in reading order is named
    # 11
    assert proofs("#1\n11", mines=1) == {0: ("single", {1})}


def test_the_mine_count_proves_the_cells_no_number_touches() -> None:
    # #1##    the one mine is beside the 1: the last cell is safe by the count alone
    assert proofs("#1##", mines=1) == {3: ("count", {1})}
    found = study(Diagram.from_text("#1##", mines=1))
    assert found.chances == {0: Fraction(1, 2), 2: Fraction(1, 2), 3: Fraction(0)}


def test_the_hint_is_a_proved_cell_else_the_guess_with_its_reason() -> None:
    proved = study(Diagram.from_text("###\n121\n...", mines=2)).hint
    assert proved is not None and proved.cell == 1 and proved.why is Why.PROVEN
    guess = study(Diagram.from_text("#1#", mines=1)).hint  # one mine, two cells: either wins half the time
    assert guess is not None and guess.why is Why.ENDGAME and guess.survival == Fraction(1, 2)
    assert study(Diagram.from_text("1.", mines=0)).hint is None  # nothing covered


@pytest.mark.parametrize(
    "text, mines, problem",
    [
        ("3#", 1, Problem(Flaw.NUMBER, 0, frozenset({0}))),
        ("###\n131\n...", 2, Problem(Flaw.NUMBERS, 3, frozenset({3, 4}))),
        ("##\n3#", 1, Problem(Flaw.MINE_COUNT, 2, frozenset({2}), (3, 3))),  # too few mines for the 3
        ("1#\n##", 3, Problem(Flaw.MINE_COUNT, None, frozenset({0}), (1, 1))),  # too many for the cells
    ],
)
def test_impossible_numbers(text: str, mines: int, problem: Problem) -> None:
    found = study(Diagram.from_text(text, mines))
    assert found.problem == problem and not found.possible
    assert (found.chances, found.proofs, found.hint) == ({}, {}, None)


def test_impossible_flags_are_named_and_the_study_goes_on() -> None:
    # FF#     two flags around the 1
    # 1##
    found = study(Diagram.from_text("FF#\n1##", mines=2))
    assert found.problem == Problem(Flaw.FLAGS_AROUND, 3, frozenset({3})) and found.possible
    assert found.chances == brute_force(Position.from_text("###\n1##", 2))
    over = study(Diagram.from_text("FF\n##", mines=1))
    assert over.problem == Problem(Flaw.FLAGS, 1) and over.chances[0] == Fraction(1, 4)


def test_a_position_too_complex_to_count_gives_estimates_and_the_hint_s_estimate() -> None:
    position = Position.from_text(HARD, 35)
    found = study(Diagram(position.size, position.view), work=500)
    assert not found.exact and found.chances.keys() == position.covered
    assert found.hint == hint(position, work=500) and found.hint is not None and not found.hint.exact
    assert found.proofs.keys() == found.safe | found.mined
