"""JSMinesweeper's .mine text and MBF: known files, round trips, errors that quote the input."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from minesweeper import Board, BoardError
from minesweeper.art import from_art
from minesweeper.diagram import Diagram
from minesweeper.exchange import InvalidMbf, InvalidMineText, from_mbf, from_mine_text, to_mbf, to_mine_text
from tests.unit.engine_strategies import ENGINE, boards
from tests.unit.test_diagram import diagrams

# A position as JSMinesweeper's analysis board saves it: a 1-2-1 under covered cells, one of them flagged.
MINE_TEXT = "3x3x2\nFHH\n121\n000\n"
POSITION = Diagram.from_text("F##\n121\n...", mines=2)


def test_a_known_mine_text() -> None:
    assert from_mine_text(MINE_TEXT) == POSITION
    assert to_mine_text(POSITION) == MINE_TEXT


def test_mine_text_as_other_programs_write_it() -> None:
    assert from_mine_text(MINE_TEXT.replace("\n", "\r\n")) == POSITION
    assert from_mine_text("3 x 3 x 2\nFHH\n121\n000") == POSITION  # spaced header, no final line end
    assert from_mine_text(MINE_TEXT + "\n\n") == POSITION
    # JSMinesweeper writes ? for a covered cell it knows is a mine; M is read as one: both are covered.
    assert from_mine_text("3x3x2\nF?M\n121\n000\n") == POSITION


@ENGINE
@given(diagrams())
def test_mine_text_round_trip(diagram: Diagram) -> None:
    assert from_mine_text(to_mine_text(diagram)) == diagram


@pytest.mark.parametrize(
    "text, message",
    [
        ("", r"mine text header '': must be WIDTHxHEIGHTxMINES, like 30x16x99"),
        ("3x3\nHHH", r"mine text header '3x3': must be WIDTHxHEIGHTxMINES"),
        ("3x3x9\nHHH\nHHH\nHHH", r"mine text header '3x3x9': mines 9: a 3x3 board takes 0 to 8 mines"),
        ("3x3x2\nFHH\n121", r"mine text '3x3x2\\nFHH\\n121': 3 rows expected after the header, not 2"),
        ("3x3x2\nFHH\n1211\n000", r"mine text row 1 '1211': has 4 cells, the header says 3"),
        (
            "3x3x2\nFHH\n1I1\n000",
            r"mine text row 1 '1I1': 'I' must be 0-8 \(open\), H \(covered\), F \(flag\)",
        ),
        ("3x3x2\nFHH\n191\n000", r"'9' must be 0-8"),
    ],
)
def test_bad_mine_text_is_quoted(text: str, message: str) -> None:
    with pytest.raises(InvalidMineText, match=message):
        from_mine_text(text)


# -- MBF -----------------------------------------------------------------------------------------------

# *..
# ..*   mines at (x 0, y 0) and (x 2, y 1)
BOARD = from_art("*..\n..*")
MBF = bytes([3, 2, 0, 2, 0, 0, 2, 1])


def test_a_known_mbf() -> None:
    assert to_mbf(BOARD) == MBF
    assert from_mbf(MBF) == BOARD
    assert from_mbf(bytes([3, 2, 0, 2, 2, 1, 0, 0])) == BOARD  # mines in any order


def test_the_mine_count_is_big_endian() -> None:
    board = Board.from_mines(255, 2, set(range(300)))
    data = to_mbf(board)
    assert data[:4] == bytes([255, 2, 1, 44]) and len(data) == 4 + 600
    assert from_mbf(data) == board


@ENGINE
@given(boards())
def test_mbf_round_trip(board: Board) -> None:
    assert from_mbf(to_mbf(board)) == board


@given(st.binary(max_size=40))
def test_any_bytes_read_as_a_board_or_an_invalid_mbf(data: bytes) -> None:
    try:
        board = from_mbf(data)
    except InvalidMbf:
        return
    written = to_mbf(board)  # the same header and mines, in reading order
    assert written[:4] == data[:4] and sorted(pairs(written)) == sorted(pairs(data))


def pairs(data: bytes) -> list[bytes]:
    return [data[i : i + 2] for i in range(4, len(data), 2)]


@pytest.mark.parametrize(
    "data, message",
    [
        (bytes([3, 2, 0]), r"MBF 03 02 00: 3 bytes, at least 4 expected"),
        (bytes([0, 2, 0, 0]), r"MBF 00 02 00 00: width 0 and height 2 must be 1 to 255"),
        (bytes([3, 2, 0, 2, 0, 0]), r"MBF 03 02 00 02 00 00: 2 mines take 8 bytes, not 6"),
        (bytes([3, 2, 0, 1, 3, 0]), r"MBF 03 02 00 01 03 00: mine \(3, 0\) lies outside a 3x2 board"),
        (bytes([3, 2, 0, 2, 1, 1, 1, 1]), r"mine \(1, 1\) is listed twice"),
        (bytes([1, 1, 0, 1, 0, 0]), r"MBF 01 01 00 01 00 00: mines 1: a 1x1 board takes 0 to 0 mines"),
        (
            bytes([3, 2, 0, 20, *[0] * 38]),
            r"MBF 03 02 00 14 00 00 00 00 00 00 00 00 \.\.\.: 20 mines take 44 bytes, not 42",
        ),
    ],
)
def test_bad_mbf_is_quoted(data: bytes, message: str) -> None:
    with pytest.raises(InvalidMbf, match=message):
        from_mbf(data)


def test_a_board_mbf_cannot_hold_is_refused() -> None:
    assert issubclass(InvalidMbf, BoardError) and issubclass(InvalidMineText, BoardError)
    with pytest.raises(InvalidMbf, match=r"board 256x1/1: MBF holds sides up to 255"):
        to_mbf(Board.from_mines(256, 1, {0}))
