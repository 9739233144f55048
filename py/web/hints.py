"""The Hint button and the odds overlay: odds.py decides what they say, this module writes it into the page
as data attributes (css/hints.css draws them).

Glossary:
    mark      `data-hint="safe"` or `"risk"` on the hinted cell (and `data-hint-label`, the risk's
              percentage); it goes at the next action or game
    overlay   on every covered cell `data-odds` (its label), `data-risk` (0..10) and a `title` that says
              the label in words (the figure where the cell is too small to print it, css/hints.css; a
              screen reader's description), rewritten after each action while the Odds toggle is on, only
              where they changed; removed when it is turned off
    estimate  odds the solver could not count in time (huge or tangled boards): `#board` gets
              `data-odds-estimated`, the labels start with ≈ and the message line says so once
    rest      on a large board (odds.LARGE), the cells sharing the most common odds are not labelled
              one by one: `#board` gets `data-rest-risk` and CSS tints them all
    count     a hint counts once it names a cell after the first click; asking again before acting shows
              the same hint and does not count twice (host.hints, kept with the game in progress)
    shown     the overlay on while the game is under way (after its first click, when the odds show) marks
              the game as helped (host.odds_shown, kept with the game in progress): like a hinted one,
              played and won but never a best time
    where     the message names the row and column the player sees (the view's layout): on a board turned
              to follow a phone (layout.py) they are the engine's column and row; a turn says it again
    verdict   after a loss, the message line says whether the click that lost was a forced guess
              (odds.verdict), once the lost board is painted, unless a new game has started by then; the
              cell it names as safe or less risky is marked as a hint is
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from minesweeper import Action, Game, State

from .dom import Element

if TYPE_CHECKING:
    from ui import odds

    from .host import Host
PAINT_SECONDS = 0.05  # the verdict waits this long, so the lost board is painted first
ESTIMATES = " The odds are estimates (≈): this position is too complex to count in time."


class Hints:
    def __init__(self, host: Host) -> None:
        self.host = host
        self.view = host.view
        self.odds_button = host.document.getElementById("odds")
        self.grid: Element = None  # the view's cells when the marks below were written
        self.hinted: int | None = None
        self.shown: dict[int, tuple[str, str]] = {}
        self.odds_on = False
        self.estimated = False
        self.rest: odds.Mark | None = None
        self.verdict: asyncio.Future[None] | None = None  # kept: asyncio holds its tasks weakly
        self.told = ""  # the last verdict said

    # -- the hint ----------------------------------------------------------------------------------

    def hint(self, keyed: bool = False, again: bool = False) -> None:
        """Mark the hinted cell and say why; `keyed` (from the keyboard) moves the focus cell there, so
        Enter opens it; `again` is the same hint shown anew, not counted."""
        from ui import odds  # with the solver, at the first hint or overlay: start-up is quicker without

        game = self.host.game
        again = again or self.hinted is not None
        advice = odds.advise(game, self.view.layout.place)
        self.unmark()
        if advice.cell is not None:
            self.mark(advice)
            if keyed:
                self.view.move_focus(advice.cell)
        if advice.counted and not again:
            self.host.hints += 1
        self.host.show_message(advice.text, "info", game=True, asked=True)

    def mark(self, advice: odds.Advice) -> None:
        assert advice.cell is not None
        element = self.view.element(advice.cell)
        element.setAttribute("data-hint", advice.kind)
        if advice.label:
            element.setAttribute("data-hint-label", advice.label)
        self.hinted = advice.cell

    def unmark(self) -> None:
        if self.hinted is not None:
            element = self.view.element(self.hinted)
            element.removeAttribute("data-hint")
            element.removeAttribute("data-hint-label")
        self.hinted = None

    # -- the overlay -------------------------------------------------------------------------------

    def toggle_odds(self) -> None:
        from ui import odds

        self.odds_on = not self.odds_on
        self.odds_button.setAttribute("aria-pressed", "true" if self.odds_on else "false")
        game = self.host.game
        self.show_odds(game)
        if not self.odds_on:
            return
        if odds.first_click_is_safe(game):
            self.host.show_message(
                "Any cell is safe on the first click; the odds show from then on.", game=True, asked=True
            )
        elif self.rest is not None:
            self.host.show_message(
                f"Each covered cell away from the numbers: {self.rest[0]} (on a board this large only the"
                " other cells are labelled)." + (ESTIMATES if self.estimated else ""),
                game=True,
                asked=True,
            )

    def show_odds(self, game: Game) -> None:
        """Write the overlay for `game` (or clear it when off), touching only the cells that change."""
        if not (self.odds_on or self.shown or self.rest or self.estimated):
            return  # off, and nothing to clear
        from ui import odds

        found = odds.odds(game) if self.odds_on else None
        if self.odds_on and game.state is not State.READY:
            self.host.odds_shown = True
        wanted, rest = odds.split_rest(odds.overlay(found), game.size.cells)
        for cell in self.shown.keys() - wanted.keys():
            element = self.view.element(cell)
            element.removeAttribute("data-odds")
            element.removeAttribute("data-risk")
            element.removeAttribute("title")
        for cell, (text, risk) in wanted.items():
            if self.shown.get(cell) != (text, risk):
                element = self.view.element(cell)
                element.setAttribute("data-odds", text)
                element.setAttribute("data-risk", risk)
                element.setAttribute("title", f"{text} chance of a mine")
        self.shown = wanted
        if rest != self.rest:  # one write restyles every cell of a large board: only when it changes
            self.rest = rest
            self.set_board("data-rest-risk", rest and rest[1])
        estimated = found is not None and not found.exact
        if estimated != self.estimated:
            self.estimated = estimated
            self.set_board("data-odds-estimated", "" if estimated else None)
            if estimated and rest is None:
                self.host.show_message(ESTIMATES.strip(), game=True)

    def set_board(self, name: str, value: str | None) -> None:
        if value is None:
            self.view.board.removeAttribute(name)
        else:
            self.view.board.setAttribute(name, value)

    # -- kept with the game in progress (keeper.py) -----------------------------------------------

    def restore(self, odds: bool, hint: int | None) -> None:
        """A resumed game: the odds overlay and the hint as they were shown."""
        if odds != self.odds_on:
            self.toggle_odds()
        if hint is not None and not self.host.game.is_over:
            self.hint(again=True)  # not counted again: it was counted when first asked

    # -- hooks -------------------------------------------------------------------------------------

    def on_new_game(self, game: Game) -> None:
        if self.view.nodes is not self.grid:  # a new grid, whose cells carry no marks
            self.grid, self.hinted, self.shown = self.view.nodes, None, {}
        else:  # the same grid: a no-guess game turned normal
            self.unmark()
        self.show_odds(game)

    def on_turn(self, game: Game) -> None:
        """The grid was re-laid (the screen turned): redraw the marks, and a hint with its new place."""
        hinted = self.hinted is not None and not game.is_over  # over: the verdict's mark, told again below
        self.on_new_game(game)
        if hinted:
            self.hint(again=True)
        message = self.view.message
        if self.told and not message.hidden and message.textContent == self.told:
            self.tell(game)  # the verdict names cells too

    def on_action(self, game: Game, action: Action, seconds: float) -> None:
        self.unmark()
        if self.odds_on or self.shown:
            self.show_odds(game)

    def on_game_over(self, game: Game, seconds: float) -> None:
        if game.state is State.LOST:
            self.verdict = asyncio.ensure_future(self.tell_verdict(game))

    async def tell_verdict(self, game: Game) -> None:
        await asyncio.sleep(PAINT_SECONDS)
        # Not over a replay opened meanwhile (P pressed at once): its close tells it (on_replay_close).
        if self.host.game is game and not self.view.board.hasAttribute("data-replay"):
            self.tell(game)

    def on_replay_open(self) -> None:
        """The verdict and its mark belong to the game's end, not to each move replayed: they go while the
        replay plays (on a phone its note lay over the board's last rows)."""
        self.unmark()
        if self.told:
            self.host.withdraw_note(self.told)

    def on_replay_close(self, game: Game) -> None:
        """Back at the end of a lost game: its verdict and mark again (not for a shared game's replay,
        whose close brings the player's own game back)."""
        if game is self.host.game and game.state is State.LOST:
            self.tell(game)

    def tell(self, game: Game) -> None:
        """Say the verdict, and mark the cell it names as safe or less risky, as a hint is marked."""
        from ui import odds

        found = odds.verdict(game, self.view.layout.place)
        if found is None:
            return
        self.unmark()
        if found.cell is not None:
            self.mark(found)
        self.host.show_message(found.text, game=True)
        self.told = found.text
