"""The review of a finished game (Game → Review the game, the win panel's and the toolbar's Review, a game
of the history): every action judged from what the player could see then (minesweeper/review.py; the
words are ui/review.py's), listed beside the board, each opening its position on the analysis board
(web/analysis.py); the summary first (guesses, mistakes, luck against best play's, accuracy); and practice
from any action.

Glossary:
    judging   the engine's Referee walks the game action by action; the page gives the browser its turn
              every SLICE_MS (asyncio), so it never freezes: the list fills as it goes (`aria-busy` on it
              until the end, #review-status says how far), and positions can be looked at meanwhile
    chosen    the action shown: the board shows the position before it, its cell marked, and the best move
              then; its button has `aria-current`
    all       the list shows the key moments (ui/review.py) until "Every action" is ticked (`data-all` on
              the list); every action has its button all the same
    start     where a review opens: the action that lost, else the first key moment after the first click,
              else the last action
    practice  "Play on from here": the game from the chosen action's position with the same mines
              (games.py): practice, never counted
    kept      the last review: opened again for the same game, it shows at once
    figures   the summary (#review-figures): each figure's title says what it counts, and a click or tap on
              it says so in the message line (a finger has no hover)
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Protocol

from minesweeper import Game
from minesweeper.diagram import Diagram
from ui.i18n import _, formats, language, ngettext
from ui.keyboard import along
from ui.notes import Messages
from ui.play import Play

from .analysis import AnalysisBoard, Mode
from .dom import Element, attr, listen
from .view import View

if TYPE_CHECKING:
    from minesweeper.review import Judgement, Summary

SLICE_MS = 40  # the longest the review keeps the page before the browser's turn


class App(Protocol):
    @property
    def play(self) -> Play: ...


class Games(Protocol):
    def practice(self, game: Game, move: int) -> None: ...


class ReviewPanel:
    def __init__(
        self,
        document: Element,
        window: Element,
        app: App,
        analysis: AnalysisBoard,
        view: View,
        notes: Messages,
        games: Games,
    ) -> None:
        self.document, self.window, self.app, self.analysis = document, window, app, analysis
        self.view, self.notes, self.games = view, notes, games
        self.panel = document.getElementById("study")
        self.list = document.getElementById("review-moves")
        self.figures = document.getElementById("review-figures")
        self.status = document.getElementById("review-status")
        self.verdict = document.getElementById("review-verdict")
        self.all = document.getElementById("review-all")
        self.tool = document.getElementById("review-tool")  # the toolbar's Review, once a game is over
        self.game: Game | None = None
        self.judgements: list[Judgement] = []
        self.summary: Summary | None = None
        self.chosen: int | None = None
        self.listed = 0  # judgements already in the list
        self.task: asyncio.Future[None] | None = None  # kept: asyncio holds its tasks weakly
        listen(self.panel, "click", self.on_click)
        listen(self.list, "keydown", self.on_key)
        listen(self.all, "change", lambda event: self.show_all(bool(self.all.checked)))

    # -- opening ---------------------------------------------------------------------------------------

    def on_started(self, play: Play) -> None:
        self.tool.hidden = not play.game.is_over

    def on_ended(self, play: Play, seconds: float) -> None:
        self.tool.hidden = False

    def review_board(self) -> None:
        """Review the game on the board (the player's own, even under a study), once it is over."""
        play = self.app.play
        game = play.game
        if not game.is_over:
            self.notes.say(_("A game can be reviewed once it is over."), game=True, asked=True)
            return
        self.open(game, None if play.daily is None else play.daily.start)

    def open(self, game: Game, safe_start: int | None = None) -> None:
        """The review of `game`, which is over: kept if it is the last one reviewed, else judged anew.
        `safe_start`: a daily board's marked start, safe before the first click (minesweeper/review.py)."""
        if game is not self.game:
            self.start(game, safe_start)
        self.analysis.open(Mode.REVIEW, self.before(0), game.board)
        if self.summary is not None:
            self.choose(self.start_move())

    def start(self, game: Game, safe_start: int | None) -> None:
        if self.task is not None:
            self.task.cancel()
        self.game, self.judgements, self.summary, self.chosen, self.listed = game, [], None, None, 0
        self.list.innerHTML = ""
        self.list.setAttribute("aria-busy", "true")
        self.figures.innerHTML = ""
        self.verdict.textContent = ""
        self.task = asyncio.ensure_future(self.judge(game, safe_start))

    def before(self, move: int) -> Diagram:
        """The position before action `move` (the empty board before any is judged)."""
        if move < len(self.judgements):
            return self.judgements[move].before
        assert self.game is not None
        size = self.game.size
        return Diagram(size, (None,) * size.cells)

    async def judge(self, game: Game, safe_start: int | None) -> None:
        """Judge every action, giving the browser its turn every SLICE_MS (see the glossary)."""
        from minesweeper.review import Referee, summarise
        from minesweeper.solver import HINT_WORK

        now = self.window.performance.now
        referee = Referee(game, HINT_WORK, safe_start)
        total = len(game.log)
        since = now()
        for action in game.log:
            self.judgements.append(referee.next(action))
            if now() - since > SLICE_MS:
                self.show_progress(total)
                await asyncio.sleep(0)
                if self.game is not game:
                    return
                since = now()
        self.show_progress(total)
        await asyncio.sleep(0)  # then the summary and the first position, in a turn of their own
        if self.game is not game:
            return
        self.summary = summarise(self.judgements)
        self.list.removeAttribute("aria-busy")
        self.show_figures(self.summary)
        if self.analysis.mode is Mode.REVIEW and self.chosen is None:
            self.choose(self.start_move())

    def show_progress(self, total: int) -> None:
        from ui import review

        fresh = self.judgements[self.listed :]
        self.list.insertAdjacentHTML("beforeend", review.moves_html(fresh))
        self.listed = len(self.judgements)
        done = self.listed
        self.status.textContent = (
            ""
            if done == total
            else ngettext(
                "Reviewing: {done} of {total} action…", "Reviewing: {done} of {total} actions…", total
            ).format(done=formats().number(done), total=formats().number(total))
        )

    def show_figures(self, summary: Summary) -> None:
        from ui import review

        items = []
        for figure in review.figures(summary):
            item = self.document.createElement("div")
            item.title = figure.about
            term, detail = self.document.createElement("dt"), self.document.createElement("dd")
            term.textContent, detail.textContent = figure.name, figure.value
            item.append(term, detail)
            items.append(item)
        self.figures.replaceChildren(*items)

    def start_move(self) -> int:
        """Where the review opens (see the glossary)."""
        from ui import review

        judged = self.judgements
        if not judged:
            return 0
        if judged[-1].lost:
            return len(judged) - 1
        keys = [j.move for j in judged[1:] if review.is_key(j)]
        return keys[0] if keys else len(judged) - 1

    # -- choosing an action ------------------------------------------------------------------------------

    def choose(self, move: int) -> None:
        """Show action `move`'s position and verdict (see the glossary)."""
        from ui import review

        if not 0 <= move < len(self.judgements):
            return
        judgement = self.judgements[move]
        self.chosen = move
        assert self.game is not None
        header = review.header(self.game, judgement)
        self.analysis.show(judgement.before, move=judgement.cell, best=judgement.best, header=header)
        self.verdict.textContent = review.judgement_text(judgement, self.view.layout.place)
        for button in self.list.querySelectorAll("[aria-current]"):
            button.removeAttribute("aria-current")
        button = self.button(move)
        if button is not None:
            button.setAttribute("aria-current", "true")
            button.scrollIntoView(self._nearest())
        # Last, once the panel has its words: a board bigger than its well shows the action's cell.
        self.view.element(judgement.cell).scrollIntoView(self._nearest())

    def button(self, move: int) -> Element:
        return self.list.querySelector(f'[data-move="{move}"]')

    def _nearest(self) -> Element:
        options = self.window.Object.new()
        options.block = options.inline = "nearest"
        return options

    def step(self, by: int, focus: bool = False) -> None:
        """The next or previous action the list shows (a key moment, unless every action is shown)."""
        shown = [int(attr(b, "data-move") or 0) for b in self.list.querySelectorAll(self.shown_selector())]
        if not shown:
            return
        at = self.chosen if self.chosen is not None else shown[0]
        later = [m for m in shown if (m > at if by > 0 else m < at)]
        if later:
            move = later[0] if by > 0 else later[-1]
            self.choose(move)
            if focus:
                self.button(move).focus()

    def shown_selector(self) -> str:
        return "[data-move]" if self.all.checked else "[data-key], [aria-current]"

    def show_all(self, on: bool) -> None:
        self.list.toggleAttribute("data-all", on)
        # The list grew or shrank under its scroll: the action shown stays in sight (a phone's strip kept
        # its offset, and move 21 went off the screen).
        button = self.button(self.chosen) if self.chosen is not None else None
        if button is not None:
            button.scrollIntoView(self._nearest())

    # -- input ---------------------------------------------------------------------------------------

    def on_click(self, event: Element) -> None:
        target = event.target
        move = attr(target.closest("[data-move]"), "data-move")
        if move is not None:
            self.choose(int(move))
            return
        about = attr(target.closest(".review-figures > [title]"), "title")
        if about is not None:
            self.notes.say(about, asked=True)
            return
        what = attr(target.closest("[data-review]"), "data-review")
        if what in ("back", "forward"):
            self.step(1 if what == "forward" else -1)
        elif what == "practice":
            self.practice()

    def on_key(self, event: Element) -> None:
        by = along(event.key, language().is_rtl, down=True)
        if by is None:
            return
        event.preventDefault()
        self.step(by, focus=True)

    def practice(self) -> None:
        if self.game is not None and self.chosen is not None:
            self.games.practice(self.game, self.chosen)
