"""Board codes W.H.B: known codes worked out by hand, round trips, and every kind of bad code."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from minesweeper import Board, BoardError, Size, codes
from minesweeper.codes import InvalidBoardCode, from_code, to_code
from tests.unit.engine_strategies import ENGINE, boards

# Worked out by hand: the bits row-major, MSB first, then standard base64url without the `=`.
KNOWN = [
    ("3.2.iA", 3, 2, {0, 4}),  # 100010 00 = 0x88 -> 100010 000000 -> i A
    ("8.1.gA", 8, 1, {0}),  # 0x80 -> 100000 00(0000) -> g A
    ("9.1.AIA", 9, 1, {8}),  # 0x00 0x80 -> 000000 001000 0000(00) -> A I A
    ("2.2.4A", 2, 2, {0, 1, 2}),  # 1110 0000 -> 111000 00(0000) -> 4 A
    ("1.1.AA", 1, 1, set()),
    ("4.6.___w", 4, 6, set(range(20))),  # 0xFF 0xFF 0xF0 -> 111111 111111 111111 110000 -> _ _ _ w
]


@pytest.mark.parametrize("code, width, height, mines", KNOWN)
def test_known_codes(code: str, width: int, height: int, mines: set[int]) -> None:
    board = Board.from_mines(width, height, mines)
    assert to_code(board) == code
    assert from_code(code) == board


def test_parse_and_format_are_the_same_functions_under_the_issue_s_names() -> None:
    assert codes.parse is from_code and codes.format is to_code


def test_the_biggest_board_has_a_code_of_10923_characters() -> None:
    board = Board(Size(256, 256, 65535), frozenset(range(1, 65536)))
    code = to_code(board)
    assert len(code) == len("256.256.") + 10923
    assert from_code(code) == board


@given(boards(max_side=20))
@ENGINE
def test_codes_round_trip(board: Board) -> None:
    assert from_code(to_code(board)) == board


@given(st.text(alphabet="0123456789.AQgw_-=+ ", max_size=14))
@ENGINE
def test_any_text_is_a_canonical_code_or_a_clear_error(text: str) -> None:
    try:
        board = from_code(text)
    except InvalidBoardCode as error:
        assert repr(text) in str(error) or "..." in str(error)
    else:
        assert to_code(board) == text


@pytest.mark.parametrize(
    "code, message",
    [
        ("", r"board code '': must be WIDTH.HEIGHT.MINES, three parts"),
        ("9.9", r"must be WIDTH.HEIGHT.MINES, three parts"),
        ("9.9.AA.AA", r"three parts"),
        ("0.2.AA", r"'0.2.AA': width '0' must be a number 1 to 256"),
        ("257.1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", r"width '257' must be a number 1 to 256"),
        ("x.2.AA", r"width 'x' must be a number"),
        ("3.-2.AA", r"height '-2' must be a number"),
        ("03.2.iA", r"width '03' must be a number 1 to 256, no leading zeros"),
        ("3.2.i", r"'3.2.i': 6 cells take 2 characters, not 1"),
        ("3.2.iAA", r"6 cells take 2 characters, not 3"),
        ("1.1.AAA", r"'1.1.AAA': 1 cell takes 2 characters, not 3"),
        ("3.2.i=", r"'=' is not base64url"),
        ("3.2.i+", r"'\+' is not base64url"),
        ("3.2.i/", r"'/' is not base64url"),
        ("3.2.iB", r"'3.2.iB': its last character has padding bits set"),
        ("3.2.ig", r"'3.2.ig': has bits set after its 6 cells"),  # 0x8A: cell 6 of 0..5
        ("2.2.8A", r"'2.2.8A': every cell is a mine; at least one must be safe"),
        ("1.1.gA", r"every cell is a mine"),
    ],
)
def test_bad_codes_say_what_is_wrong(code: str, message: str) -> None:
    with pytest.raises(InvalidBoardCode, match=message):
        from_code(code)


def test_long_bad_codes_are_quoted_cut_short() -> None:
    code = "256.256." + "A" * 10000
    with pytest.raises(InvalidBoardCode, match=r"'256\.256\.A{29}\.\.\.': 65536 cells take 10923 characters"):
        from_code(code)


def test_code_errors_are_board_errors() -> None:
    assert issubclass(InvalidBoardCode, BoardError)
    with pytest.raises(InvalidBoardCode, match=r"board code 42: must be text"):
        from_code(42)  # type: ignore[arg-type]
