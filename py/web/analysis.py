"""The analysis board: a position on the board with what logic says of it (ui/analysis.py words the engine's
study.py): each covered cell's chance, the proved cells and the numbers that prove them, the best move and
why, and what makes a position impossible. It is a mode of the same #board: the player's game waits, set
aside (web/app.py), and comes back untouched when the study closes. A review (web/review.py) shows its
positions here; the editor (web/editor.py) changes them.

Glossary:
    study      the panel beside the board (#study) and the board under it, in one of three modes: `review`
               (a game's actions judged, each opening its position here), `analysis` (any position: from
               a link, from the board, from a review) or `edit` (the same, changed cell by cell);
               `data-study` on #board and on the panel says which (css/study.css)
    position   the diagram on the board, drawn as a sketch (ui/sketch.py), the header over it the
               position's (the clock at 0, the counter the mines less the flags, the plain face) or, in a
               review, its action's (ui/review.py). Every covered cell carries its chance (`data-chance`,
               and the overlay's `data-odds`, `data-risk`, and its accessible name);
               `data-odds-estimated` on the board when the chances are estimates
    chosen     the cell tapped, clicked or entered (`data-chosen`): the panel says its proof or its chance,
               and marks the proof's numbers (`data-proof`); a finger's choice is said on the note line too
               (on a phone the cells are often too small for the figure)
    best       the hint's cell (`data-hint`, as a hint is marked); in a review, the best move at that moment
    move       in a review, the judged action's cell (`data-review-move`)
    problem    the cell that makes the position impossible and the numbers involved (`data-problem`); the
               panel says why, at once, as the editor changes cells
    leave      ✕ or Esc: the panel goes and the player's game comes back; a game started meanwhile (N, a
               level, a link) takes the board instead
    help       chances on the board (an analysis or the editor, not a review's own game) while the player's
               game is under way are the odds shown in that game (web/app.py `count_study`): a position
               can be set up to be that game's
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import TYPE_CHECKING, Protocol

from minesweeper import Board, Cell, Look, State
from minesweeper.diagram import Diagram
from ui.i18n import _
from ui.intents import Intent
from ui.links import Link
from ui.notes import Messages
from ui.play import Play
from ui.sketch import Header, Sketch, blank

from .dom import Element, Signal, listen
from .view import View

if TYPE_CHECKING:
    from minesweeper.study import Study

MARKS = ("data-chosen", "data-proof", "data-problem", "data-hint", "data-review-move")


class Mode(StrEnum):
    REVIEW = "review"
    ANALYSIS = "analysis"
    EDIT = "edit"


class App(Protocol):
    @property
    def own(self) -> tuple[Play, float]: ...
    def lend(self, borrower: Callable[[Intent], None]) -> None: ...
    def bring_back(self) -> bool: ...
    def count_study(self) -> bool: ...


class AnalysisBoard:
    def __init__(self, document: Element, app: App, view: View, notes: Messages) -> None:
        self.document, self.app, self.view, self.notes = document, app, view, notes
        self.panel = document.getElementById("study")
        self.problem_line = document.getElementById("analysis-problem")
        self.hint_line = document.getElementById("analysis-hint")
        self.cell_line = document.getElementById("analysis-cell")
        self.mode: Mode | None = None
        self.diagram: Diagram | None = None
        self.board: Board | None = None  # the mines behind the position, when known (a review's game)
        self.found: Study | None = None
        self.chosen: Cell | None = None
        self.move: Cell | None = None
        self.best: Cell | None = None
        self.header: Header | None = None  # what the header shows over the position
        self.written: dict[str, set[Cell]] = {name: set() for name in MARKS}
        self.opened: Signal[[Mode]] = Signal()  # the panel opened, or changed mode
        self.shown: Signal[[Diagram]] = Signal()  # a position is on the board (drawn with its study)
        self.asked_edit: Signal[[Intent]] = Signal()  # a cell's intent while editing (web/editor.py)
        listen(self.panel, "click", self.on_click)
        listen(document, "keydown", self.on_key)

    # -- opening and closing -----------------------------------------------------------------------

    def open(self, mode: Mode, diagram: Diagram, board: Board | None = None) -> None:
        """Show `diagram` on the board in `mode`, the player's game set aside."""
        if self.mode is None:
            self.app.lend(self.on_intent)
        self.board = board
        self.show(diagram)
        self.set_mode(mode)
        self.document.getElementById("study-title").focus()

    def analyse_board(self) -> None:
        """Game → Analysis board: the position of the player's game once it is over (its numbers and flags);
        while it is under way it stays hidden, and an empty board of its size is there to set up."""
        game = self.app.own[0].game
        if game.state is State.PLAYING:
            self.open(Mode.EDIT, blank(game.size))
            self.notes.say(
                _(
                    "Your game in progress stays hidden until it is over: here is an empty board to set up."
                    " Its chances count as the odds shown in that game."
                ),
                asked=True,
            )
            return
        flags = frozenset(cell for cell, look in enumerate(game.looks) if look is Look.FLAG)
        diagram = Diagram(game.size, game.view, flags)
        self.open(Mode.ANALYSIS if game.is_over else Mode.EDIT, diagram, game.board if game.is_over else None)

    def open_link(self, link: Link | None) -> None:
        """An analysis link's position (ui/links.py), over the game on the board."""
        if link is not None and link.analysis is not None and not link.errors:
            self.open(Mode.ANALYSIS, link.analysis)

    def set_mode(self, mode: Mode) -> None:
        self.mode = mode
        if mode is not Mode.REVIEW and self.diagram is not None:  # a review's position, now a position
            self.header = Sketch(self.diagram).header
            self.view.show_header(self.header)
        self.panel.hidden = False
        self.panel.setAttribute("data-study", mode.value)
        self.view.board.setAttribute("data-study", mode.value)
        self.opened.emit(mode)
        if mode is not Mode.REVIEW and self.app.count_study():
            self.notes.say(
                _(
                    "These chances count as the odds shown in your game in progress: it may still win, never"
                    " as a best time."
                ),
                asked=True,
            )

    def close(self) -> None:
        """Back to the player's game, as it was."""
        if self.mode is not None:
            self.forget()
            self.app.bring_back()

    def on_started(self, play: Play) -> None:
        self.forget()

    def forget(self) -> None:
        """The panel goes; the board shows, or is about to show, a game."""
        if self.mode is None:
            return
        self.mode, self.diagram, self.found, self.board, self.header = None, None, None, None, None
        self.panel.hidden = True
        self.panel.removeAttribute("data-study")
        self.view.board.removeAttribute("data-study")
        self.view.board.removeAttribute("data-odds-estimated")

    # -- the position --------------------------------------------------------------------------------

    def show(
        self,
        diagram: Diagram,
        *,
        move: Cell | None = None,
        best: Cell | None = None,
        chosen: Cell | None = None,
        header: Header | None = None,
    ) -> Study:
        """Draw `diagram` and what logic says of it; in a review, `move` the action's cell, `best` the
        best move then (else the hint's) and `header` the action's (else the position's). The study is
        returned for the caller's words."""
        from minesweeper.study import study  # with the solver, at the first study

        self.diagram, self.move, self.chosen = diagram, move, chosen
        sketch = Sketch(diagram)
        self.header = sketch.header if header is None else header
        self.view.build(sketch)
        self.written = {name: set() for name in MARKS}
        self.found = found = study(diagram)
        self.best = best if move is not None else (found.hint.cell if found.hint else None)
        self.draw()
        self.shown.emit(diagram)
        return found

    def draw(self) -> None:
        """The study's marks on a grid just built, and the panel's words."""
        from ui import analysis

        found, header = self.found, self.header
        assert found is not None and header is not None
        self.view.show_header(header)  # the grid's build drew the sketch's
        place, element = self.view.layout.place, self.view.element
        for cell, (chance, odds, risk, name) in analysis.marks(found, place).items():
            target = element(cell)
            target.setAttribute("data-chance", chance)
            target.setAttribute("data-odds", odds)
            target.setAttribute("data-risk", risk)
            target.setAttribute("aria-label", name)
        self.view.board.toggleAttribute("data-odds-estimated", not found.exact)
        problem = found.problem
        self.mark(
            "data-problem", set() if problem is None else {*problem.numbers, *filter(None, [problem.cell])}
        )
        self.problem_line.textContent = (
            "" if problem is None else analysis.problem_text(problem, found, place)
        )
        self.hint_line.textContent = analysis.hint_text(found, place) if self.move is None else ""
        best = self.best
        self.mark("data-hint", set() if best is None else {best})
        if best is not None:
            certain = found.chances.get(best) == 0
            element(best).setAttribute("data-hint", "safe" if certain else "risk")
        self.mark("data-review-move", set() if self.move is None else {self.move})
        self.choose(self.chosen)

    def repaint(self, changes: dict[Cell, Look]) -> None:
        """Cells changed while the editor paints: their looks only (the study waits for the stroke's end)."""
        self.view.show_looks(changes)

    def mark(self, name: str, cells: set[Cell]) -> None:
        """Give `cells`, and only them, the boolean attribute `name` (data-hint's value is set after)."""
        element = self.view.element
        for cell in self.written[name] - cells:
            element(cell).removeAttribute(name)
        for cell in cells - self.written[name]:
            element(cell).setAttribute(name, "")
        self.written[name] = set(cells)

    def choose(self, cell: Cell | None) -> None:
        """Make `cell` the chosen one (see the glossary); the panel's line says its chance (by touch too: a
        note saying it again took a band from the board, shrinking it under the finger)."""
        from ui import analysis

        found, place = self.found, self.view.layout.place
        self.chosen = cell
        self.mark("data-chosen", set() if cell is None else {cell})
        proof = None if cell is None or found is None else found.proofs.get(cell)
        self.mark("data-proof", set() if proof is None else set(proof.numbers))
        text = "" if cell is None or found is None else analysis.cell_text(found, cell, place)
        self.cell_line.textContent = text

    def on_relaid(self) -> None:
        """The screen turned: the grid was built anew from the sketch, without the study's marks."""
        if self.found is not None:
            self.written = {name: set() for name in MARKS}
            self.draw()

    # -- input ---------------------------------------------------------------------------------------

    def on_intent(self, intent: Intent) -> None:
        """A tap, click or key on a cell: the editor's while editing, else the cell is chosen."""
        if self.mode is Mode.EDIT:
            self.asked_edit.emit(intent)
        else:
            self.choose(intent.cell)

    def on_click(self, event: Element) -> None:
        button = event.target.closest("[data-study]")
        if button and button.getAttribute("data-study") == "close":
            self.close_to_board()

    def close_to_board(self) -> None:
        """Close from the panel: the keyboard goes on from the board."""
        self.close()
        self.view.move_focus(self.view.focus)

    def on_key(self, event: Element) -> None:
        if self.mode is None or event.key != "Escape" or event.defaultPrevented:
            return
        if self.document.querySelector("dialog[open], :popover-open"):
            return  # Escape closes those first (the editor's picker too: editor.py)
        event.preventDefault()
        self.close_to_board()
