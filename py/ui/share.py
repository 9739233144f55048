"""Sharing a result: a short text and a link that opens the very same board, for a friend to play.

Glossary:
    board     the level's name and size ("Expert 30x16, 99 mines"), or the size of a custom board
    day       a daily's day as the player's language writes dates ("25 nov. 2026"); in English the
              'YYYY-MM-DD' the daily's link has, as English shares have always said it
    result    won or lost, and for a loss how much of the board was cleared (solved 3BV of the total)
    figures   time to the hundredth, 3BV/s and efficiency, as the win panel shows them (texts.win_figures)
    help      what the player had besides their own eyes (ui/play.py), said in the text as
              minesweeper.online marks assisted games: hints, the odds shown, the solver, a given board (but
              not a daily board's attempt: every player has the same). A daily game that was not
              the day's attempt says it was practice
    link      a daily board's `?daily=DAY&level=NAME` (the friend plays the daily of that day), else the
              board's own `#board=` link: the same mines, whatever the seed or rules
    copy      Game → Copy link: the board's own link gives its mines away (a seed's too, with the command
              line), so it is given once the game is over; while it can be played, a link to a new board
              like it (level or size, and mode). A daily board's link is the same for every player: given
              at any time
    RLM       in a right-to-left language each line starts with U+200F (the right-to-left mark): a chat
              that takes a line's direction from its first letter would set "3BV/s 2.01, ..." left to
              right, its words in the wrong order
"""

from __future__ import annotations

from enum import StrEnum

from minesweeper import LEVELS, Game, Size, State
from minesweeper.analysis import summary
from minesweeper.daily import Daily

from . import links
from .i18n import SOURCE, _, formats, language, ngettext
from .play import Play
from .statsview import LEVELS as LEVEL_TITLES
from .texts import win_figures

RLM = "\u200f"


class Copied(StrEnum):
    """What Copy link gives (see the glossary)."""

    BOARD = "board"
    DAILY = "daily"
    LIKE = "like"


def board_name(size: Size) -> str:
    """The board in the player's language: 'Expert 30x16, 99 mines', 'Custom 4x2, 1 mine'."""
    names = [name for name, preset in LEVELS.items() if preset == size]
    number = formats().number
    shape = {"width": number(size.width), "height": number(size.height), "mines": number(size.mines)}
    if names:
        text = ngettext(
            "{level} {width}x{height}, {mines} mine", "{level} {width}x{height}, {mines} mines", size.mines
        )
        return text.format(level=_(LEVEL_TITLES[names[0]]), **shape)
    text = ngettext(
        "Custom {width}x{height}, {mines} mine", "Custom {width}x{height}, {mines} mines", size.mines
    )
    return text.format(**shape)


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
    """The help `play`'s player had, as a sentence in the player's language; "" for none (see the
    glossary)."""
    help = play.help
    count = formats().number(help.hints)
    used = [ngettext("{count} hint", "{count} hints", help.hints).format(count=count)] if help.hints else []
    used += [_("the odds shown")] if help.odds else []
    used += [_("the solver")] if help.solved else []
    used += [_("a given board")] if play.is_given and (play.daily is None or practice) else []
    return _("Help used: {list}.").format(list=formats().join(used)) if used else ""


def day_words(day: str) -> str:
    """A daily's day as the shared text says it (see the glossary)."""
    return day if language().tag == SOURCE else formats().date(day)


def head_line(play: Play, practice: bool) -> str:
    """The text's first line: the game, the daily's day (and whether it was practice), the board."""
    board, daily = board_name(play.game.size), play.daily
    if daily is None:
        return _("Minesweeper: {board}").format(board=board)
    if practice:
        return _("Minesweeper daily {day}, practice: {board}").format(day=day_words(daily.day), board=board)
    return _("Minesweeper daily {day}: {board}").format(day=day_words(daily.day), board=board)


def share_text(play: Play, seconds: float, practice: bool = False) -> str:
    """The text of a finished game's result in the player's language, without its link (the Web Share
    API takes them apart; the link is the same for everyone); `practice`: a daily game that was not its
    day's attempt."""
    game = play.game
    figures = win_figures(play, seconds)
    if game.state is State.WON:
        result = "🚩 " + _("won in {time}").format(time=figures["time"])
    else:
        done, number = summary(game, round(seconds, 3)), formats().number
        result = "💣 " + _("lost after {time} ({cleared}/{total} 3BV cleared)").format(
            time=figures["time"], cleared=number(done.solved_bbbv), total=number(done.bbbv)
        )
    lines = [
        head_line(play, practice),
        result,
        _("3BV/s {rate}, efficiency {efficiency}").format(
            rate=figures["bv_per_second"], efficiency=figures["efficiency"]
        ),
    ]
    if help := help_used(play, practice):
        lines.append(help)
    if language().is_rtl:  # each line right to left, where a chat would start one at "3BV/s" left to right
        lines = [RLM + line for line in lines]
    return "\n".join(lines)
