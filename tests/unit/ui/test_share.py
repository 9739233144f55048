"""The shared result: a short text (board, result, time, 3BV/s, efficiency) and a link to the board."""

from __future__ import annotations

from minesweeper import Game, Reveal, Rules, level
from minesweeper.art import from_art
from minesweeper.daily import daily
from ui.play import Help, Play
from ui.share import Copied, board_name, copy_link, help_used, share_link, share_text


def test_a_won_daily() -> None:
    made = daily("2026-11-25", "beginner")
    game = Game.from_board(made.board)
    game.apply(Reveal(made.start))
    for cell in range(81):
        if cell not in made.board.mines:
            game.apply(Reveal(cell))
    text = share_text(Play(game, daily=made), 12.3456)
    assert text.splitlines()[0] == "Minesweeper daily 2026-11-25: Beginner 9x9, 10 mines"
    assert text.splitlines()[1] == "🚩 won in 12.35 s"
    assert text.splitlines()[2].startswith("3BV/s ") and "efficiency" in text
    assert share_link(game, made) == "?daily=2026-11-25&level=beginner"


def test_a_lost_custom_board_links_to_its_mines() -> None:
    board = from_art("..1*\n..1.")
    game = Game.from_board(board)
    game.apply(Reveal(3))
    text = share_text(Play(game, help=Help(hints=2)), 1.5)
    assert text.splitlines() == [
        "Minesweeper: Custom 4x2, 1 mine",
        "💣 lost after 1.50 s (0/2 3BV cleared)",
        "3BV/s 0.00, efficiency 0%",
        "Help used: 2 hints and a known board.",
    ]
    assert share_link(game, None) == "#board=4.2.EA"


def test_board_names() -> None:
    assert board_name(level("expert")) == "Expert 30x16, 99 mines"


def test_the_help_used_is_said_as_minesweeper_online_marks_assisted_games() -> None:
    random = Game.new(level("beginner"), 5, Rules())
    assert help_used(Play(random)) == ""
    assert help_used(Play(random, help=Help(1))) == "Help used: 1 hint."
    assert help_used(Play(random, seed_link=True, help=Help(3, True, True))) == (
        "Help used: 3 hints, the odds shown, the solver, and a known board."
    )
    made = daily("2026-11-25", "beginner")
    attempt = Play(Game.from_board(made.board), daily=made)
    assert help_used(attempt) == ""  # the day's attempt: every player has the same board
    assert help_used(attempt, practice=True) == "Help used: a known board."
    assert share_text(attempt, 1.0, practice=True).startswith("Minesweeper daily 2026-11-25, practice: ")


def test_copy_link_gives_the_board_only_once_its_game_is_over() -> None:
    game = Game.new(level("beginner"), 5, Rules(no_guess=True))
    assert copy_link(Play(game)) == (Copied.LIKE, "?level=beginner&mode=no-guess")  # its seed: its mines
    game.apply(Reveal(40))
    assert copy_link(Play(game, seed_link=True)) == (Copied.LIKE, "?level=beginner&mode=no-guess")
    board = from_art("..1*\n..1.")
    over = Game.from_board(board)
    over.apply(Reveal(3))
    assert copy_link(Play(over)) == (Copied.BOARD, "#board=4.2.EA")
    made = daily("2026-11-25", "beginner")
    assert copy_link(Play(Game.from_board(made.board), daily=made)) == (
        Copied.DAILY,
        "?daily=2026-11-25&level=beginner",
    )
