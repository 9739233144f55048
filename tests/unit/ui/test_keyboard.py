"""Keys to commands: moves stop at the edges, cell keys act on the focus cell, and the rules for
Space, N and F2 depend on where the focus is and whether a game is in progress or over; the focus cell
keeps its row and column on a new board; the Game menu's arrows go round its items; a non-Latin keyboard's
letters are read as the keys' Latin ones, and a right-to-left page's arrows step through moves mirrored."""

from __future__ import annotations

import pytest

from minesweeper import State
from ui.commands import Command
from ui.intents import Intent
from ui.keyboard import Move, along, answer, carried, menu_step, shortcut, step
from ui.layout import Layout

W, H = 4, 3  # cells 0..11
BOARD = Layout(W, H)


@pytest.mark.parametrize(
    ("cell", "key", "to"),
    [
        (5, "ArrowUp", 1),
        (5, "ArrowDown", 9),
        (5, "ArrowLeft", 4),
        (5, "ArrowRight", 6),
        (0, "ArrowUp", 0),
        (0, "ArrowLeft", 0),
        (11, "ArrowDown", 11),
        (11, "ArrowRight", 11),
        (3, "ArrowRight", 3),
        (4, "ArrowLeft", 4),
        (6, "Home", 4),
        (5, "End", 7),
    ],
)
def test_step(cell: int, key: str, to: int) -> None:
    assert step(cell, key, W, H) == to


def test_arrows_go_across_the_board_as_shown_when_it_is_turned() -> None:
    turned = Layout(W, H, transposed=True)  # shown 3 wide and 4 tall: engine cell 5 at view row 1, col 1
    assert answer("ArrowDown", "board", 5, turned, State.PLAYING) == Move(6)  # the engine's next column
    assert answer("ArrowRight", "board", 5, turned, State.PLAYING) == Move(9)  # the engine's next row
    assert answer("End", "board", 5, turned, State.PLAYING) == Move(9)  # the view row's end: engine row 2


@pytest.mark.parametrize(
    ("key", "expected"),
    [
        ("Enter", Intent("open", 5)),
        (" ", Intent("open", 5)),
        ("f", Intent("flag", 5)),
        ("F", Intent("flag", 5)),
        ("c", Intent("chord", 5)),
        ("C", Intent("chord", 5)),
        ("ArrowDown", Move(9)),
        ("x", None),
        ("Tab", None),
    ],
)
def test_board_keys(key: str, expected: Intent | Move | None) -> None:
    assert answer(key, "board", 5, BOARD, state=State.PLAYING) == expected


@pytest.mark.parametrize("key", ["Enter", " "])
@pytest.mark.parametrize("state", [State.WON, State.LOST])
def test_open_keys_start_a_new_game_once_over(key: str, state: State) -> None:
    assert answer(key, "board", 5, BOARD, state) == Command.NEW


@pytest.mark.parametrize("key", ["Enter", " "])
def test_open_keys_open_before_the_first_click(key: str) -> None:
    assert answer(key, "board", 5, BOARD, State.READY) == Intent("open", 5)


def test_flag_is_still_a_flag_once_over() -> None:
    assert answer("f", "board", 5, BOARD, state=State.LOST) == Intent("flag", 5)  # the game ignores it


@pytest.mark.parametrize("where", ["board", "page", "button", "control"])
def test_f2_is_a_new_game_anywhere(where: str) -> None:
    assert answer("F2", where, 0, BOARD, state=State.PLAYING) == Command.NEW


@pytest.mark.parametrize(
    ("where", "expected"),
    [("board", Command.NEW), ("page", Command.NEW), ("button", Command.NEW), ("control", None)],
)
def test_n_is_a_new_game_except_in_controls(where: str, expected: Command | None) -> None:
    assert answer("n", where, 0, BOARD, state=State.PLAYING) == expected
    assert answer("N", where, 0, BOARD, state=State.PLAYING) == expected


@pytest.mark.parametrize(
    ("where", "expected"),
    [("board", Command.AGAIN), ("page", Command.AGAIN), ("button", Command.AGAIN), ("control", None)],
)
def test_r_plays_the_board_again_except_in_controls(where: str, expected: Command | None) -> None:
    assert answer("r", where, 0, BOARD, state=State.LOST) == expected
    assert answer("R", where, 0, BOARD, state=State.PLAYING) == expected


@pytest.mark.parametrize(
    ("state", "expected"),
    [
        (State.READY, Command.NEW),
        (State.PLAYING, Command.NOTHING),  # ours, so the browser does not scroll the board either
        (State.WON, Command.NEW),
        (State.LOST, Command.NEW),
    ],
)
def test_space_on_the_page_never_throws_away_a_game_in_progress(
    state: State, expected: Command | None
) -> None:
    assert answer(" ", "page", 0, BOARD, state) == expected


@pytest.mark.parametrize("state", list(State))
def test_n_and_f2_on_the_page_start_a_new_game_whatever_the_state(state: State) -> None:
    for key in ("n", "N", "F2"):
        assert answer(key, "page", 0, BOARD, state) == Command.NEW


def test_space_in_a_control_is_the_controls() -> None:
    assert answer(" ", "control", 0, BOARD, state=State.LOST) is None
    for key in (" ", "Enter", "ArrowLeft", "Home"):  # a button's, a slider's or a box's own keys
        assert answer(key, "button", 0, BOARD, state=State.LOST) is None
    assert answer("ArrowDown", "page", 0, BOARD, state=State.PLAYING) is None


@pytest.mark.parametrize(
    ("key", "kind"),
    [
        ("h", Command.HINT),
        ("H", Command.HINT),
        ("o", Command.ODDS),
        ("O", Command.ODDS),
        ("p", Command.REPLAY),
        ("P", Command.REPLAY),
    ],
)
def test_hint_odds_and_replay_keys_work_except_in_controls(key: str, kind: Command) -> None:
    assert answer(key, "board", 5, BOARD, state=State.PLAYING) == kind
    assert answer(key, "page", 0, BOARD, state=State.LOST) == kind
    assert answer(key, "button", 0, BOARD, state=State.LOST) == kind
    assert answer(key, "control", 0, BOARD, state=State.PLAYING) is None


@pytest.mark.parametrize(
    ("cell", "old_width", "width", "height", "to"),
    [
        (5, 4, 4, 3, 5),  # the same size: the same cell
        (5, 4, 9, 9, 10),  # row 1, col 1 on a wider board
        (11, 4, 2, 2, 3),  # row 2, col 3 clamped to the last row and column
        (479, 30, 9, 9, 80),  # expert's last cell to beginner's
        (7, 0, 9, 9, 0),  # no board before: the first cell
    ],
)
def test_the_focus_cell_keeps_its_row_and_column_clamped(
    cell: int, old_width: int, width: int, height: int, to: int
) -> None:
    assert carried(cell, old_width, width, height) == to


@pytest.mark.parametrize(
    ("key", "index", "to"),
    [
        ("ArrowDown", 0, 1),
        ("ArrowDown", 3, 0),
        ("ArrowUp", 0, 3),
        ("ArrowUp", 2, 1),
        ("Home", 2, 0),
        ("End", 1, 3),
        ("ArrowDown", None, 0),
        ("ArrowUp", None, 3),
        ("Home", None, None),
        ("End", None, None),
        ("ArrowLeft", 1, None),
        ("Enter", 1, None),
    ],
)
def test_menu_keys_go_round_the_items(key: str, index: int | None, to: int | None) -> None:
    assert menu_step(key, index, 4) == to


@pytest.mark.parametrize(
    ("key", "code", "read"),
    [
        ("f", "KeyF", "f"),
        ("F", "KeyF", "F"),
        ("ب", "KeyF", "f"),  # Arabic: the key Help calls F
        ("а", "KeyF", "f"),  # Russian
        ("ث", "KeyE", "e"),  # Persian (the key holds no shortcut: read as E, does nothing)
        ("ש", "KeyA", "a"),  # Hebrew
        ("Ν", "KeyN", "n"),  # Greek, shifted
        ("٣", "Digit3", "3"),  # Arabic-Indic digits on the number row (the editor's 0-8)
        ("۵", "Digit5", "5"),  # Persian digits
        ("a", "KeyQ", "a"),  # French AZERTY: the letter typed, wherever its key is
        ("é", "Digit2", "2"),  # a French keyboard's 2, unshifted: the editor's 2 all the same
        ("ö", "Semicolon", "ö"),
        ("ß", "Minus", "ß"),
        ("Escape", "Escape", "Escape"),
        (" ", "Space", " "),
        ("ArrowLeft", "ArrowLeft", "ArrowLeft"),
        ("Process", "KeyF", "Process"),  # an input method composing: not a key of ours
    ],
)
def test_a_shortcut_is_the_letter_typed_or_a_non_latin_keys_latin_one(key: str, code: str, read: str) -> None:
    assert shortcut(key, code) == read


def test_a_non_latin_f_flags_the_focus_cell() -> None:
    assert answer(shortcut("ب", "KeyF"), "board", 5, BOARD, State.PLAYING) == Intent("flag", 5)
    assert answer(shortcut("т", "KeyN"), "page", 5, BOARD, State.PLAYING) is Command.NEW


@pytest.mark.parametrize("rtl", [False, True])
def test_the_arrows_step_through_moves_as_the_controls_are_drawn(rtl: bool) -> None:
    back_key, forward_key = ("ArrowRight", "ArrowLeft") if rtl else ("ArrowLeft", "ArrowRight")
    assert (along(back_key, rtl), along(forward_key, rtl)) == (-1, 1)
    assert along("ArrowDown", rtl) is None and along("ArrowDown", rtl, down=True) == 1
    assert along("ArrowUp", rtl, down=True) == -1
    assert along("Home", rtl, down=True) is None
