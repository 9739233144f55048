"""Diagrams and the analysis link's code: the glossary's example, round trips, errors that quote the code."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from minesweeper import BoardError, Size
from minesweeper.diagram import Diagram, InvalidAnalysisCode, InvalidDiagram, from_code, to_code
from tests.unit.engine_strategies import ENGINE


@st.composite
def diagrams(draw: st.DrawFn, max_side: int = 12) -> Diagram:
    """Any diagram, possible or not: numbers 0-8 anywhere, flags on some covered cells (drawn as a
    code's characters: text is the quickest thing Hypothesis draws)."""
    width, height = draw(st.integers(1, max_side)), draw(st.integers(1, max_side))
    size = Size(width, height, draw(st.integers(0, width * height - 1)))
    cells = draw(st.text(alphabet="012345678HF", min_size=size.cells, max_size=size.cells))
    view = tuple(None if c in "HF" else int(c) for c in cells)
    return Diagram(size, view, frozenset(cell for cell, c in enumerate(cells) if c == "F"))


# 1F#
# 11#     one mine, flagged at cell 1
EXAMPLE = Diagram.from_text("1F#\n11#", mines=1)


def test_the_glossary_example() -> None:
    assert EXAMPLE.view == (1, None, None, 1, 1, None) and EXAMPLE.flags == {1}
    assert to_code(EXAMPLE) == "3.2.1.1FH11H"
    assert from_code("3.2.1.1FH11H") == EXAMPLE
    assert EXAMPLE.to_text() == "1F#\n11#"


@ENGINE
@given(diagrams())
def test_a_code_names_its_diagram(diagram: Diagram) -> None:
    assert from_code(to_code(diagram)) == diagram


@ENGINE
@given(diagrams())
def test_a_picture_draws_its_diagram(diagram: Diagram) -> None:
    assert Diagram.from_text(diagram.to_text(), diagram.size.mines) == diagram


def test_an_expert_diagram_codes_in_one_character_a_cell() -> None:
    diagram = Diagram(Size(30, 16, 99), (None,) * 480)
    assert to_code(diagram) == "30.16.99." + "H" * 480


@pytest.mark.parametrize(
    "code, message",
    [
        ("3.2.1", r"analysis code '3.2.1': must be WIDTH.HEIGHT.MINES.CELLS, four parts"),
        ("03.2.1.1FH11H", r"analysis code '03.2.1.1FH11H': width '03' must be a number 1 to 256, no leading"),
        ("3.257.1.H", r"analysis code '3.257.1.H': height '257' must be a number 1 to 256"),
        ("3.2.6.HHHHHH", r"analysis code '3.2.6.HHHHHH': mines '6' must be a number 0 to 5"),
        ("3.2.-1.HHHHHH", r"mines '-1' must be a number 0 to 5"),
        ("3.2.1.1fH11H", r"analysis code '3.2.1.1fH11H': cell 'f' must be 0-8 \(open\), H \(covered\) or F"),
        ("3.2.1.9HHHHH", r"cell '9' must be 0-8"),
        ("3.2.1.1FH11", r"analysis code '3.2.1.1FH11': 6 cells expected, not 5"),
        (
            "30.16.99." + "H" * 479,
            r"analysis code '30.16.99.HHHHHHHHHHHHHHHHHHHHHHHHHHHH...': 480 cells expected",
        ),
    ],
)
def test_a_bad_code_is_quoted_with_what_was_expected(code: str, message: str) -> None:
    with pytest.raises(InvalidAnalysisCode, match=message):
        from_code(code)


def test_bad_codes_are_board_errors_and_not_text_is_refused() -> None:
    assert issubclass(InvalidAnalysisCode, BoardError) and issubclass(InvalidDiagram, BoardError)
    with pytest.raises(InvalidAnalysisCode, match=r"analysis code 7: must be text"):
        from_code(7)  # type: ignore[arg-type]


def test_a_diagram_that_cannot_be_is_refused() -> None:
    size = Size(2, 1, 1)
    with pytest.raises(InvalidDiagram, match=r"diagram 2x1/1: has 3 cells, expected 2"):
        Diagram(size, (None, None, None))
    with pytest.raises(InvalidDiagram, match=r"number 9 is not 0..8"):
        Diagram(size, (9, None))
    with pytest.raises(InvalidDiagram, match=r"flag on cell 0, which is open"):
        Diagram(size, (1, None), frozenset({0}))
    with pytest.raises(InvalidDiagram, match=r"flag 2 is off the board"):
        Diagram(size, (1, None), frozenset({2}))
    with pytest.raises(InvalidDiagram, match=r"picture '1F\\n#': rows must be non-empty and equally long"):
        Diagram.from_text("1F\n#", 1)
    with pytest.raises(InvalidDiagram, match=r"cells are #, F, . or 0-8"):
        Diagram.from_text("1X", 1)
