"""Sharing a result: a short text and a link that opens the very same board, for a friend to play.

Glossary:
    board     the level's name and size ("Expert 30x16, 99 mines"), or the size of a custom board
    result    won or lost, and for a loss how much of the board was cleared (solved 3BV of the total)
    figures   time to the hundredth, 3BV/s and efficiency, as the win panel shows them (texts.win_figures)
    link      a daily board's `?daily=DAY&level=NAME` (the friend plays the daily of that day), else the
              board's own `#board=` link: the same mines, whatever the seed or rules
"""

from __future__ import annotations

from minesweeper import LEVELS, Game, Size, State
from minesweeper.analysis import summary
from minesweeper.daily import Daily

from . import links
from .play import Play
from .texts import win_figures


def board_name(size: Size) -> str:
    names = [name for name, preset in LEVELS.items() if preset == size]
    shape = f"{size.width}x{size.height}, {size.mines} mine{'s' if size.mines != 1 else ''}"
    return f"{names[0].capitalize()} {shape}" if names else f"Custom {shape}"


def share_link(game: Game, daily: Daily | None) -> str:
    """The address tail (to put after the page's own address) that opens the same board."""
    if daily is not None:
        return links.daily_link(daily.day, daily.level)
    assert game.board is not None, "a finished game has its board"
    return links.board_link(game.board)


def share_text(play: Play, seconds: float) -> str:
    """The text of a finished game's result, without its link (the Web Share API takes them apart)."""
    game, daily, hints = play.game, play.daily, play.help.hints
    figures = win_figures(play, seconds)
    head = f"Minesweeper daily {daily.day}" if daily is not None else "Minesweeper"
    if game.state is State.WON:
        result = f"won in {figures['time']}"
    else:
        done = summary(game, round(seconds, 3))
        result = f"lost after {figures['time']} ({done.solved_bbbv}/{done.bbbv} 3BV cleared)"
    lines = [
        f"{head}: {board_name(game.size)}",
        f"{'💣' if game.state is State.LOST else '🚩'} {result}",
        f"3BV/s {figures['bv_per_second']}, efficiency {figures['efficiency']}",
    ]
    if hints:
        lines.append(f"{hints} hint{'s' if hints != 1 else ''} used")
    return "\n".join(lines)
