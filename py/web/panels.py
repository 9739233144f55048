"""Menus and dialogs: the Game menu, the custom-size form, settings, How to play, the win summary and the
question before a new game over one well under way.

Glossary:
    menu       a native popover (`popover` + `popovertarget`: light dismiss and Escape for free); its
               buttons carry `data-level` or `data-command`; opened from the keyboard it takes the focus
               to its first item, and the arrows go from item to item (keyboard.menu_step); the focus
               leaving it closes it
    dialog     a native <dialog> opened modal; a form with method=dialog closes it with the pressed
               button's value; a click on the backdrop closes it too
    field error  the message next to an input (`[data-error-for=name]`), in the validator's own words;
               the input gets aria-invalid while it shows one, and the dialog stays open until none does
    leave      #leave-dialog: a new game asked for over a game well under way (games.py `leave_then`); Keep
               playing (the default, and Escape) or New game, which runs what was asked
    fold       the win panel closed without a command (Close, Escape, the backdrop) folds into a card in the
               notes' band (#win-folded: the time and a button that brings the panel back), so the finished
               board can be looked at; the next game drops it
    command    a menu item with `data-command` is run through commands.py, which closes the menu first;
               the menu's levels and the custom size are the panels' own
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from minesweeper import Game, Size
from ui import keyboard
from ui.commands import ANSWERS, Command, waiting
from ui.play import Play
from ui.settings import InForce, Settings, custom_size_errors, settings_form_errors
from ui.share import copy_link

from .commands import close_menu
from .dom import Element, Question, attr, closes_on_backdrop, listen
from .view import View

Checked = TypeVar("Checked")
SETTINGS_FIELDS = tuple(
    name
    for name in (*Settings.BOOLEANS, "first_click", "long_press_ms", "theme", "zoom", "language", "volume")
    if name not in Settings.OWN_BUTTONS
)


class App(Protocol):
    @property
    def game(self) -> Game: ...
    @property
    def play(self) -> Play: ...


class Commands(Protocol):
    def run(self, command: Command, keyed: bool = False) -> None: ...
    def focus_board(self) -> None: ...


class Games(Protocol):
    def choose_level(self, level: str) -> None: ...
    def choose_size(self, size: Size) -> None: ...


class Panels:
    def __init__(
        self,
        document: Element,
        app: App,
        settings: InForce,
        commands: Commands,
        games: Games,
    ) -> None:
        self.document, self.app, self.settings, self.commands, self.games = (
            document, app, settings, commands, games
        )  # fmt: skip
        self.menu = document.getElementById("game-menu")
        self.menu_button = document.getElementById("game-menu-button")
        self.custom = document.getElementById("custom-dialog")
        self.custom_form = document.getElementById("custom-form")
        self.settings_dialog = document.getElementById("settings-dialog")
        self.settings_form = document.getElementById("settings-form")
        self.help = document.getElementById("help-dialog")
        self.win = document.getElementById("win-dialog")
        self.folded = document.getElementById("win-folded")
        listen(document.querySelector(".menubar"), "click", self.on_menu)
        listen(self.menu, "keydown", self.on_menu_key)
        listen(self.menu_button, "keydown", self.on_menu_key)
        listen(self.menu, "focusout", self.on_menu_focusout)
        listen(self.menu, "beforetoggle", self.on_menu_toggle)
        listen(self.custom_form, "submit", self.on_custom_submit)
        listen(self.custom, "close", self.on_custom_close)
        listen(self.settings_form, "change", self.on_settings_change)
        listen(self.settings_form, "submit", self.on_settings_submit)
        listen(self.win, "close", self.on_win_close)
        self._escaped = False  # the win panel's `cancel`: Escape closes it
        listen(self.win, "cancel", lambda event: setattr(self, "_escaped", True))
        listen(document.getElementById("win-unfold"), "click", lambda event: self.unfold())
        for dialog in (self.custom, self.settings_dialog, self.help, self.win):
            closes_on_backdrop(dialog)
        self._board_next = False  # a keyboard player's new board from the custom form: focus it once closed
        # iOS's WebKit and Firefox have no navigator.vibrate: the vibration setting would do nothing there.
        if not hasattr(document.defaultView.navigator, "vibrate"):
            self.settings_form.querySelector("[name=vibration]").closest("label").hidden = True

    # -- the menu ----------------------------------------------------------------------------------

    def on_menu(self, event: Element) -> None:
        button = event.target.closest("button")
        level = attr(button, "data-level")
        if level is None:
            if button and button.isSameNode(self.menu_button) and event.detail == 0:
                event.preventDefault()  # pressed by a key: it toggles here, and not by itself
                if self.menu.matches(":popover-open"):
                    self.menu.hidePopover()
                else:
                    self.open_menu_at(0)
            return  # clicked: the popover opens by itself, and a mouse player's focus stays put
        close_menu(self.menu, button)
        if level == "custom":
            self.open_custom()
            return
        self.games.choose_level(level)
        if event.detail == 0:
            self.commands.focus_board()  # chosen with a key: play on with the keys, as after N or F2

    def on_menu_toggle(self, event: Element) -> None:
        """As the menu opens, grey the items the game on the board cannot take now (commands.waiting), and
        let Copy link say what it copies now: this board, or a new one like it while its game is under way
        (a player read "this board" as a promise)."""
        if event.newState != "open":
            return
        copied = copy_link(self.app.play)[0]
        self.menu.querySelector('[data-command="copy-link"]').setAttribute("data-link", copied.value)
        game = self.app.game
        greyed = waiting(game.is_over, game.board is not None)
        for item in self.menu.querySelectorAll("[data-command]"):
            if attr(item, "data-command") in greyed:
                item.setAttribute("aria-disabled", "true")
            else:
                item.removeAttribute("aria-disabled")

    def open_help(self) -> None:
        self.help.showModal()

    def on_menu_key(self, event: Element) -> None:
        items = self._menu_items()
        active = self.document.activeElement
        index = next((i for i, item in enumerate(items) if item.isSameNode(active)), None)
        to = keyboard.menu_step(event.key, index, len(items))
        if to is None or event.ctrlKey or event.altKey or event.metaKey:
            return
        event.preventDefault()  # neither scroll the page nor move on the board
        self.open_menu_at(to)

    def on_menu_focusout(self, event: Element) -> None:
        """Tab or Shift+Tab out of the open menu closes it, as a role=menu does: it stayed open over the page
        while the focus went on to How to play. Not when the focus goes to the menu's own button (a click
        there toggles the menu by itself) or nowhere (the window lost the focus)."""
        to = event.relatedTarget
        if to and not self.menu.contains(to) and not to.isSameNode(self.menu_button):
            self.menu.hidePopover()

    def open_menu_at(self, item: int) -> None:
        """Open the menu if it is closed, with the focus on `item`, at once: the popover's own opening
        comes a moment later, after keys pressed meanwhile would have gone to the button."""
        if not self.menu.matches(":popover-open"):
            self.menu.showPopover()
        self._menu_items()[item].focus()

    def _menu_items(self) -> list[Element]:
        return list(self.menu.querySelectorAll("[role^=menuitem]"))

    def on_settings(self, before: Settings, settings: Settings) -> None:
        self.show_level(settings.level)

    def show_level(self, level: str) -> None:
        """Tick the current level in the menu."""
        for item in self.menu.querySelectorAll("[data-level]"):
            item.setAttribute("aria-checked", "true" if attr(item, "data-level") == level else "false")

    # -- custom size -------------------------------------------------------------------------------

    def open_custom(self) -> None:
        settings = self.settings.current
        size = settings.size
        elements = self.custom_form.elements
        for name in ("width", "height", "mines"):
            elements.namedItem(name).value = str(getattr(size, name))
        self._show_errors(self.custom_form, {}, opening=True)
        self.custom.showModal()

    def on_custom_submit(self, event: Element) -> None:
        elements = self.custom_form.elements
        size = self._checked(
            event,
            self.custom_form,
            custom_size_errors(*(elements.namedItem(n).value for n in ("width", "height", "mines"))),
        )
        if size is not None:
            self.games.choose_size(size)
            # Enter in a field or on Play (a click on Play leaves no visible focus): the keyboard's.
            self._board_next = bool(self.document.activeElement.matches(":focus-visible"))

    def on_custom_close(self, event: Element) -> None:
        """After the dialog has handed the focus back to the menu's button, a keyboard player's new board
        takes it."""
        if self._board_next:
            self._board_next = False
            self.commands.focus_board()

    # -- settings ----------------------------------------------------------------------------------

    def open_settings(self) -> None:
        settings = self.settings.current
        elements = self.settings_form.elements
        for name in SETTINGS_FIELDS:
            field = elements.namedItem(name)
            value = getattr(settings, name)
            if field.type == "checkbox":
                field.checked = value
            else:
                field.value = str(value)
        self._show_errors(self.settings_form, {}, opening=True)
        self.settings_dialog.showModal()

    def on_settings_change(self, event: Element) -> None:
        """A field changed: the form applies at once while every field is valid."""
        if self.settings_dialog.open:  # not the change an edited field fires as Escape closes the dialog
            self.on_settings_submit(event)

    def on_settings_submit(self, event: Element) -> None:
        elements = self.settings_form.elements
        fields = {name: _field_value(elements.namedItem(name)) for name in SETTINGS_FIELDS}
        current = self.settings.current
        settings = self._checked(event, self.settings_form, settings_form_errors(current, fields))
        if settings is not None and settings != current:
            self.settings.change(settings)

    # -- the win summary ---------------------------------------------------------------------------

    def show_win(self, stats: dict[str, str]) -> None:
        for item in self.document.querySelectorAll("#win-dialog [data-stat], #win-folded [data-stat]"):
            item.textContent = stats.get(attr(item, "data-stat") or "", "")
        self.unfold()

    def unfold(self) -> None:
        self.folded.hidden = True
        self.win.returnValue = ""
        self.win.showModal()

    def on_win_close(self, event: Element) -> None:
        command = ANSWERS.get(self.win.returnValue)
        if command is not None:
            self.commands.run(command)
        elif not self.app.game.is_over:
            return  # closed by the next game (on_started)
        else:
            self.folded.hidden = False
            # Escape on a panel a mouse's win opened gave the focus back to nothing (the page's body; it is
            # still on the closed panel's button here), and the arrows did nothing: the keys play on the
            # board, as after a win by the keys. Not for a click (Close, the backdrop): a mouse player's
            # focus stays off the board.
            if self._escaped and self.win.contains(self.document.activeElement):
                self.commands.focus_board()
        self._escaped = False

    def on_started(self, play: Play) -> None:
        self.folded.hidden = True
        if self.win.open:
            self.win.close()
        self.show_level(self.settings.current.level)

    # -- shared ------------------------------------------------------------------------------------

    @classmethod
    def _checked(
        cls, event: Element, form: Element, result: tuple[Checked | None, dict[str, str]]
    ) -> Checked | None:
        """A form's valid value, or None with each bad field's message shown and its dialog kept open."""
        value, errors = result
        cls._show_errors(form, errors)
        if value is None:
            event.preventDefault()  # a submit keeps the dialog open with the messages
        return value

    @staticmethod
    def _show_errors(form: Element, errors: dict[str, str], opening: bool = False) -> None:
        """Each field's message, or none. A message that goes while its dialog is open leaves its room
        (data-fixed, --kept: its height) until the dialog opens again: the field's change fires as a finger
        lands on a button below it, and a button moving up under the finger would lose that tap."""
        for slot in form.querySelectorAll("[data-error-for]"):
            name = attr(slot, "data-error-for") or ""
            field = form.elements.namedItem(name)
            if name in errors:
                slot.textContent = errors[name]
                slot.removeAttribute("data-fixed")
                field.setAttribute("aria-invalid", "true")
                continue
            field.removeAttribute("aria-invalid")
            if opening:
                slot.removeAttribute("data-fixed")
            elif slot.textContent:
                slot.style.setProperty("--kept", f"{slot.offsetHeight}px")
                slot.setAttribute("data-fixed", "")
            slot.textContent = ""


class LeaveDialog:
    """#leave-dialog: the question before a new game over a game well under way."""

    def __init__(self, document: Element, view: View) -> None:
        self.document, self.view = document, view
        self.dialog = document.getElementById("leave-dialog")
        self.leaving = Question(self.dialog, "leave")
        closes_on_backdrop(self.dialog)

    def ask_leave(self, question: str, then: Callable[[], object]) -> None:
        for dialog in self.document.querySelectorAll("dialog[open]"):
            dialog.close()  # asked from another dialog (the custom size): one modal at a time
        self.dialog.querySelector("#leave-text").textContent = question
        to_board = self.view.has_focus()  # asked from the board with a key: play on with the keys

        def leave() -> None:
            then()
            if to_board:
                self.view.move_focus(self.view.focus)

        self.leaving.ask(leave)


def _field_value(field: Element) -> Any:
    """A checkbox's bool, any other field's text."""
    return field.checked if field.type == "checkbox" else field.value
