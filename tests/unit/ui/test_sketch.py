"""The analysis board's positions: drawn as the board draws a game, edited cell by cell and resized, undo
and redo taking each edit back whole."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from minesweeper import Look, Size, State
from minesweeper.diagram import Diagram
from ui.sketch import KEYS, STATES, Edits, Header, Sketch, blank, read_size, resized, with_state

POSITION = Diagram.from_text(
    """
    1F#
    11#
    """,
    mines=1,
)


def test_a_sketch_draws_its_numbers_covered_cells_and_flags_and_is_never_over() -> None:
    drawn = Sketch(POSITION)
    assert drawn.looks == (Look.N1, Look.FLAG, Look.COVERED, Look.N1, Look.N1, Look.COVERED)
    assert (drawn.width, drawn.height, drawn.mines_left) == (3, 2, 0)
    assert drawn.state is State.PLAYING and not drawn.is_over and drawn.satisfied_numbers() == set()
    # No clock ever ran on a position: the header's clock reads 0, beside its counter and the plain face.
    assert drawn.header == Header(0, "smile", 0.0, started=False)
    assert Sketch(blank(Size(3, 2, 4))).header.mines_left == 4


def test_the_editor_s_states_and_keys() -> None:
    assert STATES[:2] == (Look.COVERED, Look.FLAG) and len(STATES) == 11
    assert KEYS["3"] is Look.N3 and KEYS["h"] is KEYS["Delete"] is Look.COVERED and KEYS["F"] is Look.FLAG


def test_cells_take_a_state_and_flags_follow() -> None:
    flagged = with_state(POSITION, [2, 5], Look.FLAG)
    assert flagged.to_text() == "1FF\n11F"
    opened = with_state(flagged, [1, 2], Look.N0)
    assert opened.to_text() == "1..\n11F" and opened.flags == frozenset({5})
    assert with_state(opened, [5], Look.COVERED).to_text() == "1..\n11#"


def test_a_resize_keeps_the_cells_that_fit() -> None:
    bigger = resized(POSITION, Size(4, 3, 2))
    assert bigger.to_text() == "1F##\n11##\n####" and bigger.size.mines == 2
    smaller = resized(POSITION, Size(2, 1, 1))
    assert smaller.to_text() == "1F" and smaller.flags == frozenset({1})
    assert blank(Size(2, 2, 1)).to_text() == "##\n##"


def test_undo_and_redo_take_each_edit_back_and_forth_and_a_new_edit_drops_redo() -> None:
    first = Edits(POSITION)
    one = with_state(POSITION, [2], Look.N1)
    two = with_state(one, [5], Look.FLAG)
    edits = first.to(one).to(two)
    assert edits.to(two) is edits  # no change, no edit
    assert edits.undo().now == one and edits.undo().undo().now == POSITION
    assert edits.undo().undo().undo().now == POSITION  # nothing more to undo
    assert edits.undo().undo().redo().redo().now == two
    branched = edits.undo().to(blank(POSITION.size))
    assert branched.after == () and branched.redo() == branched


@given(st.lists(st.tuples(st.integers(0, 5), st.sampled_from(STATES)), max_size=20))
def test_undoing_every_edit_gets_back_to_the_start(changes: list[tuple[int, Look]]) -> None:
    edits = Edits(POSITION)
    for cell, state in changes:
        edits = edits.to(with_state(edits.now, [cell], state))
    end = edits.now
    while edits.before:
        edits = edits.undo()
    assert edits.now == POSITION
    while edits.after:
        edits = edits.redo()
    assert edits.now == end


def test_the_size_fields_give_a_size_or_say_why_not() -> None:
    assert read_size("30", "16", "99") == Size(30, 16, 99)
    assert read_size("3", "", "1") == "Size not changed: the width, height and mines are whole numbers."
    assert read_size("257", "2", "1") == "Size not changed: a side is 1 to 256 cells long."
    assert read_size("2", "2", "4") == "Size not changed: a board of that size takes 0 to 3 mines."
    assert read_size("1", "2", "-1") == "Size not changed: a board of that size takes 0 to 1 mine."


@given(st.integers(-3, 300), st.integers(-3, 300), st.integers(-3, 1000))
def test_the_size_fields_never_fail(width: int, height: int, mines: int) -> None:
    read = read_size(str(width), str(height), str(mines))
    assert isinstance(read, str) or read == Size(width, height, mines)
