"""Keys to commands: moves stop at the edges, cell keys act on the focus cell, and the rules for
Space, N and F2 depend on where the focus is and whether a game is in progress or over; the focus cell
keeps its row and column on a new board; the Game menu's arrows go round its items."""

from __future__ import annotations

import pytest

from minesweeper import State
from ui.keyboard import carried, command, menu_step, step

W, H = 4, 3  # cells 0..11


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


@pytest.mark.parametrize(
    ("key", "expected"),
    [
        ("Enter", ("open", 5)),
        (" ", ("open", 5)),
        ("f", ("flag", 5)),
        ("F", ("flag", 5)),
        ("c", ("chord", 5)),
        ("C", ("chord", 5)),
        ("ArrowDown", ("move", 9)),
        ("x", None),
        ("Tab", None),
    ],
)
def test_board_keys(key: str, expected: tuple[str, int] | None) -> None:
    assert command(key, "board", 5, W, H, state=State.PLAYING) == expected


@pytest.mark.parametrize("key", ["Enter", " "])
@pytest.mark.parametrize("state", [State.WON, State.LOST])
def test_open_keys_start_a_new_game_once_over(key: str, state: State) -> None:
    assert command(key, "board", 5, W, H, state) == ("new", None)


@pytest.mark.parametrize("key", ["Enter", " "])
def test_open_keys_open_before_the_first_click(key: str) -> None:
    assert command(key, "board", 5, W, H, State.READY) == ("open", 5)


def test_flag_is_still_a_flag_once_over() -> None:
    assert command("f", "board", 5, W, H, state=State.LOST) == ("flag", 5)  # the game ignores it


@pytest.mark.parametrize("where", ["board", "page", "button", "control"])
def test_f2_is_a_new_game_anywhere(where: str) -> None:
    assert command("F2", where, 0, W, H, state=State.PLAYING) == ("new", None)


@pytest.mark.parametrize(
    ("where", "expected"),
    [("board", ("new", None)), ("page", ("new", None)), ("button", ("new", None)), ("control", None)],
)
def test_n_is_a_new_game_except_in_controls(where: str, expected: tuple[str, None] | None) -> None:
    assert command("n", where, 0, W, H, state=State.PLAYING) == expected
    assert command("N", where, 0, W, H, state=State.PLAYING) == expected


@pytest.mark.parametrize(
    ("where", "expected"),
    [("board", ("again", None)), ("page", ("again", None)), ("button", ("again", None)), ("control", None)],
)
def test_r_plays_the_board_again_except_in_controls(where: str, expected: tuple[str, None] | None) -> None:
    assert command("r", where, 0, W, H, state=State.LOST) == expected
    assert command("R", where, 0, W, H, state=State.PLAYING) == expected


@pytest.mark.parametrize(
    ("state", "expected"),
    [
        (State.READY, ("new", None)),
        (State.PLAYING, ("nothing", None)),  # ours, so the browser does not scroll the board either
        (State.WON, ("new", None)),
        (State.LOST, ("new", None)),
    ],
)
def test_space_on_the_page_never_throws_away_a_game_in_progress(
    state: State, expected: tuple[str, None] | None
) -> None:
    assert command(" ", "page", 0, W, H, state) == expected


@pytest.mark.parametrize("state", list(State))
def test_n_and_f2_on_the_page_start_a_new_game_whatever_the_state(state: State) -> None:
    for key in ("n", "N", "F2"):
        assert command(key, "page", 0, W, H, state) == ("new", None)


def test_space_in_a_control_is_the_controls() -> None:
    assert command(" ", "control", 0, W, H, state=State.LOST) is None
    for key in (" ", "Enter", "ArrowLeft", "Home"):  # a button's, a slider's or a box's own keys
        assert command(key, "button", 0, W, H, state=State.LOST) is None
    assert command("ArrowDown", "page", 0, W, H, state=State.PLAYING) is None


@pytest.mark.parametrize(
    ("key", "kind"),
    [("h", "hint"), ("H", "hint"), ("o", "odds"), ("O", "odds"), ("p", "replay"), ("P", "replay")],
)
def test_hint_odds_and_replay_keys_work_except_in_controls(key: str, kind: str) -> None:
    assert command(key, "board", 5, W, H, state=State.PLAYING) == (kind, None)
    assert command(key, "page", 0, W, H, state=State.LOST) == (kind, None)
    assert command(key, "button", 0, W, H, state=State.LOST) == (kind, None)
    assert command(key, "control", 0, W, H, state=State.PLAYING) is None


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
