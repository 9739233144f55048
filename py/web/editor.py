"""The analysis board's editor, made for fingers first: a tap on a cell opens a small picker by it
(covered, flag, 0-8), a drag paints the state last chosen over every cell it crosses; undo and redo; the
board's width, height and mines. Keys on the focused cell: 0-8, H (covered), F (flag), Delete; the arrows
move, Ctrl+Z and Ctrl+Y (or Ctrl+Shift+Z) undo and redo. Positions go in and out as JSMinesweeper's .mine
text (pasted, or a file), MBF and the #analysis= link. web/analysis.py draws each position and its study.

Glossary:
    brush     the state the picker gave last (at first: a 1): what a drag paints
    stroke    a drag from a cell across others: painted as the finger goes, one edit at its end (undo takes
              it back whole); a second finger (a pinch) ends it where it is
    picker    #picker, a popover by the chosen cell (`--x`, `--y`: where, as CSS variables, as view.py sets
              --cols); its buttons carry `data-state`, the brush's `aria-pressed`. A manual popover (the
              release that opens it would light-dismiss an automatic one): a press elsewhere or Esc
              closes it
    text      the position as .mine text in #editor-text, kept up to date with the position shown (a
              review's too: import and export are there in every mode): copy it from there, or paste one
              and read it
    file      a .mine file opens as a position; an MBF file holds a board, not a position: it is played, as
              a board from a link is (a new game, which asks first over one well under way)
    board     the mines behind a position, when known (a review's game): saved as MBF
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from contextlib import suppress
from typing import Protocol

from pyscript.ffi import to_js

from minesweeper import Board, BoardError, Cell, Look
from minesweeper.diagram import Diagram
from minesweeper.exchange import from_mbf, from_mine_text, to_mbf, to_mine_text
from ui import sketch
from ui.i18n import _
from ui.intents import Intent
from ui.keyboard import shortcut
from ui.links import analysis_link
from ui.notes import Kind, Messages
from ui.sketch import KEYS, Edits

from .analysis import Mode
from .dom import Element, attr, listen
from .view import View

TEXT_FIELDS = "input, textarea, select"


class Analysis(Protocol):  # the analysis board, as the editor uses it
    @property
    def mode(self) -> Mode | None: ...
    @property
    def diagram(self) -> Diagram | None: ...
    @property
    def board(self) -> Board | None: ...
    def set_mode(self, mode: Mode) -> None: ...
    def show(self, diagram: Diagram, *, chosen: Cell | None = None) -> object: ...
    def repaint(self, changes: dict[Cell, Look]) -> None: ...


class Copier(Protocol):
    def copy_text(self, text: str, done: str) -> None: ...


class Address(Protocol):
    def address(self, tail: str) -> str: ...


class Games(Protocol):
    def play_board(self, board: Board) -> None: ...


class Editor:
    def __init__(
        self,
        document: Element,
        window: Element,
        analysis: Analysis,
        view: View,
        notes: Messages,
        copier: Copier,
        address: Address,
        games: Games,
    ) -> None:
        self.document, self.window, self.analysis, self.view, self.notes = (
            document,
            window,
            analysis,
            view,
            notes,
        )
        self.copier, self.address, self.games = copier, address, games
        self.panel = document.getElementById("editor")
        self.picker = document.getElementById("picker")
        self.size_form = document.getElementById("editor-size")
        self.text = document.getElementById("editor-text")
        self.file = document.getElementById("editor-file")
        self.edit_button = document.querySelector('[data-edit="toggle"]')
        self.mbf_button = document.querySelector('[data-edit="mbf"]')
        self.edits: Edits | None = None
        self.brush = Look.N1
        self.picking: Cell | None = None  # the cell the picker is open for
        self.stroke: list[Cell] = []  # the cells of the drag under way, its first cell first
        self.stroke_pointer: int | None = None
        self.task: asyncio.Future[None] | None = None  # kept: asyncio holds its tasks weakly
        study = document.getElementById("study")
        listen(study, "click", self.on_click)
        listen(self.picker, "click", self.on_pick)
        listen(self.picker, "toggle", self.on_picker_toggle)
        listen(self.size_form, "change", lambda event: self.resize())
        listen(self.size_form, "submit", lambda event: event.preventDefault())
        listen(self.file, "change", self.on_file)
        board = view.board
        listen(board, "keydown", self.on_cell_key)
        listen(board, "pointerdown", self.on_down)
        listen(board, "pointermove", self.on_move)
        listen(board, "pointerup", lambda event: self.end_stroke())
        listen(board, "pointercancel", lambda event: self.end_stroke())
        listen(document, "keydown", self.on_key)
        listen(document, "pointerdown", self.on_press_anywhere)

    @property
    def editing(self) -> bool:
        return self.analysis.mode is Mode.EDIT

    # -- the mode ----------------------------------------------------------------------------------

    def on_opened(self, mode: Mode) -> None:
        """The study opened or changed mode: editing starts from the position shown, undo empty."""
        self.edit_button.setAttribute("aria-pressed", "true" if mode is Mode.EDIT else "false")
        self.mbf_button.hidden = self.analysis.board is None
        diagram = self.analysis.diagram
        if mode is Mode.EDIT and diagram is not None and (self.edits is None or self.edits.now != diagram):
            self.edits = Edits(diagram)
        self.show_fields()

    def on_shown(self, diagram: Diagram) -> None:
        """A position is on the board (a review's too): its text, its size, undo and redo as they stand."""
        self.show_fields()

    def toggle(self) -> None:
        """Edit the position shown, or stop editing (its analysis stays)."""
        self.close_picker()
        self.analysis.set_mode(Mode.ANALYSIS if self.editing else Mode.EDIT)

    # -- changes -------------------------------------------------------------------------------------

    def commit(self, diagram: Diagram, chosen: Cell | None = None) -> None:
        """`diagram` becomes the position: an edit undo can take back, drawn with its study."""
        if self.edits is None:
            return
        self.edits = self.edits.to(diagram)
        self.draw(chosen)

    def draw(self, chosen: Cell | None = None) -> None:
        assert self.edits is not None
        self.analysis.show(self.edits.now, chosen=chosen)  # its fields follow (on_shown)

    def set_cell(self, cell: Cell, state: Look) -> None:
        if self.edits is not None:
            self.commit(sketch.with_state(self.edits.now, [cell], state), chosen=cell)

    def undo(self) -> None:
        if self.edits is not None and self.edits.before:
            self.edits = self.edits.undo()
            self.draw()

    def redo(self) -> None:
        if self.edits is not None and self.edits.after:
            self.edits = self.edits.redo()
            self.draw()

    def show_fields(self) -> None:
        """The size fields, undo and redo, and the text, as the position is now."""
        diagram = self.analysis.diagram
        if diagram is None:
            return
        elements = self.size_form.elements
        for name in ("width", "height", "mines"):
            field = elements.namedItem(name)
            field.value = str(getattr(diagram.size, name))
            field.removeAttribute("aria-invalid")
        self.text.value = to_mine_text(diagram)
        edits = self.edits
        for what, able in (("undo", edits and edits.before), ("redo", edits and edits.after)):
            self.document.querySelector(f'[data-edit="{what}"]').disabled = not able

    def resize(self) -> None:
        elements = self.size_form.elements
        if self.edits is None:
            return
        size = sketch.read_size(*(str(elements.namedItem(n).value) for n in ("width", "height", "mines")))
        if isinstance(size, str):
            self.notes.say(size, Kind.ERROR, asked=True)
            self.show_fields()
            return
        self.commit(sketch.resized(self.edits.now, size))

    # -- the picker ------------------------------------------------------------------------------------

    def on_intent(self, intent: Intent) -> None:
        """A cell's intent while editing: a tap (or Enter) opens the picker there; a long press, a right
        click or F flags it (or covers a flag)."""
        if self.edits is None or len(self.stroke) > 1:  # the release that ends a stroke opens nothing
            return
        if intent.kind == "flag":
            look = Look.COVERED if intent.cell in self.edits.now.flags else Look.FLAG
            self.set_cell(intent.cell, look)
            return
        self.open_picker(intent.cell)

    def open_picker(self, cell: Cell) -> None:
        self.picking = cell
        box = self.view.element(cell).getBoundingClientRect()
        style = self.picker.style
        style.setProperty("--x", f"{box.left + box.width / 2:.0f}px")
        style.setProperty("--y", f"{box.bottom:.0f}px")
        for button in self.picker.querySelectorAll("[data-state]"):
            button.setAttribute(
                "aria-pressed", "true" if attr(button, "data-state") == self.brush.value else "false"
            )
        if not self.picker.matches(":popover-open"):
            self.picker.showPopover()
        self.picker.querySelector(f'[data-state="{self.brush.value}"]').focus()

    def on_pick(self, event: Element) -> None:
        state = attr(event.target.closest("[data-state]"), "data-state")
        cell = self.picking
        if state is None or cell is None:
            return
        self.brush = Look(state)
        self.close_picker()
        self.set_cell(cell, self.brush)
        self.view.move_focus(cell)

    def close_picker(self) -> None:
        if self.picker.matches(":popover-open"):
            self.picker.hidePopover()

    def on_press_anywhere(self, event: Element) -> None:
        if self.picking is not None and not self.picker.contains(event.target):
            self.close_picker()

    def on_picker_toggle(self, event: Element) -> None:
        if event.newState == "closed":
            self.picking = None

    # -- strokes -------------------------------------------------------------------------------------

    def on_down(self, event: Element) -> None:
        if not self.editing:
            return
        if self.stroke_pointer is not None:  # a second finger: a pinch, not a stroke
            self.end_stroke()
            return
        cell = self.view.cell_at(event.clientX, event.clientY)
        if cell is not None and event.button == 0:
            self.stroke, self.stroke_pointer = [cell], event.pointerId

    def on_move(self, event: Element) -> None:
        if event.pointerId != self.stroke_pointer or self.edits is None:
            return
        cell = self.view.cell_at(event.clientX, event.clientY)
        if cell is None or cell in self.stroke:
            return
        if len(self.stroke) == 1:  # the drag leaves its first cell: a stroke, which paints that one too
            self.close_picker()
            self.analysis.repaint({self.stroke[0]: self.brush})
        self.stroke.append(cell)
        self.analysis.repaint({cell: self.brush})

    def end_stroke(self) -> None:
        stroke, self.stroke, self.stroke_pointer = self.stroke, [], None
        if len(stroke) > 1 and self.edits is not None:
            self.commit(sketch.with_state(self.edits.now, stroke, self.brush))

    # -- keys ------------------------------------------------------------------------------------------

    def on_cell_key(self, event: Element) -> None:
        """0-8, H, F, Delete on the focused cell (before the page's own keys: H is a hint there)."""
        if not self.editing or event.ctrlKey or event.altKey or event.metaKey:
            return
        state = KEYS.get(shortcut(event.key, event.code))
        if state is None:
            return
        event.preventDefault()
        event.stopPropagation()
        self.set_cell(self.view.focus, state)

    def on_key(self, event: Element) -> None:
        """Esc closes the picker (its cell keeps the focus); Ctrl+Z, Ctrl+Y and Ctrl+Shift+Z undo and redo
        while editing, but in a text field (its own undo)."""
        if event.key == "Escape" and self.picking is not None:
            cell = self.picking
            self.close_picker()
            self.view.move_focus(cell)
            event.preventDefault()
            return
        key = shortcut(event.key, event.code).lower()
        if not self.editing or not (event.ctrlKey or event.metaKey) or key not in ("z", "y"):
            return
        if event.target.closest(TEXT_FIELDS):
            return
        event.preventDefault()
        redo = key == "y" or event.shiftKey
        self.redo() if redo else self.undo()

    # -- buttons -------------------------------------------------------------------------------------

    def on_click(self, event: Element) -> None:
        what = attr(event.target.closest("[data-edit]"), "data-edit")
        actions: dict[str, Callable[[], None]] = {
            "toggle": self.toggle,
            "undo": self.undo,
            "redo": self.redo,
            "clear": self.clear,
            "read": self.read_text,
            "open": self.choose_file,
            "save": self.save_text,
            "mbf": self.save_mbf,
            "link": self.copy_link,
        }
        if what in actions:
            actions[what]()

    def clear(self) -> None:
        if self.edits is not None:
            self.commit(sketch.blank(self.edits.now.size))

    def read_text(self) -> None:
        try:
            diagram = from_mine_text(str(self.text.value))
        except BoardError as error:
            self.window.console.warn(f"minesweeper: position text: {error}")
            text = _(
                "Could not read this position: .mine text is a line such as 30x16x99 (width, height, mines),"
                " then one line of cells per row."
            )
            self.notes.say(text, Kind.ERROR, asked=True)
            return
        self.open_position(diagram)

    def open_position(self, diagram: Diagram) -> None:
        if not self.editing:
            self.analysis.set_mode(Mode.EDIT)
        self.commit(diagram)

    def choose_file(self) -> None:
        self.file.value = ""
        self.file.click()

    def on_file(self, _event: Element) -> None:
        if self.file.files.length:
            self.task = asyncio.ensure_future(self.read_file(self.file.files.item(0)))

    async def read_file(self, file: Element) -> None:
        name = str(file.name)
        try:
            data = bytes((await file.arrayBuffer()).to_bytes())
        except Exception as error:  # the browser could not read it
            self.window.console.warn(f"minesweeper: open {name}: {error}")
            self.notes.say(_("Could not read {file}.").format(file=name), Kind.ERROR, asked=True)
            return
        read = read_position(data)
        if isinstance(read, Diagram):
            self.open_position(read)
        elif isinstance(read, Board):
            self.notes.say(_("{name} holds a board, not a position: here it is to play.").format(name=name))
            self.games.play_board(read)
        else:
            self.window.console.warn(f"minesweeper: open {name}: {read}")
            text = _("Could not read {file}: it holds neither a .mine position nor an MBF board.")
            self.notes.say(text.format(file=name), Kind.ERROR, asked=True)

    def save_text(self) -> None:
        diagram = self.analysis.diagram
        if diagram is not None:
            self.download(to_mine_text(diagram).encode(), "position.mine", "text/plain")

    def save_mbf(self) -> None:
        board = self.analysis.board
        if board is not None:
            with suppress(BoardError):  # a side over 255: MBF cannot hold it, the button is no use then
                self.download(to_mbf(board), "board.mbf", "application/octet-stream")

    def download(self, data: bytes, name: str, kind: str) -> None:
        blob = self.window.Blob.new(to_js([to_js(data)]), to_js({"type": kind}))
        url = self.window.URL.createObjectURL(blob)
        link = self.document.createElement("a")
        link.href, link.download = url, name
        link.click()
        self.window.setTimeout(self.window.URL.revokeObjectURL, 60_000, url)

    def copy_link(self) -> None:
        diagram = self.analysis.diagram
        if diagram is not None:
            url = self.address.address(analysis_link(diagram))
            self.copier.copy_text(url, _("Analysis link copied: it opens this position on any device."))


def read_position(data: bytes) -> Diagram | Board | str:
    """What a file holds: a position (.mine text), a board (MBF), or why it is neither (the engine's
    reason, in English, for the console)."""
    try:
        return from_mine_text(data.decode("utf-8"))
    except (UnicodeDecodeError, BoardError) as error:
        text_error = str(error)
    looks_like_text = data[:1].isdigit()
    try:
        return from_mbf(data)
    except BoardError as error:
        return text_error if looks_like_text else str(error)
