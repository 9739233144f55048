"""The command line: in-process for outputs, and as a real process for exit codes and stderr."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from minesweeper import Board, Game, Reveal, Rules, Size, level, noguess
from minesweeper.art import from_art
from minesweeper.cli import main
from minesweeper.codes import from_code, to_code
from minesweeper.placement import FirstClick, keep_free

ROOT = Path(__file__).resolve().parents[2]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return out.rstrip("\n")


def test_new_with_a_first_click_prints_the_board_that_click_produces(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = run(capsys, "new", "--level", "expert", "--seed", "7", "--first", "8,15")
    game = Game.new(level("expert"), 7)
    game.apply(Reveal(8 * 30 + 15))
    assert game.board is not None and from_code(code) == game.board


def test_new_honours_the_first_click_rule(capsys: pytest.CaptureFixture[str]) -> None:
    size = Size(5, 5, 24)
    code = run(
        capsys,
        "new",
        "--width",
        "5",
        "--height",
        "5",
        "--mines",
        "24",
        "--seed",
        "3",
        "--first",
        "2,2",
        "--first-click",
        "safe",
    )
    assert from_code(code).mines == set(range(25)) - {12}
    game = Game.new(size, 3, Rules(FirstClick.SAFE))
    game.apply(Reveal(12))
    assert game.board == from_code(code)


def test_new_without_a_first_click_is_seeded_and_defaults_to_beginner(
    capsys: pytest.CaptureFixture[str],
) -> None:
    first = run(capsys, "new", "--seed", "5")
    assert run(capsys, "new", "--seed", "5") == first
    assert from_code(first).size == level("beginner")
    assert run(capsys, "new", "--seed", "6") != first


def test_new_without_a_seed_is_random(capsys: pytest.CaptureFixture[str]) -> None:
    codes = {run(capsys, "new", "--level", "expert") for _ in range(3)}
    assert len(codes) == 3


def test_no_guess_defaults_the_first_click_to_the_centre(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = []

    def place_no_guess(size: Size, first: int, rng: random.Random) -> Board:
        calls.append((size, first))
        return from_art("*..\n...\n...")

    monkeypatch.setattr(noguess, "place_no_guess", place_no_guess)
    assert run(capsys, "new", "--width", "3", "--height", "3", "--mines", "1", "--no-guess") == "3.3.gAA"
    assert calls == [(Size(3, 3, 1), 4)]


def test_stats_prints_the_figures_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = to_code(from_art("*3*1.1*3*\n3*32.23*3\n*3*1.1*3*"))
    stats = json.loads(run(capsys, "stats", code))
    assert stats == {"width": 9, "height": 3, "mines": 10, "3bv": 9, "openings": 1, "islands": 2, "zini": 9}


def test_show_draws_the_board_and_takes_a_link_too(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "show", "3.2.iA") == "*21\n2*1"
    assert run(capsys, "show", "http://localhost:8000/index.html#board=3.2.iA") == "*21\n2*1"


def test_a_first_click_on_a_dense_board_keeps_only_that_cell(capsys: pytest.CaptureFixture[str]) -> None:
    code = run(
        capsys, "new", "--width", "3", "--height", "3", "--mines", "8", "--first", "0,0", "--seed", "1"
    )
    assert from_code(code).mines == set(range(1, 9)) - set(keep_free(Size(3, 3, 8), 0, FirstClick.SAFE))


@pytest.mark.parametrize(
    "argv, message",
    [
        ([], "minesweeper: the following arguments are required"),
        (["play"], "minesweeper: argument {new,stats,show,daily}: invalid choice: 'play'"),
        (
            ["new", "--level", "hard"],
            "minesweeper: level 'hard': must be one of beginner, intermediate, expert",
        ),
        (
            ["new", "--width", "300", "--height", "2", "--mines", "1"],
            "width 300: must be a whole number from 1",
        ),
        (["new", "--width", "3", "--height", "3", "--mines", "9"], "mines 9: a 3x3 board takes 0 to 8 mines"),
        (["new", "--width", "3"], "--width, --height and --mines go together"),
        (
            ["new", "--level", "expert", "--mines", "3"],
            "give either --level or --width, --height and --mines",
        ),
        (
            ["new", "--width", "x", "--height", "3", "--mines", "1"],
            "argument --width: invalid int value: 'x'",
        ),
        (["new", "--first", "9,9"], "cell (9, 9): outside a 9x9 board"),
        (["new", "--first", "4;4"], "--first '4;4': must be ROW,COL"),
        (["new", "--first", "²,1"], "--first '²,1': must be ROW,COL"),
        (["new", "--first-click", "safe"], "--first-click needs --first"),
        (
            ["new", "--first", "1,1", "--first-click", "corner"],
            "argument --first-click: invalid choice: 'corner'",
        ),
        (["new", "--seed", "x"], "argument --seed: invalid int value: 'x'"),
        (["stats", "9.9.AA"], "board code '9.9.AA': 81 cells take 15 characters, not 2"),
        (["show", "3.2.iB"], "board code '3.2.iB': its last character has padding bits set"),
        (["show"], "the following arguments are required: CODE"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_status_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and message in err


@pytest.mark.parametrize(
    "argv, status, message",
    [
        (["show", "2.2.8A"], 2, "minesweeper: board code '2.2.8A': every cell is a mine"),
        (["new", "--mines", "-1"], 2, "minesweeper: --width, --height and --mines go together"),
        (["bogus"], 2, "invalid choice"),
        (["show", "3.2.iA"], 0, ""),
    ],
)
def test_the_real_command_exits_with_a_status_and_no_traceback(
    argv: list[str], status: int, message: str
) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
    done = subprocess.run(
        [sys.executable, "-m", "minesweeper", *argv], capture_output=True, text=True, env=env, timeout=60
    )
    assert done.returncode == status
    assert "Traceback" not in done.stderr and message in done.stderr
    assert done.stderr.count("\n") == (status != 0)


def test_daily_prints_the_days_board_and_its_start(capsys: pytest.CaptureFixture[str]) -> None:
    from minesweeper.daily import daily

    assert main(["daily", "2026-11-25", "--level", "beginner"]) == 0
    made = daily("2026-11-25", "beginner")
    row, col = made.board.size.row_col(made.start)
    assert capsys.readouterr().out == f"{to_code(made.board)} {row},{col}\n"
    assert main(["daily", "2026-02-30"]) == 2
    assert "daily '2026-02-30': must be a date" in capsys.readouterr().err
