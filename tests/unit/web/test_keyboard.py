"""Keys to commands: moves stop at the edges, cell keys act on the focus cell, and the rules for
Space, N and F2 depend on where the focus is and whether the game is over."""

from __future__ import annotations

import pytest

from web.keyboard import command, step

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
    assert command(key, "board", 5, W, H, over=False) == expected


@pytest.mark.parametrize("key", ["Enter", " "])
def test_open_keys_start_a_new_game_once_over(key: str) -> None:
    assert command(key, "board", 5, W, H, over=True) == ("new", None)


def test_flag_is_still_a_flag_once_over() -> None:
    assert command("f", "board", 5, W, H, over=True) == ("flag", 5)  # the game ignores it


@pytest.mark.parametrize("where", ["board", "page", "control"])
def test_f2_is_a_new_game_anywhere(where: str) -> None:
    assert command("F2", where, 0, W, H, over=False) == ("new", None)


@pytest.mark.parametrize(
    ("where", "expected"), [("board", ("new", None)), ("page", ("new", None)), ("control", None)]
)
def test_n_is_a_new_game_except_in_controls(where: str, expected: tuple[str, None] | None) -> None:
    assert command("n", where, 0, W, H, over=False) == expected
    assert command("N", where, 0, W, H, over=False) == expected


def test_space_on_the_page_is_a_new_game_and_in_a_control_is_the_controls() -> None:
    assert command(" ", "page", 0, W, H, over=False) == ("new", None)
    assert command(" ", "control", 0, W, H, over=False) is None
    assert command("ArrowDown", "page", 0, W, H, over=False) is None


@pytest.mark.parametrize(("key", "kind"), [("h", "hint"), ("H", "hint"), ("o", "odds"), ("O", "odds")])
def test_hint_and_odds_keys_work_except_in_controls(key: str, kind: str) -> None:
    assert command(key, "board", 5, W, H, over=False) == (kind, None)
    assert command(key, "page", 0, W, H, over=True) == (kind, None)
    assert command(key, "control", 0, W, H, over=False) is None
