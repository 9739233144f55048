"""The Hint button and the odds overlay: ui/hints.py decides what they say, this module writes it into the
page as data attributes (css/hints.css draws them).

Glossary:
    mark      `data-hint="safe"` or `"risk"` on the hinted cell (and `data-hint-label`, the risk's
              percentage); it goes at the next action or game
    overlay   on every covered cell `data-odds` (its label, `data-label-long` when it needs a smaller face),
              `data-risk` (0..10) and a `title` that says the label in words (the figure where the cell is
              too small to print it, css/hints.css), and its accessible name with the chance ('row 3,
              column 6: covered, 23% chance of a mine'), rewritten after each action while the Odds toggle
              is on, only where they changed; removed when it is turned off (the name is the cell's own again)
    press     a finger held on a covered cell too small for its figure (a phone): the note line says its
              chance, so the player can slide off before letting go, which would open it
    estimate  odds the solver could not count in time (huge or tangled boards): `#board` gets
              `data-odds-estimated`, the labels start with ≈ and the message line says so once
    rest      on a large board (ui/hints.py LARGE), the cells sharing the most common odds are not labelled
              one by one: `#board` gets `data-rest-risk` and CSS tints them all
    count     a hint counts once it names a cell after the first click; asking again before acting shows
              the same hint and does not count twice (the play's help, kept with the game in progress)
    shown     the overlay on while the game is under way (after its first click, when the odds show) marks
              the game as helped (the app notes it in the play's help): like a hinted one, played and won
              but never a best time
    where     the message names the row and column the player sees (the view's layout): on a board turned
              to follow a phone (layout.py) they are the engine's column and row; a turn says it again
    verdict   after a loss, the message line says whether the click that lost was a forced guess
              (ui/hints.py `verdict`), once the lost board is painted, unless a new game has started by
              then; the cell it names as safe or less risky is marked as a hint is. Its Review button
              opens the game's review (web/review.py): the loss's panel
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Protocol

from minesweeper import Action, Game, Look, State
from ui.commands import Command
from ui.i18n import _
from ui.notes import PAINT_SECONDS, Messages
from ui.play import Play
from ui.texts import label

from .dom import Element, attr, listen
from .view import View

if TYPE_CHECKING:
    from ui import hints

SHORT = 3  # characters a cell's label shows at full size (12%); longer ones (100%, <1%, ≈12%, 12 %) smaller
SMALL_PX = 34  # a cell narrower than this shows no figure (css/hints.css): a press says it instead


class App(Protocol):
    @property
    def play(self) -> Play: ...
    @property
    def odds_on(self) -> bool: ...
    def count_hint(self) -> None: ...
    def show_odds(self, on: bool) -> None: ...


class Hints:
    def __init__(self, document: Element, app: App, view: View, notes: Messages) -> None:
        self.app, self.view, self.notes = app, view, notes
        self.odds_button = document.getElementById("odds")
        self.grid: Element = None  # the view's cells when the marks below were written
        self.hinted: int | None = None
        self.advised: str | None = None  # the last hint's note, until the next action makes it stale
        self.shown: dict[int, tuple[str, str, Look]] = {}  # each cell's label, risk and look when named
        self.estimated = False
        self.rest: hints.CellOdds | None = None
        self.verdict: asyncio.Future[None] | None = None  # kept: asyncio holds its tasks weakly
        self.told = ""  # the last verdict said
        listen(view.board, "pointerdown", self.on_press)

    # -- the hint ----------------------------------------------------------------------------------

    def hint(self, keyed: bool = False, again: bool = False) -> None:
        """Mark the hinted cell and say why; `keyed` (from the keyboard) moves the focus cell there, so
        Enter opens it; `again` is the same hint shown anew, not counted."""
        from ui import hints  # with the solver, at the first hint or overlay: start-up is quicker without

        game = self.app.play.game
        again = again or self.hinted is not None
        advice = hints.advise(game, self.view.layout.place, self.view.touch)
        self.unmark()
        if advice.cell is not None:
            self.mark(advice)
            if keyed:
                self.view.move_focus(advice.cell)
        if advice.counted and not again:
            self.app.count_hint()
        self.notes.say(advice.text, game=True, asked=True)
        self.advised = advice.text

    def mark(self, advice: hints.Advice) -> None:
        assert advice.cell is not None
        element = self.view.element(advice.cell)
        element.setAttribute("data-hint", advice.kind)
        if advice.label:
            element.setAttribute("data-hint-label", advice.label)
            element.toggleAttribute("data-label-long", len(advice.label) > SHORT)
        self.hinted = advice.cell

    def unmark(self) -> None:
        if self.hinted is not None:
            element = self.view.element(self.hinted)
            element.removeAttribute("data-hint")
            element.removeAttribute("data-hint-label")
            if self.hinted not in self.shown:
                element.removeAttribute("data-label-long")
        self.hinted = None

    # -- the overlay -------------------------------------------------------------------------------

    def toggle_odds(self) -> None:
        from ui import hints

        on = not self.app.odds_on
        self.app.show_odds(on)
        self.odds_button.setAttribute("aria-pressed", "true" if on else "false")
        game = self.app.play.game
        self.show_odds(game)
        if not on:
            return
        if hints.first_click_is_safe(game):
            self.notes.say(
                _("Any cell is safe on the first click; the odds show from then on."), game=True, asked=True
            )
        elif self.rest is not None:
            text = (
                _(
                    "Each covered cell away from the numbers: {risk} (on a board this large only the other"
                    " cells are labelled). The odds are estimates (≈): this position is too complex to count"
                    " in time."
                )
                if self.estimated
                else _(
                    "Each covered cell away from the numbers: {risk} (on a board this large only the other"
                    " cells are labelled)."
                )
            )
            self.notes.say(text.format(risk=self.rest[0]), game=True, asked=True)

    def show_odds(self, game: Game) -> None:
        """Write the overlay for `game` (or clear it when off), touching only the cells that change."""
        on = self.app.odds_on
        if not (on or self.shown or self.rest or self.estimated):
            return  # off, and nothing to clear
        from ui import hints
        from ui.analysis import cell_name

        found = hints.odds(game) if on else None
        marks, rest = hints.split_rest(hints.overlay(found), game.size.cells)
        looks, place = game.looks, self.view.layout.place
        wanted = {cell: (text, risk, looks[cell]) for cell, (text, risk) in marks.items()}
        titled = _("{risk} chance of a mine")
        for cell in self.shown.keys() - wanted.keys():
            element = self.view.element(cell)
            element.removeAttribute("data-odds")
            element.removeAttribute("data-risk")
            element.removeAttribute("title")
            element.removeAttribute("data-label-long")
            element.setAttribute("aria-label", label(*place(cell), looks[cell]))
        for cell, (text, risk, look) in wanted.items():
            if self.shown.get(cell) != (text, risk, look):
                element = self.view.element(cell)
                element.setAttribute("data-odds", text)
                element.toggleAttribute("data-label-long", len(text) > SHORT)
                element.setAttribute("data-risk", risk)
                element.setAttribute("title", titled.format(risk=text))
                element.setAttribute("aria-label", cell_name(place, cell, look, text))
        self.shown = wanted
        if rest != self.rest:  # one write restyles every cell of a large board: only when it changes
            self.rest = rest
            self.set_board("data-rest-risk", rest and rest[1])
        estimated = found is not None and not found.exact
        if estimated != self.estimated:
            self.estimated = estimated
            self.set_board("data-odds-estimated", "" if estimated else None)
            if estimated and rest is None:
                estimates = _("The odds are estimates (≈): this position is too complex to count in time.")
                self.notes.say(estimates, game=True)

    def on_press(self, event: Element) -> None:
        """A finger on a covered cell too small for its figure: the note line says its chance (see the
        glossary). Not on a study's board, which says it at the tap (web/analysis.py)."""
        if not self.shown or event.pointerType == "mouse" or self.view.board.hasAttribute("data-study"):
            return
        cell = self.view.cell_at(event.clientX, event.clientY)
        if cell is None or cell not in self.shown:
            return
        element = self.view.element(cell)
        if element.offsetWidth >= SMALL_PX or attr(element, "data-cell") != "covered":
            return
        from ui.analysis import chance_text

        self.notes.say(chance_text(self.view.layout.place, cell, self.shown[cell][0]), game=True, asked=True)

    def set_board(self, name: str, value: str | None) -> None:
        if value is None:
            self.view.board.removeAttribute(name)
        else:
            self.view.board.setAttribute(name, value)

    # -- kept with the game in progress (saved.py) ------------------------------------------------

    def restore(self, odds: bool, hint: int | None) -> None:
        """A resumed game: the odds overlay and the hint as they were shown."""
        if odds != self.app.odds_on:
            self.toggle_odds()
        if hint is not None and not self.app.play.game.is_over:
            self.hint(again=True)  # not counted again: it was counted when first asked

    # -- the game's signals ------------------------------------------------------------------------

    def on_started(self, play: Play) -> None:
        self.redraw(play.game)

    def redraw(self, game: Game) -> None:
        if self.view.nodes is not self.grid:  # a new grid, whose cells carry no marks
            self.grid, self.hinted, self.shown = self.view.nodes, None, {}
        else:  # the same grid: a no-guess game turned normal
            self.unmark()
        self.show_odds(game)

    def on_turn(self, game: Game) -> None:
        """The grid was re-laid (the screen turned): redraw the marks, and a hint with its new place."""
        hinted = self.hinted is not None and not game.is_over  # over: the verdict's mark, told again below
        self.redraw(game)
        if hinted:
            self.hint(again=True)
        front = self.notes.front
        if self.told and front is not None and front.text == self.told:
            self.tell(game)  # the verdict names cells too

    def on_acted(self, play: Play, action: Action, seconds: float) -> None:
        # A hint is about the position it was asked in: its mark and its note go with the next action (its
        # note stayed on, through a win, read as a fresh hint: a phone review).
        self.unmark()
        if self.advised is not None:
            self.notes.withdraw(self.advised)
            self.advised = None
        if self.app.odds_on or self.shown:
            self.show_odds(play.game)

    def on_ended(self, play: Play, seconds: float) -> None:
        if play.game.state is State.LOST:
            self.verdict = asyncio.ensure_future(self.tell_verdict(play.game))

    async def tell_verdict(self, game: Game) -> None:
        await asyncio.sleep(PAINT_SECONDS)
        # Not over a replay opened meanwhile (P pressed at once): its close tells it (after_replay).
        if self.app.play.game is game and not self.view.board.hasAttribute("data-replay"):
            self.tell(game)

    def on_replay_open(self) -> None:
        """The verdict and its mark belong to the game's end, not to each move replayed: they go while the
        replay plays (on a phone its note lay over the board's last rows)."""
        self.unmark()
        if self.told:
            self.notes.withdraw(self.told)

    def after_replay(self, game: Game) -> None:
        """Back at the end of a lost game: its verdict and mark again."""
        if game is self.app.play.game and game.state is State.LOST:
            self.tell(game)

    def tell(self, game: Game) -> None:
        """Say the verdict, and mark the cell it names as safe or less risky, as a hint is marked."""
        from ui import hints

        found = hints.verdict(game, self.view.layout.place)
        if found is None:
            return
        self.unmark()
        if found.cell is not None:
            self.mark(found)
        review = (Command.REVIEW.value, _("Review"))  # the loss panel's way to the review (web/review.py)
        self.notes.say(found.text, game=True, action=review)
        self.told = found.text
