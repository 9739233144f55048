"""Keys and clicks that ask something of the page: each becomes a command (ui/commands.py), a move of the
focus cell or an intent on a cell (ui/keyboard.py decides), and each command runs through one table.

Glossary:
    table     Command -> handler, filled by main.py with the parts' own; a handler takes `keyed`: asked
              with the keyboard (a key, or Enter on a menu item), so the focus follows it
    where     where the keyboard's focus is when a key comes: on the board, in a text field or select, on
              a button, or on the page; the same key means different things there (keyboard.py)
    item      a menu item or button with `data-command`, or one of the toolbar's (commands.BUTTONS)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from minesweeper import Game
from ui.commands import BUTTONS, Command, from_item
from ui.intents import Intent
from ui.keyboard import Move, answer, shortcut

from .dom import Element, attr, listen
from .view import View

Handler = Callable[[bool], object]
TEXT_FIELDS = "input:not([type=range], [type=checkbox], [type=radio], [type=button], [type=submit])"
NEW_BOARD = (Command.NEW, Command.AGAIN)  # chosen from the menu with a key, the board takes the focus


class App(Protocol):
    @property
    def game(self) -> Game: ...
    def intent(self, intent: Intent) -> None: ...


class Commands:
    def __init__(self, document: Element, app: App, view: View) -> None:
        self.document, self.app, self.view = document, app, view
        self.menu = document.getElementById("game-menu")
        self.table: dict[Command, Handler] = {Command.NOTHING: lambda keyed: None}
        listen(document, "keydown", self.on_key)
        listen(document, "click", self.on_click)
        # A right click that misses the board by a little (the counters, the face, the frame) is a
        # player's, not a request for the browser's menu.
        listen(document.querySelector(".frame"), "contextmenu", lambda event: event.preventDefault())

    def add(self, handlers: dict[Command, Handler]) -> None:
        self.table |= handlers

    def run(self, command: Command, keyed: bool = False) -> None:
        handler = self.table.get(command)
        if handler is not None:
            handler(keyed)

    def focus_board(self) -> None:
        self.view.move_focus(self.view.focus)

    def on_click(self, event: Element) -> None:
        """A button that asks a command, wherever it sits. Chosen from the Game menu with a key, a new board
        takes the focus: play goes on with the keys, as after N or F2."""
        button = event.target.closest("button")
        command = from_item(attr(button, "data-command")) or (BUTTONS.get(button.id) if button else None)
        if command is None:
            return
        from_menu = close_menu(self.menu, button)
        keyed = from_menu and event.detail == 0  # Enter on a menu item (a toolbar button keeps its focus)
        self.run(command, keyed)
        if keyed and command in NEW_BOARD:
            self.focus_board()

    def on_key(self, event: Element) -> None:
        if event.ctrlKey or event.altKey or event.metaKey or self.document.querySelector("dialog:modal"):
            return
        active = self.document.activeElement
        if attr(active, "role") == "gridcell":
            where = "board"
        elif active and active.closest(f"{TEXT_FIELDS}, select, textarea, [popover]"):
            where = "control"
        elif active and active.closest("button, input, a, summary"):
            where = "button"
        else:
            where = "page"
        # The arrows move across the board as it is shown, turned or not; Enter and Space follow the state of
        # what it shows (a study's position is never over: Enter there chooses a cell, not a new game).
        drawn = self.view.drawn
        state = self.app.game.state if drawn is None else drawn.state
        asked = answer(shortcut(event.key, event.code), where, self.view.focus, self.view.layout, state)
        if asked is None:
            return
        event.preventDefault()
        if isinstance(asked, Move):
            self.view.move_focus(asked.cell)
        elif isinstance(asked, Intent):
            self.app.intent(asked)
        else:
            self.run(asked, keyed=True)


def close_menu(menu: Element, item: Element) -> bool:
    """Close the Game menu if `item` is one of its items; whether it is."""
    if not (item and menu.contains(item)):
        return False
    if menu.matches(":popover-open"):
        menu.hidePopover()
    return True
