"""The board's layout on the screen: when it is turned, and that the engine <-> view mapping is a bijection
that really swaps rows and columns."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from ui.layout import Layout

EXPERT = (30, 16)
PHONE, LANDSCAPE, SQUARE = (390, 844), (844, 390), (800, 800)


def test_expert_is_turned_on_an_upright_phone_only() -> None:
    upright = Layout.fit(*EXPERT, *PHONE)
    assert upright.transposed and (upright.cols, upright.rows) == (16, 30)
    flat = Layout.fit(*EXPERT, *LANDSCAPE)
    assert not flat.transposed and (flat.cols, flat.rows) == (30, 16)


def test_a_tall_board_is_turned_on_a_wide_screen() -> None:
    assert Layout.fit(10, 40, *LANDSCAPE).transposed
    assert not Layout.fit(10, 40, *PHONE).transposed


def test_square_boards_and_square_screens_are_never_turned() -> None:
    for screen in (PHONE, LANDSCAPE, SQUARE):
        assert not Layout.fit(16, 16, *screen).transposed
    assert not Layout.fit(*EXPERT, *SQUARE).transposed


def test_turned_expert_puts_the_engine_row_along_the_view_column() -> None:
    layout = Layout(30, 16, transposed=True)
    #  engine (row 0, col 29) is the top right; turned, it is view (row 29, col 0): bottom left
    assert layout.place(29) == (29, 0)
    assert layout.cell(29, 0) == 29
    assert layout.place(30) == (0, 1)  # engine (1, 0)
    assert layout.index(30) == 1
    assert layout.cell_of(16) == 1  # view (1, 0) is engine (0, 1)


sizes = st.tuples(st.integers(1, 40), st.integers(1, 40), st.booleans())


@given(sizes)
def test_the_mapping_is_a_bijection_that_round_trips(size: tuple[int, int, bool]) -> None:
    layout = Layout(*size)
    cells = range(layout.width * layout.height)
    assert sorted(layout.index(cell) for cell in cells) == list(cells)
    for cell in cells:
        assert layout.cell(*layout.place(cell)) == cell
        assert layout.cell_of(layout.index(cell)) == cell
        row, col = layout.place(cell)
        assert 0 <= row < layout.rows and 0 <= col < layout.cols


@given(sizes)
def test_turning_swaps_engine_rows_and_view_columns(size: tuple[int, int, bool]) -> None:
    width, height, _ = size
    plain, turned = Layout(width, height), Layout(width, height, transposed=True)
    for cell in range(width * height):
        row, col = plain.place(cell)
        assert turned.place(cell) == (col, row)
