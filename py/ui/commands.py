"""Commands: what the player asks of the page (not of a cell), and the one table of where each comes from.

Glossary:
    command   a request to the page as a whole: a new game, the same board again, a hint, the odds, the
              replay, the statistics, the settings, how to play, copying the board's link, the solver
              playing the game (Solve), the daily board, sharing a result, copying the replay's link, the
              review of a finished game, the analysis board. The
              page runs each through one table (web/commands.py `run`), whichever input asked
    key       a letter (either case) or F2 that asks for a command (keyboard.py decides where the focus
              lets it); Space and Enter ask for a new game only in some places (keyboard.py)
    item      a menu item or button with `data-command`: its value is the command's (index.html)
    button    a toolbar button named by its id (the face, Hint, Odds)
    answer    the button that closed the win panel (its returnValue): New game, Watch the replay or Review
    NOTHING   a key that is ours and does nothing: Space on the page while a game runs (the browser would
              otherwise scroll the board under the pointer)
    waiting   a command the game on the board cannot take yet (or any more): its menu item is greyed
              (aria-disabled) but still answers, saying why
"""

from __future__ import annotations

from enum import StrEnum


class Command(StrEnum):
    NEW = "new"
    AGAIN = "again"
    HINT = "hint"
    ODDS = "odds"
    REPLAY = "replay"
    STATS = "stats"
    SETTINGS = "settings"
    HELP = "help"
    COPY_LINK = "copy-link"
    DAILY = "daily"
    SHARE = "share"
    COPY_REPLAY = "copy-replay"
    SOLVE = "solve"
    REVIEW = "review"
    ANALYSIS = "analysis"
    NOTHING = "nothing"


KEYS = {
    **dict.fromkeys(("F2", "n", "N"), Command.NEW),
    **dict.fromkeys(("r", "R"), Command.AGAIN),
    **dict.fromkeys(("h", "H"), Command.HINT),
    **dict.fromkeys(("o", "O"), Command.ODDS),
    **dict.fromkeys(("p", "P"), Command.REPLAY),
    **dict.fromkeys(("s", "S"), Command.SOLVE),
}
BUTTONS = {"new-game": Command.NEW, "hint": Command.HINT, "odds": Command.ODDS}
ANSWERS = {"new": Command.NEW, "replay": Command.REPLAY, "review": Command.REVIEW}


def from_item(value: str | None) -> Command | None:
    """The command a `data-command` value names; None for none or one this version does not know."""
    try:
        return Command(value) if value is not None and value != Command.NOTHING else None
    except ValueError:
        return None


def waiting(over: bool, placed: bool) -> frozenset[Command]:
    """The commands the game on the board cannot take now (see the glossary): the replay, sharing, the
    replay's link and the review wait for the game's end, the solver for a game still to play, the same
    board again for the first click that places the mines."""
    found = (
        {Command.REPLAY, Command.SHARE, Command.COPY_REPLAY, Command.REVIEW} if not over else {Command.SOLVE}
    )
    if not placed:
        found.add(Command.AGAIN)
    return frozenset(found)
