"""The game drawn in the page: board cells, counters, face, and what a screen reader hears. Writes data
attributes and text only; css/ decides how they look.

Glossary:
    cells       the board's gridcell elements, fetched on first use and kept in a list (a DOM lookup per
                paint would cost more than the paint); a paint's looks go in one call (js/cells.js), each
                call from Python into the DOM costing more than the write it makes
    paint       write the looks of the cells an action changed: `data-cell` and the cell's aria-label, and
                `data-satisfied` on the numbers whose flags are all placed (game.py), which CSS fades while
                a game runs if the player asks for it (`data-dim-satisfied` on the board)
    marks       transient classes on cells: `pressed` (a button or finger held, as in Windows) and
                `holding` (a long press in progress; CSS animates it for the long-press delay)
    focus cell  the keyboard's cell: the only cell with tabindex=0 (a roving tabindex, as ARIA grids do)
    mapping     `cell_at(x, y)` turns page coordinates into a cell: the one place that knows where cells
                are, so a rotated or zoomed board changes only this
    layout      layout.Layout: the board as the engine holds it, or turned to follow the screen's long side;
                gridcells and `data-row`/`data-col` are in view order, everything else speaks engine cells;
                `data-transposed` on the board says it is turned
    drawn       what the grid was built from: the game on the board, or a study's position (ui/sketch.py)
    touch       the page has no fine pointer (no mouse, trackpad or pen: a phone, most tablets), so most
                likely no keyboard either: the notes name what a finger does, not keys (decided once, here)
"""

from __future__ import annotations

from pyscript.ffi import to_js

from minesweeper import Game, Look
from ui.i18n import sentences
from ui.keyboard import carried
from ui.layout import Layout
from ui.settings import Settings
from ui.sketch import Drawn, Header
from ui.texts import FACES, board_html, grid_words, led

from .dom import Element, attr


class View:
    def __init__(self, document: Element) -> None:
        self.document = document
        self.board = document.getElementById("board")
        self.mines_left = document.getElementById("mines-left")
        self.timer = document.getElementById("timer")
        self.face = document.getElementById("new-game")
        self.announcer = document.getElementById("announce")
        self.touch: bool = not document.defaultView.matchMedia("(any-pointer: fine)").matches
        self.width = self.height = 0
        self.layout = Layout(0, 0)
        self.drawn: Drawn | None = None
        self.focus = 0
        self.cells: list[Element | None] = []
        self.nodes: Element = None
        self._cells = document.defaultView.minesweeperCells  # js/cells.js: many cells' looks in one call
        self._grid: Element = None  # js/cells.js's grid: the shape and words of the grid drawn
        self.writes = 0  # grids built and looks written so far (a tap painted ahead is not one of them)
        self.marks: dict[int, str] = {}
        self.satisfied: set[int] = set()  # the cells drawn with data-satisfied
        self.dim_satisfied = False  # the setting: CSS fades them while a game runs
        self.shown_seconds = -1
        self.shown_mines_left: int | None = None  # what the counter and the face show (None: not yet)
        self.shown_face: str | None = None
        self._no_scroll = document.defaultView.Object.new()  # focus() options: {preventScroll: true}
        self._no_scroll.preventScroll = True

    # -- the board ---------------------------------------------------------------------------------

    def build(self, game: Drawn) -> None:
        """Replace the grid with `game`'s board, in one write, turned to follow the screen if need be. The
        focus cell keeps its row and column (clamped to the new size); if the keyboard's focus was on the
        board it stays there, on that cell (the write destroys the focused cell, which drops the focus to
        <body>); a focus elsewhere, e.g. a mouse player's on the page, stays where it is."""
        had_focus = self.has_focus()
        self.drawn = game
        self.focus = carried(self.focus, self.width, game.width, game.height)
        self.width, self.height = game.width, game.height
        self.layout = layout = self.fit(game)
        board = self.board
        board.setAttribute("data-cols", str(layout.cols))
        board.setAttribute("data-rows", str(layout.rows))
        board.toggleAttribute("data-transposed", layout.transposed)
        # The column and row counts are structure, not looks; CSS cannot read a number from an attribute
        # portably yet (attr() with types is Chromium-only), so each new board sets two custom properties.
        board.style.setProperty("--cols", str(layout.cols))
        board.style.setProperty("--rows", str(layout.rows))
        self.satisfied = game.satisfied_numbers()
        words = grid_words(layout.rows, layout.cols)
        self._grid = self._cells.grid(
            layout.width,
            layout.cols,
            layout.transposed,
            to_js(words.pieces),
            to_js(words.numbers),
            to_js(
                {look.value: said for look, said in words.said.items()},
                dict_converter=self.document.defaultView.Object.fromEntries,
            ),
        )
        board.innerHTML = board_html(game, layout, self.focus, self.satisfied, words.label)
        board.removeAttribute("aria-busy")
        self.nodes = board.querySelectorAll("[role=gridcell]")
        self.cells = [None] * game.size.cells
        self.writes += 1
        self.marks = {}
        self.show_state(game)
        if had_focus:
            self.element(self.focus).focus()

    def fit(self, game: Drawn) -> Layout:
        """`game`'s layout for the window's present shape."""
        root = self.document.documentElement
        return Layout.fit(game.width, game.height, root.clientWidth, root.clientHeight)

    def relayout(self) -> bool:
        """Turn the board if the window's shape now asks for it (the grid is rebuilt once, from what it
        was drawn from; the game and the focus cell stay); False if it already lies right."""
        drawn = self.drawn
        if drawn is None or self.fit(drawn) == self.layout:
            return False
        self.build(drawn)
        return True

    def element(self, cell: int) -> Element:
        element = self.cells[cell]
        if element is None:
            element = self.cells[cell] = self.nodes.item(self.layout.index(cell))
        return element

    def paint(self, game: Game, changes: dict[int, Look], written: bool = False) -> None:
        """Write what an action changed: the looks of `changes` (unless `written` already: a tap painted
        ahead, js/press.js), and which numbers are satisfied."""
        if not written:
            self.show_looks(changes)
        for cell, satisfied in game.satisfied(changes).items():
            if satisfied != (cell in self.satisfied):
                self.element(cell).toggleAttribute("data-satisfied", satisfied)
                (self.satisfied.add if satisfied else self.satisfied.discard)(cell)

    def show_looks(self, changes: dict[int, Look]) -> None:
        """Write the looks of `changes` (and their labels) only, in one call into the page (js/cells.js)."""
        if not changes:
            return
        self.writes += 1
        self._cells.write(self.nodes, self._grid, *as_written(changes))

    def prepared(self, changes: dict[int, Look]) -> Element:
        """A JavaScript function that writes the looks of `changes` when called, as `show_looks` would."""
        return self._cells.prepared(self.nodes, self._grid, *as_written(changes))

    def warm(self) -> None:
        """Have the browser draw every look of a cell and of the face once, out of sight (js/cells.js)."""
        self._cells.warm(",".join(Look), ",".join(["pressed", *FACES.values()]))

    def show_state(self, game: Drawn) -> None:
        self.board.setAttribute("data-state", game.state.value)
        self.show_dimming(game)
        self.show_counters(FACES[game.state], game.mines_left)

    def show_counters(self, face: str, mines_left: int) -> None:
        self.show_face(face)
        if mines_left != self.shown_mines_left:  # a text written again is a text laid out again
            self.shown_mines_left = mines_left
            self.mines_left.textContent = led(mines_left)

    def show_header(self, header: Header) -> None:
        """The counter, face and clock of what the board shows besides a game's own (ui/sketch.py)."""
        self.show_counters(header.face, header.mines_left)
        self.show_seconds(header.seconds, started=header.started)

    def show_face(self, face: str) -> None:
        if face != self.shown_face:
            self.shown_face = face
            self.face.setAttribute("data-face", face)

    def show_settings(self, settings: Settings) -> None:
        """The settings the board draws: the long-press cue lasts as long as the delay (a setting, not a look,
        passed as a custom property css/board.css reads), and whether satisfied numbers fade."""
        self.board.style.setProperty("--long-press", f"{settings.long_press_ms}ms")
        self.dim_satisfied = settings.dim_satisfied

    def show_dimming(self, game: Drawn) -> None:
        """Satisfied numbers fade while a game runs, if the player asked for it; a finished board (a win
        flags every mine, so every number is satisfied) is shown in full colour."""
        self.board.toggleAttribute("data-dim-satisfied", self.dim_satisfied and not game.is_over)

    def show_pressing(self, pressing: bool) -> None:
        """The face's 'oh' while a button or finger is held on the board, as in Windows."""
        self.show_face("pressed" if pressing else "smile")

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

    def cell_at(self, x: float, y: float, element: Element | None = None) -> int | None:
        """The cell under page coordinates (clientX, clientY), or None off the board; `element`: what the
        browser's own hit test found there (a press's target), so none is made again."""
        if element is None:
            element = self.document.elementFromPoint(x, y)
        row, col = attr(element, "data-row"), attr(element, "data-col")  # only cells carry them
        if row is None or col is None:
            # Firefox at times hit-tests a cell's row at the cell's centre, just after a new board: the
            # board's grid says which cell is there, so the click is never lost.
            return self.grid_cell_at(x, y) if element is not None and self.board.contains(element) else None
        return self.layout.cell(int(row), int(col))

    def grid_cell_at(self, x: float, y: float) -> int | None:
        """The cell at (x, y) by the board's geometry: the span from its first cell to its last."""
        layout = self.layout
        first = self.element(layout.cell(0, 0)).getBoundingClientRect()
        last = self.element(layout.cell(layout.rows - 1, layout.cols - 1)).getBoundingClientRect()
        width, height = (last.right - first.left) / layout.cols, (last.bottom - first.top) / layout.rows
        if width <= 0 or height <= 0:
            return None
        row, col = int((y - first.top) // height), int((x - first.left) // width)
        return layout.cell(row, col) if 0 <= row < layout.rows and 0 <= col < layout.cols else None

    def move_focus(self, cell: int, take: bool = True, scroll: bool = True) -> None:
        """Make `cell` the focus cell (roving tabindex) and, if `take`, focus it, scrolling it into view
        unless `scroll` is False (a cell under the pointer is in view: a zoomed board must not jump)."""
        if cell != self.focus:
            self.element(self.focus).removeAttribute("tabindex")
            self.focus = cell
            self.element(cell).setAttribute("tabindex", "0")
        if take and scroll:
            self.element(cell).focus()
        elif take:
            self.element(cell).focus(self._no_scroll)

    def has_focus(self) -> bool:
        """The keyboard's focus is on the board (on one of its cells)."""
        return bool(self.board.contains(self.document.activeElement))

    # -- the bar and the announcer ----------------------------------------------------------------------

    def show_seconds(self, seconds: float, started: bool = True) -> None:
        """The clock: 0 before the first click, then the seconds begun, as in Windows, whose clock shows 1
        at the first click (no game lasts 0 seconds there; the win panel has the time to the hundredth)."""
        whole = int(seconds) + 1 if started else 0
        if whole != self.shown_seconds:
            self.shown_seconds = whole
            self.timer.textContent = led(whole)

    def announce(self, text: str, *, more: bool = False) -> None:
        """Say `text` through the polite live region (won, lost); `more`: after what it says now."""
        said = self.announcer.textContent if more else ""
        self.announcer.textContent = sentences(said, text)


def as_written(changes: dict[int, Look]) -> tuple[str, str]:
    """The cells of `changes` and their looks as js/cells.js takes them: comma-separated, in one order."""
    return ",".join(map(str, changes)), ",".join(changes.values())
