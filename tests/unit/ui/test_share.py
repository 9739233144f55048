"""The shared result: a short text (board, result, time, 3BV/s, efficiency) and a link to the board."""

from __future__ import annotations

from minesweeper import Game, Reveal, level
from minesweeper.art import from_art
from minesweeper.daily import daily
from ui.play import Help, Play
from ui.share import board_name, share_link, share_text


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
        "2 hints used",
    ]
    assert share_link(game, None) == "#board=4.2.EA"


def test_board_names() -> None:
    assert board_name(level("expert")) == "Expert 30x16, 99 mines"
