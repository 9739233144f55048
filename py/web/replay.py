"""Watching a finished game again (P, Game → Watch the replay, or the win panel's button): the replay
controls, in the toolbar's place under the board, step the board through the game's moves
(minesweeper/replay.py), writing only the cells that change; closing them shows the game as it ended.

Glossary:
    frame     the board after the first k moves (0: every cell covered); `at` is the frame shown, and the
              counters show that frame's mines left, the face its state (the end's only at the end)
    mark      `data-replay-move` on the cell of the last move shown, so the eye finds what changed; a
              board bigger than its frame (zoomed) scrolls to it
    playing   a timed game (game.Stamp on every action) plays in real time: each frame when its action
              happened, at the speed chosen (0.5x to 4x), or with the thinking skipped (pauses longer
              than SKIP_MS shortened to it); the clock shows the frame's time, and while a think between
              two moves plays, goes on as it went in the game, up to the next move's time (not when the
              thinking is skipped: it goes from move to move then). A game saved before times
              (or played where none were kept) goes at a fixed pace: a frame every `pace` ms, the whole
              game in about PLAY_MS (a game of over 100 moves goes several frames a step). Either plays
              from the start when at the end, and stops there; any other control pauses it
    cursor    `.replay-cursor`, put in the board while a timed game plays: where the pointer was at the
              move shown (`--cursor-x`, `--cursor-y` in cells, set through the CSSOM as view.py sets
              --cols; css/daily.css draws it: an arrow, or a fingertip for a finger's move, `data-finger`),
              hidden for a move made with a key
    forget    a new game (or a turned board, which is redrawn as the game ended) leaves nothing to undo
"""

from __future__ import annotations

from typing import Protocol

from pyscript.ffi import to_js

from minesweeper import Game
from minesweeper.game import POINT_STEPS
from minesweeper.replay import Move, between, clock_between, first_opening, moves
from ui.i18n import _, formats, language, pgettext
from ui.keyboard import along
from ui.notes import Kind, Messages
from ui.play import Play
from ui.texts import FACES

from .dom import Element, Signal, attr, kept, listen
from .view import View

PLAY_MS = 12_000  # a whole untimed game, played
SKIP_MS = 400  # with the thinking skipped, no pause is longer (at 1x)
FIRST_MS = 300  # from the covered board to the first move
PACE_MS = (120, 600)  # the fastest and slowest step while playing
CLOCK_MS = 100  # while a timed replay plays its thinking, the clock is read again this often
NEAREST = {"block": "nearest", "inline": "nearest"}  # scroll a zoomed board only as far as needed


class App(Protocol):
    @property
    def play(self) -> Play: ...


class Replay:
    def __init__(self, document: Element, window: Element, app: App, view: View, notes: Messages) -> None:
        self.document, self.window, self.app, self.view, self.notes = document, window, app, view, notes
        self.bar = document.getElementById("replay")
        self.toolbar = self.bar.parentElement
        self.slider = document.getElementById("replay-move")
        self.at_text = document.getElementById("replay-at")
        self.play_button = self.bar.querySelector('[data-replay="play"]')
        self.game: Game | None = None
        self.moves: list[Move] = []
        self.at = 0
        self.marked: Element = None
        self.timer: int | None = None  # the browser's id for the interval or timeout that plays
        self.speed_select = document.getElementById("replay-speed")
        self.times: list[int] = []  # each frame's ms, when the game is timed
        self.first_opening = 0  # the move from which the clock runs (minesweeper/replay.py)
        self.clock: int | None = None  # the browser's id for the clock's interval, while the thinking plays
        self.reached = 0.0  # when (the page's ms) the frame shown came, while playing
        self.performance = window.performance
        self.cursor: Element = None
        listen(self.bar, "click", self.on_click)
        listen(self.bar, "keydown", self.on_key)
        listen(self.slider, "input", lambda event: self.pause_at(int(self.slider.value)))
        self.stride = 1  # frames a tick of play goes on
        self._tick = kept(lambda: self.go(self.at + self.stride))
        self._step = kept(self.step)
        self._clock_tick = kept(self.clock_tick)
        listen(self.speed_select, "change", lambda event: self.play() if self.timer is not None else None)
        self._nearest = to_js(NEAREST)
        self.opened: Signal[[]] = Signal()  # the controls take the toolbar's place
        self.closed: Signal[[Game]] = Signal()  # the player closed the replay of this game

    @property
    def frames(self) -> int:
        return len(self.moves)

    # -- opening and closing -----------------------------------------------------------------------

    def open(self) -> None:
        """Show the controls and play the game from its first move; a game still running has no replay."""
        game = self.app.play.game
        if not game.is_over:
            self.notes.say(_("A game can be replayed once it is over."), game=True, asked=True)
            return
        if self.game is not game:
            self.game, self.moves = game, moves(game)
            self.first_opening = first_opening(self.moves)
            self.times = [stamp.ms for m in self.moves if (stamp := game.stamp(m.index))]
            self.speed_select.disabled = not self.times
            self.speed_select.title = (
                "" if self.times else _("This game has no times: it plays at a fixed pace")
            )
            self.at = self.frames  # the board shows the game as it ended
            self.slider.max = str(self.frames)
            self.bar.hidden = False
            # The notes shown or waiting were about the game's end (a shared result, a copied link), not
            # its first moves now played: they go. An error stays to be read; the ask waits its turn.
            self.notes.drop(Kind.INFO)
            self.opened.emit()
            self.toolbar.setAttribute("data-replay", "")
            self.view.board.setAttribute("data-replay", "")
            self.go(0)
            self.play()
        self.play_button.focus()

    def close(self) -> None:
        """Back to the game as it ended, and the toolbar's own tools."""
        if self.game is None:
            return
        self.go(self.frames)
        self.forget()

    def close_to_board(self) -> None:
        """Close from the controls (Esc or ✕), which then hide: the keyboard goes on from the board, not
        from nowhere (the page's <body>)."""
        game = self.game
        self.close()
        self.view.move_focus(self.view.focus)
        if game is not None:
            self.closed.emit(game)

    def on_started(self, play: Play) -> None:
        self.forget()

    def on_lent(self) -> None:
        """A study borrowed the board (web/analysis.py): the replay goes, without drawing."""
        self.forget()

    def forget(self) -> None:
        """Drop the replay without drawing: the board shows, or is about to show, something else."""
        if self.game is None:
            return
        self.pause()
        self.unmark()
        self.hide_cursor()  # the clock: close() showed the end's time, a new game its own
        self.game, self.moves, self.times = None, [], []
        self.bar.hidden = True
        self.toolbar.removeAttribute("data-replay")
        self.view.board.removeAttribute("data-replay")

    def on_turn(self, game: Game) -> None:
        """The board was redrawn turned, as the game ended: show the same frame again."""
        if self.game is game:
            shown, self.at, self.marked = self.at, self.frames, None
            self.go(shown)

    # -- frames ------------------------------------------------------------------------------------

    def go(self, frame: int) -> None:
        """Show frame `frame` (clamped to the game's); playing stops at the last one."""
        assert self.game is not None
        frame = min(max(frame, 0), self.frames)
        self.view.show_looks(between(self.moves, self.at, frame))
        self.at = frame
        self.unmark()
        if frame:
            self.marked = self.view.element(self.moves[frame - 1].action.cell)
            self.marked.setAttribute("data-replay-move", "")
            self.marked.scrollIntoView(self._nearest)  # a board zoomed past its frame follows the moves
        ended = frame == self.frames
        mines_left = self.moves[frame - 1].mines_left if frame else self.game.size.mines
        self.view.show_counters(FACES[self.game.state] if ended else "smile", mines_left)
        if self.times:
            self.reached = float(self.performance.now())
            self.view.show_seconds(clock_between(self.times, frame, 0.0), started=frame > self.first_opening)
            self.show_cursor(frame)
        self.slider.value = str(frame)
        number = formats().number
        shown, frames = number(frame), number(self.frames)
        self.slider.setAttribute(
            "aria-valuetext", _("move {move} of {moves}").format(move=shown, moves=frames)
        )
        self.at_text.textContent = _("{move}/{moves}").format(move=shown, moves=frames)
        if ended:
            self.pause()

    def unmark(self) -> None:
        if self.marked is not None:
            self.marked.removeAttribute("data-replay-move")
            self.marked = None

    def show_cursor(self, frame: int) -> None:
        """The pointer where it was at frame `frame`'s move, in the view's cells; hidden for a key's move."""
        assert self.game is not None
        stamp = self.game.stamp(self.moves[frame - 1].index) if frame else None
        if stamp is None or stamp.point is None:
            self.hide_cursor()
            return
        if self.cursor is None:
            self.cursor = self.document.createElement("div")
            self.cursor.className = "replay-cursor"
            self.cursor.setAttribute("aria-hidden", "true")
            self.view.board.append(self.cursor)
        self.cursor.toggleAttribute("data-finger", stamp.touch)  # a fingertip, not an arrow (css/daily.css)
        layout = self.view.layout
        row, col = self.game.size.row_col(self.moves[frame - 1].action.cell)
        x, y = (col + (stamp.point[0] + 0.5) / POINT_STEPS, row + (stamp.point[1] + 0.5) / POINT_STEPS)
        if layout.transposed:
            x, y = y, x
        self.cursor.style.setProperty("--cursor-x", f"{x:.3f}")
        self.cursor.style.setProperty("--cursor-y", f"{y:.3f}")
        self.cursor.hidden = False

    def hide_cursor(self) -> None:
        if self.cursor is not None:
            self.cursor.remove()
            self.cursor = None

    def speed(self) -> tuple[float, bool]:
        """The speed chosen, and whether the thinking is skipped."""
        value = str(self.speed_select.value)
        return (1.0, True) if value == "skip" else (float(value), False)

    def delay(self, frame: int) -> int:
        """ms from frame `frame` to the next, at the speed chosen."""
        speed, skip = self.speed()
        gap = self.times[frame] - self.times[frame - 1] if frame else FIRST_MS
        if skip:
            gap = min(gap, SKIP_MS)
        return max(round(gap / speed), 0)

    def clock_tick(self) -> None:
        """While the thinking between two moves plays, the clock goes on as it went in the game (at the
        speed chosen), up to the next move's time."""
        speed, _skip = self.speed()
        since = (float(self.performance.now()) - self.reached) * speed
        seconds = clock_between(self.times, self.at, since)
        self.view.show_seconds(seconds, started=self.at > self.first_opening)

    def step(self) -> None:
        self.timer = None
        self.go(self.at + 1)
        if self.at < self.frames:
            self.timer = self.window.setTimeout(self._step, self.delay(self.at))
        else:
            self.show_playing(False)

    def play(self) -> None:
        if self.at == self.frames:
            self.go(0)
        if self.times:
            self.pause()
            self.timer = self.window.setTimeout(self._step, self.delay(self.at))
            if not self.speed()[1]:  # unless the thinking is skipped: the clock then goes move to move
                self.clock = self.window.setInterval(self._clock_tick, CLOCK_MS)
            self.show_playing(True)
            return
        pace = min(max(PLAY_MS // max(self.frames, 1), PACE_MS[0]), PACE_MS[1])
        self.stride = max(1, round(self.frames * pace / PLAY_MS))  # a long game: several moves a tick
        self.pause()
        self.timer = self.window.setInterval(self._tick, pace)
        self.show_playing(True)

    def pause(self) -> None:
        if self.timer is not None:
            self.window.clearInterval(self.timer)  # or its timeout: the two share their ids
            self.window.clearTimeout(self.timer)
            self.timer = None
            self.show_playing(False)
        if self.clock is not None:
            self.window.clearInterval(self.clock)
            self.clock = None

    def pause_at(self, frame: int) -> None:
        self.pause()
        self.go(frame)

    def show_playing(self, playing: bool) -> None:
        self.play_button.setAttribute("aria-pressed", "true" if playing else "false")
        said = pgettext("replay", "Pause") if playing else pgettext("replay", "Play")
        self.play_button.setAttribute("aria-label", said)
        self.play_button.setAttribute("title", said)

    # -- input -------------------------------------------------------------------------------------

    def on_click(self, event: Element) -> None:
        button = event.target.closest("[data-replay]")
        what = attr(button, "data-replay")
        if what == "close":
            self.close_to_board()
        elif what == "play":
            self.pause() if self.timer is not None else self.play()
        elif what in ("back", "forward"):
            self.pause_at(self.at + (1 if what == "forward" else -1))

    def on_key(self, event: Element) -> None:
        if event.key == "Escape":
            self.close_to_board()
        elif (by := along(event.key, language().is_rtl)) and not event.target.isSameNode(self.slider):
            self.pause_at(self.at + by)  # the slider has its own keys
        else:
            return
        event.preventDefault()
