"""Sharing a result: a short text and a link that opens the very same board, for a friend to play.

Glossary:
    board     the level's name and size ("Expert 30x16, 99 mines"), or the size of a custom board
    result    won or lost, and for a loss how much of the board was cleared (solved 3BV of the total)
    figures   time to the hundredth, 3BV/s and efficiency, as the win panel shows them (texts.win_figures)
    help      what the player had besides their own eyes (ui/play.py), said in the text as
              minesweeper.online marks assisted games: hints, the odds shown, the solver, a known board (a
              given one, but a daily board's attempt: every player has the same). A daily game that was not
              the day's attempt says it was practice
    link      a daily board's `?daily=DAY&level=NAME` (the friend plays the daily of that day), else the
              board's own `#board=` link: the same mines, whatever the seed or rules
    copy      Game → Copy link: the board's own link gives its mines away (a seed's too, with the command
              line), so it is given once the game is over; while it can be played, a link to a new board
              like it (level or size, and mode). A daily board's link is the same for every player: given
              at any time
"""

from __future__ import annotations

from enum import StrEnum

from minesweeper import LEVELS, Game, Size, State
from minesweeper.analysis import summary
from minesweeper.daily import Daily

from . import links
from .i18n import English
from .play import Play
from .texts import win_figures


class Copied(StrEnum):
    """What Copy link gives (see the glossary)."""

    BOARD = "board"
    DAILY = "daily"
    LIKE = "like"


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


def copy_link(play: Play) -> tuple[Copied, str]:
    """What Copy link gives for `play` (see the glossary), and the address tail that says it."""
    game = play.game
    if play.daily is not None:
        return Copied.DAILY, links.daily_link(play.daily.day, play.daily.level)
    if game.is_over and game.board is not None:
        return Copied.BOARD, links.board_link(game.board)
    return Copied.LIKE, links.level_link(game.size, game.rules.no_guess)


def help_used(play: Play, practice: bool = False) -> str:
    """The help `play`'s player had, as a sentence; "" for none (see the glossary). In English, as the rest
    of the shared text (`share_text`)."""
    help = play.help
    used = [f"{help.hints} hint{'s' if help.hints != 1 else ''}"] if help.hints else []
    used += ["the odds shown"] if help.odds else []
    used += ["the solver"] if help.solved else []
    used += ["a known board"] if play.is_given and (play.daily is None or practice) else []
    return f"Help used: {English().join(used)}." if used else ""


def share_text(play: Play, seconds: float, practice: bool = False) -> str:
    """The text of a finished game's result, without its link (the Web Share API takes them apart);
    `practice`: a daily game that was not its day's attempt."""
    game, daily = play.game, play.daily
    figures = win_figures(play, seconds)
    head = f"Minesweeper daily {daily.day}" if daily is not None else "Minesweeper"
    if daily is not None and practice:
        head = f"Minesweeper daily {daily.day}, practice"
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
    if help := help_used(play, practice):
        lines.append(help)
    return "\n".join(lines)
