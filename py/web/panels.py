"""Menus and dialogs: the Game menu, the custom-size form, settings, How to play and the win summary.

Glossary:
    menu       a native popover (`popover` + `popovertarget`: light dismiss and Escape for free); its
               buttons carry `data-level` or `data-command`; opened from the keyboard it takes the focus
               to its first item, and the arrows go from item to item (keyboard.menu_step); the focus
               leaving it closes it
    dialog     a native <dialog> opened modal; a form with method=dialog closes it with the pressed
               button's value; a click on the backdrop closes it too
    field error  the message next to an input (`[data-error-for=name]`), in the validator's own words;
               the input gets aria-invalid while it shows one, and the dialog stays open until none does
    commands   what the panels ask of the app: new game, level, custom size, copy link, new settings
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from pyscript.ffi import create_proxy

from minesweeper import Size

from . import keyboard
from .settings import Settings, custom_size_errors, settings_form_errors
from .view import attr

JsElement = Any
Checked = TypeVar("Checked")
SETTINGS_FIELDS = tuple(
    name
    for name in (*Settings.BOOLEANS, "first_click", "long_press_ms", "theme", "zoom")
    if name not in Settings.OWN_BUTTONS
)


@dataclass
class Commands:
    """What the menus and dialogs can ask the game for."""

    new_game: Callable[[], None]
    play_again: Callable[[], None]
    choose_level: Callable[[str], None]
    choose_size: Callable[[Size], None]
    copy_link: Callable[[], None]
    set_settings: Callable[[Settings], None]
    settings: Callable[[], Settings]
    focus_board: Callable[[], None]


class Panels:
    def __init__(self, document: JsElement, commands: Commands) -> None:
        self.document, self.commands = document, commands
        self.menu = document.getElementById("game-menu")
        self.menu_button = document.getElementById("game-menu-button")
        self.custom = document.getElementById("custom-dialog")
        self.custom_form = document.getElementById("custom-form")
        self.settings_dialog = document.getElementById("settings-dialog")
        self.settings_form = document.getElementById("settings-form")
        self.help = document.getElementById("help-dialog")
        self.win = document.getElementById("win-dialog")
        self._proxies = [
            self._listen(document.querySelector(".menubar"), "click", self.on_menu),
            self._listen(self.menu, "keydown", self.on_menu_key),
            self._listen(self.menu_button, "keydown", self.on_menu_key),
            self._listen(self.menu, "focusout", self.on_menu_focusout),
            self._listen(self.custom_form, "submit", self.on_custom_submit),
            self._listen(self.custom, "close", self.on_custom_close),
            self._listen(self.settings_form, "change", self.on_settings_change),
            self._listen(self.settings_form, "submit", self.on_settings_submit),
            self._listen(self.win, "close", self.on_win_close),
        ]
        for dialog in (self.custom, self.settings_dialog, self.help, self.win):
            self._proxies.append(self._listen(dialog, "pointerdown", self.on_dialog_down))
            self._proxies.append(self._listen(dialog, "click", self.on_dialog_click))
        self._backdrop_down = False
        self._board_next = False  # a keyboard player's new board from the custom form: focus it once closed
        # iOS's WebKit and Firefox have no navigator.vibrate: the vibration setting would do nothing there.
        if not hasattr(document.defaultView.navigator, "vibrate"):
            self.settings_form.querySelector("[name=vibration]").closest("label").hidden = True

    @staticmethod
    def _listen(element: JsElement, kind: str, handler: Callable[[Any], None]) -> Any:
        proxy = create_proxy(handler)
        element.addEventListener(kind, proxy)
        return proxy

    # -- the menu ----------------------------------------------------------------------------------

    def on_menu(self, event: JsElement) -> None:
        button = event.target.closest("button")
        level, command = attr(button, "data-level"), attr(button, "data-command")
        if level is None and command is None:
            if button and button.isSameNode(self.menu_button) and event.detail == 0:
                event.preventDefault()  # pressed by a key: it toggles here, and not by itself
                if self.menu.matches(":popover-open"):
                    self.menu.hidePopover()
                else:
                    self.open_menu_at(0)
            return  # clicked: the popover opens by itself, and a mouse player's focus stays put
        if self.menu.matches(":popover-open"):
            self.menu.hidePopover()
        if level == "custom":
            self.open_custom()
        elif level is not None:
            self.commands.choose_level(level)
        elif command == "new":
            self.commands.new_game()
        elif command == "again":
            self.commands.play_again()
        elif command == "copy-link":
            self.commands.copy_link()
        elif command == "settings":
            self.open_settings()
        elif command == "help":
            self.help.showModal()
        new_board = level not in (None, "custom") or command in ("new", "again")
        if new_board and event.detail == 0:
            self.commands.focus_board()  # chosen with a key: play on with the keys, as after N or F2

    def on_menu_key(self, event: JsElement) -> None:
        items = self._menu_items()
        active = self.document.activeElement
        index = next((i for i, item in enumerate(items) if item.isSameNode(active)), None)
        to = keyboard.menu_step(event.key, index, len(items))
        if to is None or event.ctrlKey or event.altKey or event.metaKey:
            return
        event.preventDefault()  # neither scroll the page nor move on the board
        self.open_menu_at(to)

    def on_menu_focusout(self, event: JsElement) -> None:
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

    def _menu_items(self) -> list[JsElement]:
        return list(self.menu.querySelectorAll("[role^=menuitem]"))

    def show_level(self, level: str) -> None:
        """Tick the current level in the menu."""
        for item in self.menu.querySelectorAll("[data-level]"):
            item.setAttribute("aria-checked", "true" if attr(item, "data-level") == level else "false")

    # -- custom size -------------------------------------------------------------------------------

    def open_custom(self) -> None:
        settings = self.commands.settings()
        size = settings.size
        elements = self.custom_form.elements
        for name in ("width", "height", "mines"):
            elements.namedItem(name).value = str(getattr(size, name))
        self._show_errors(self.custom_form, {}, opening=True)
        self.custom.showModal()

    def on_custom_submit(self, event: JsElement) -> None:
        elements = self.custom_form.elements
        size = self._checked(
            event,
            self.custom_form,
            custom_size_errors(*(elements.namedItem(n).value for n in ("width", "height", "mines"))),
        )
        if size is not None:
            self.commands.choose_size(size)
            # Enter in a field or on Play (a click on Play leaves no visible focus): the keyboard's.
            self._board_next = bool(self.document.activeElement.matches(":focus-visible"))

    def on_custom_close(self, event: JsElement) -> None:
        """After the dialog has handed the focus back to the menu's button, a keyboard player's new board
        takes it."""
        if self._board_next:
            self._board_next = False
            self.commands.focus_board()

    # -- settings ----------------------------------------------------------------------------------

    def open_settings(self) -> None:
        settings = self.commands.settings()
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

    def on_settings_change(self, event: JsElement) -> None:
        """A field changed: the form applies at once while every field is valid."""
        if self.settings_dialog.open:  # not the change an edited field fires as Escape closes the dialog
            self.on_settings_submit(event)

    def on_settings_submit(self, event: JsElement) -> None:
        elements = self.settings_form.elements
        fields = {name: _field_value(elements.namedItem(name)) for name in SETTINGS_FIELDS}
        settings = self._checked(
            event, self.settings_form, settings_form_errors(self.commands.settings(), fields)
        )
        if settings is not None and settings != self.commands.settings():
            self.commands.set_settings(settings)

    # -- the win summary ---------------------------------------------------------------------------

    def show_win(self, stats: dict[str, str]) -> None:
        for item in self.win.querySelectorAll("[data-stat]"):
            item.textContent = stats.get(attr(item, "data-stat") or "", "")
        self.win.returnValue = ""
        self.win.showModal()

    def on_win_close(self, event: JsElement) -> None:
        if self.win.returnValue == "new":
            self.commands.new_game()

    def close_win(self) -> None:
        if self.win.open:
            self.win.close()

    # -- shared ------------------------------------------------------------------------------------

    def on_dialog_down(self, event: JsElement) -> None:
        self._backdrop_down = event.target.tagName == "DIALOG"

    def on_dialog_click(self, event: JsElement) -> None:
        target = event.target
        # The backdrop (dialogs have no padding, their form fills them) closes a dialog, but only when
        # pressed there too: a click that began elsewhere (e.g. on the board) is not a backdrop click.
        if target.tagName == "DIALOG" and self._backdrop_down:
            target.close()
        elif target.closest("[data-close]"):
            target.closest("dialog").close()

    @classmethod
    def _checked(
        cls, event: JsElement, form: JsElement, result: tuple[Checked | None, dict[str, str]]
    ) -> Checked | None:
        """A form's valid value, or None with each bad field's message shown and its dialog kept open."""
        value, errors = result
        cls._show_errors(form, errors)
        if value is None:
            event.preventDefault()  # a submit keeps the dialog open with the messages
        return value

    @staticmethod
    def _show_errors(form: JsElement, errors: dict[str, str], opening: bool = False) -> None:
        """Each field's message, or none. A message that goes while its dialog is open leaves its room
        (data-fixed, --kept: its height) until the dialog opens again: the field's change fires as a finger
        lands on a button below it, and the button moving up under the finger lost that tap."""
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


def _field_value(field: JsElement) -> Any:
    """A checkbox's bool, any other field's text."""
    return field.checked if field.type == "checkbox" else field.value
