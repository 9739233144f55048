"""The game drawn in the page: board cells, counters, face, messages. Writes data attributes and text only;
css/ decides how they look.

Glossary:
    cells       the board's gridcell elements, fetched on first use and kept in a list (a DOM lookup per
                paint would cost more than the paint)
    paint       write the looks of the cells an action changed: `data-cell` and the cell's aria-label
    marks       transient classes on cells: `pressed` (a button or finger held, as in Windows) and
                `holding` (a long press in progress; CSS animates it for the long-press delay)
    focus cell  the keyboard's cell: the only cell with tabindex=0 (a roving tabindex, as ARIA grids do)
    mapping     `cell_at(x, y)` turns page coordinates into a cell: the one place that knows where cells
                are, so a rotated or zoomed board changes only this
"""

from __future__ import annotations

from typing import Any

from minesweeper import Game, Look, State

JsElement = Any  # a JsProxy of a DOM element

WORDS = {
    Look.COVERED: "covered",
    Look.FLAG: "flag",
    Look.QUESTION: "question mark",
    Look.N0: "no mines around",
    Look.N1: "1 mine around",
    Look.MINE: "mine",
    Look.BOOM: "exploded mine",
    Look.WRONG_FLAG: "wrong flag, no mine",
}
FACES = {State.READY: "smile", State.PLAYING: "smile", State.WON: "won", State.LOST: "lost"}


def attr(element: JsElement, name: str) -> str | None:
    """An attribute's value, or None when missing (JS null arrives as a falsy JsNull, not None)."""
    value = element.getAttribute(name) if element else None
    return value if isinstance(value, str) else None


def label(row: int, col: int, look: Look) -> str:
    """A cell's accessible name: 'row 3, column 5: 2 mines around' (rows and columns count from 1)."""
    return f"row {row + 1}, column {col + 1}: {WORDS.get(look) or f'{look.value} mines around'}"


def led(number: int) -> str:
    """An LED counter's digits: at least three, a minus sign taking one place when negative."""
    return f"{number:03d}" if number >= 0 else f"-{-number:02d}"


def board_html(game: Game, focus: int) -> str:
    """The whole grid as one string (one innerHTML write builds even 256x256): rows of gridcells."""
    width, looks = game.width, game.looks
    rows = []
    for row in range(game.height):
        cells = []
        for col in range(width):
            look = looks[row * width + col]
            tab = ' tabindex="0"' if row * width + col == focus else ""
            cells.append(
                f'<div role="gridcell" data-row="{row}" data-col="{col}" data-cell="{look.value}"{tab}'
                f' aria-label="{label(row, col, look)}"></div>'
            )
        rows.append(f'<div role="row">{"".join(cells)}</div>')
    return "".join(rows)


class View:
    def __init__(self, document: JsElement) -> None:
        self.document = document
        self.board = document.getElementById("board")
        self.mines_left = document.getElementById("mines-left")
        self.timer = document.getElementById("timer")
        self.face = document.getElementById("new-game")
        self.message = document.getElementById("message")
        self.announcer = document.getElementById("announce")
        self.width = self.height = 0
        self.focus = 0
        self.cells: list[JsElement | None] = []
        self.nodes: JsElement = None
        self.marks: dict[int, str] = {}
        self.shown_seconds = -1

    # -- the board ---------------------------------------------------------------------------------

    def build(self, game: Game) -> None:
        """Replace the grid with `game`'s board, in one write."""
        if (game.width, game.height) != (self.width, self.height):
            self.focus = 0
        self.width, self.height = game.width, game.height
        board = self.board
        board.setAttribute("data-cols", str(game.width))
        board.setAttribute("data-rows", str(game.height))
        # The column and row counts are structure, not looks; CSS cannot read a number from an attribute
        # portably yet (attr() with types is Chromium-only), so each new board sets two custom properties.
        board.style.setProperty("--cols", str(game.width))
        board.style.setProperty("--rows", str(game.height))
        board.innerHTML = board_html(game, self.focus)
        board.removeAttribute("aria-busy")
        self.nodes = board.querySelectorAll("[role=gridcell]")
        self.cells = [None] * game.size.cells
        self.marks = {}
        self.show_state(game)

    def element(self, cell: int) -> JsElement:
        element = self.cells[cell]
        if element is None:
            element = self.cells[cell] = self.nodes.item(cell)
        return element

    def paint(self, changes: dict[int, Look]) -> None:
        width = self.width
        for cell, look in changes.items():
            element = self.element(cell)
            element.setAttribute("data-cell", look.value)
            element.setAttribute("aria-label", label(cell // width, cell % width, look))

    def show_state(self, game: Game) -> None:
        self.board.setAttribute("data-state", game.state.value)
        self.face.setAttribute("data-face", FACES[game.state])
        self.mines_left.textContent = led(game.mines_left)

    def show_pressing(self, pressing: bool) -> None:
        """The face's 'oh' while a button or finger is held on the board, as in Windows."""
        self.face.setAttribute("data-face", "pressed" if pressing else "smile")

    def set_marks(self, pressed: set[int], holding: set[int]) -> None:
        """Set the transient classes; only cells whose marks change are touched."""
        wanted: dict[int, str] = {}
        for cell in pressed:
            wanted[cell] = "pressed"
        for cell in holding:
            wanted[cell] = "pressed holding"
        for cell in self.marks.keys() - wanted.keys():
            self.element(cell).className = ""
        for cell, classes in wanted.items():
            if self.marks.get(cell) != classes:
                self.element(cell).className = classes
        self.marks = wanted

    def cell_at(self, x: float, y: float) -> int | None:
        """The cell under page coordinates (clientX, clientY), or None off the board."""
        element = self.document.elementFromPoint(x, y)
        row, col = attr(element, "data-row"), attr(element, "data-col")  # only cells carry them
        if row is None or col is None:
            return None
        return int(row) * self.width + int(col)

    def move_focus(self, cell: int) -> None:
        """Make `cell` the focus cell (roving tabindex) and focus it."""
        if cell != self.focus:
            self.element(self.focus).removeAttribute("tabindex")
            self.focus = cell
            self.element(cell).setAttribute("tabindex", "0")
        self.element(cell).focus()

    # -- the bar and messages ----------------------------------------------------------------------

    def show_seconds(self, seconds: float) -> None:
        whole = int(seconds)
        if whole != self.shown_seconds:
            self.shown_seconds = whole
            self.timer.textContent = led(whole)

    def show_message(self, text: str, kind: str = "info") -> None:
        """One line under the board (role=status, so it is read out); empty text hides it."""
        self.message.textContent = text
        self.message.setAttribute("data-kind", kind)
        self.message.hidden = not text

    def announce(self, text: str) -> None:
        """Say `text` through the polite live region (won, lost)."""
        self.announcer.textContent = text
