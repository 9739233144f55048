"""Keys to what they ask: a pure mapping, so the rules for Space, N and F2 are written (and tested) in one
place.

Glossary:
    where     where the focus is: "board" (a cell), "button" (a button, link, slider or box: it takes no
              letters, so the letter keys are ours, and Space, Enter and the arrows its own), "control" (a
              text field, a list or the Game menu: the browser's own keys apply there, letters included)
              or "page" (nothing in particular, e.g. the body)
    answer    Move(cell): the focus cell goes there | Intent(kind, cell) on the focus cell (intents.py) |
              a Command (commands.py; its letters are commands.KEYS), Command.NOTHING included: the key
              is ours and does nothing, so the browser's own action (Space scrolls a board bigger than
              its frame) does not happen either; None: the key is not ours
    layout    the board as shown (layout.py): the arrows go across it as the player sees it, turned or not
    state     the game's State: a game in progress (PLAYING) is never thrown away by Space

Keys: arrows move the focus cell, Home/End go to the row's ends, Enter or Space opens, F flags, C chords;
N or F2 start a new game from the board, a button or the page (the explicit command); Space does on the
page unless a game is in progress (a mouse player's focus is always there: a stray Space must neither lose
the game nor scroll the board under the pointer), and Enter or Space on the board once the game is over.
H asks for a hint, O shows or hides the odds, R plays the board again and P replays a finished game, from
the board, a button or the page. Modified keys (Ctrl, Alt, Meta) are left to the browser, and so are all
keys in a control, and all but the letters on a button: Space there presses the button or ticks the box.
In the Game menu (and on its button) the arrows go from item to item, round the ends, Home and End to
the first and last (a role=menu's keys). A letter is the key's as typed, but on a keyboard whose letters are
not Latin (`shortcut`): there, the Latin letter its key bears on an English keyboard, as Help names it. A
replay's and a review's arrows step through the moves as their buttons are drawn: mirrored in a
right-to-left page (`along`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from minesweeper import State

from .commands import KEYS, Command
from .intents import Intent, Kind
from .layout import Layout


@dataclass(frozen=True)
class Move:
    """The focus cell goes to `cell` (an engine cell)."""

    cell: int


Answer: TypeAlias = Command | Intent | Move

STEPS = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}
CELL_KEYS: dict[str, Kind] = {
    "Enter": "open",
    " ": "open",
    "f": "flag",
    "F": "flag",
    "c": "chord",
    "C": "chord",
}


def answer(key: str, where: str, focus: int, layout: Layout, state: State) -> Answer | None:
    """What `key` asks, pressed with the focus `where`, the focus cell being `focus`; None: not ours."""
    if key in KEYS and (where != "control" or key == "F2"):
        return KEYS[key]
    if where == "page":
        if key == " ":
            return Command.NOTHING if state is State.PLAYING else Command.NEW
        return None
    if where != "board":
        return None
    if key in STEPS or key in ("Home", "End"):
        return Move(layout.cell_of(step(layout.index(focus), key, layout.cols, layout.rows)))
    if key in CELL_KEYS:
        if state.is_over and key in ("Enter", " "):
            return Command.NEW
        return Intent(CELL_KEYS[key], focus)
    return None


def step(cell: int, key: str, width: int, height: int) -> int:
    """The cell a movement key goes to from `cell`; the edges stop it."""
    row, col = divmod(cell, width)
    if key == "Home":
        return row * width
    if key == "End":
        return row * width + width - 1
    d_row, d_col = STEPS[key]
    row = min(max(row + d_row, 0), height - 1)
    col = min(max(col + d_col, 0), width - 1)
    return row * width + col


def menu_step(key: str, index: int | None, count: int) -> int | None:
    """The menu item a key goes to from item `index` of `count`: the arrows go round, Home and End go to
    the ends; from the menu's button (index None) Down goes to the first, Up to the last. None: not ours."""
    moves = {"ArrowDown": 0, "ArrowUp": count - 1}
    if index is not None:
        moves = {"ArrowDown": index + 1, "ArrowUp": index - 1, "Home": 0, "End": count - 1}
    return moves[key] % count if key in moves and count else None


def carried(cell: int, old_width: int, width: int, height: int) -> int:
    """The focus cell on a new width x height board: the old one's row and column, clamped to the board."""
    row, col = divmod(cell, old_width) if old_width else (0, 0)
    return min(row, height - 1) * width + min(col, width - 1)


def shortcut(key: str, code: str) -> str:
    """`key` (the event's: what the key types) as the shortcuts read it. A letter or digit outside ASCII on a
    key that bears a Latin letter or a digit on an English keyboard (`code`: KeyF, Digit3) is that letter or
    digit: an Arabic, Persian, Hebrew, Russian, Greek or Thai layout types its own letters on the keys Help
    calls F, C, N... and no shortcut worked; a French keyboard types é on its 2 key unless shifted. A Latin
    letter stays the one typed (a French keyboard's A is where an English one has Q), and so does a Latin
    layout's own letter on any other key (ö, ß)."""
    if len(key) != 1 or key.isascii() or not (key.isalpha() or key.isdigit()):
        return key
    if len(code) == 4 and code.startswith("Key") and "A" <= code[3] <= "Z":
        return code[3].lower()
    if len(code) == 6 and code.startswith("Digit") and code[5].isdigit():
        return code[5]
    return key


FORWARD = {"ArrowRight": 1, "ArrowLeft": -1}


def along(key: str, rtl: bool, down: bool = False) -> int | None:
    """The step through a game's moves (a replay's, a review's) that an arrow asks: 1 forward, -1 back, None:
    not a step. Left and right follow the controls as drawn: a right-to-left page draws them mirrored, back
    on the right. `down`: Down and Up step too (a list of moves that goes down the page)."""
    if key in FORWARD:
        return -FORWARD[key] if rtl else FORWARD[key]
    if down and key in ("ArrowDown", "ArrowUp"):
        return 1 if key == "ArrowDown" else -1
    return None
