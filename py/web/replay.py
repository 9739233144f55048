"""Watching a finished game again (P, Game → Watch the replay, or the win panel's button): the replay
controls, in the toolbar's place under the board, step the board through the game's moves
(minesweeper/replay.py), writing only the cells that change; closing them shows the game as it ended.

Glossary:
    frame     the board after the first k moves (0: every cell covered); `at` is the frame shown, and the
              counters show that frame's mines left, the face its state (the end's only at the end)
    mark      `data-replay-move` on the cell of the last move shown, so the eye finds what changed; a
              board bigger than its frame (zoomed) scrolls to it
    playing   the Play button steps a frame every `pace` ms, the whole game in about PLAY_MS (a game of
              over 100 moves goes several frames a step), from the start when at the end, and stops
              there; any other control pauses it
    forget    a new game (or a turned board, which is redrawn as the game ended) leaves nothing to undo
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pyscript.ffi import to_js

from minesweeper import Game
from minesweeper.replay import Move, between, moves
from ui.texts import FACES

from .dom import Element, attr, kept, listen
from .host import Signal

if TYPE_CHECKING:
    from .host import Host

PLAY_MS = 12_000  # a whole game, played
PACE_MS = (120, 600)  # the fastest and slowest step while playing
KEYS = {"ArrowLeft": -1, "ArrowRight": 1}
NEAREST = {"block": "nearest", "inline": "nearest"}  # scroll a zoomed board only as far as needed


class Replay:
    def __init__(self, host: Host) -> None:
        self.host, self.view = host, host.view
        document = host.document
        self.bar = document.getElementById("replay")
        self.toolbar = self.bar.parentElement
        self.slider = document.getElementById("replay-move")
        self.at_text = document.getElementById("replay-at")
        self.play_button = self.bar.querySelector('[data-replay="play"]')
        self.game: Game | None = None
        self.moves: list[Move] = []
        self.at = 0
        self.marked: Element = None
        self.timer: int | None = None  # the browser's id for the interval that plays
        listen(self.bar, "click", self.on_click)
        listen(self.bar, "keydown", self.on_key)
        listen(self.slider, "input", lambda event: self.pause_at(int(self.slider.value)))
        self.stride = 1  # frames a tick of play goes on
        self._tick = kept(lambda: self.go(self.at + self.stride))
        self._nearest = to_js(NEAREST)
        self.on_open: Signal[[]] = Signal()  # the controls take the toolbar's place

    @property
    def frames(self) -> int:
        return len(self.moves)

    # -- opening and closing -----------------------------------------------------------------------

    def open(self) -> None:
        """Show the controls and play the game from its first move; a game still running has no replay."""
        game = self.host.game
        if not game.is_over:
            self.host.show_message("A game can be replayed once it is over.", game=True, asked=True)
            return
        if self.game is not game:
            self.game, self.moves = game, moves(game)
            self.at = self.frames  # the board shows the game as it ended
            self.slider.max = str(self.frames)
            self.bar.hidden = False
            self.on_open.emit()
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
        self.close()
        self.view.move_focus(self.view.focus)

    def on_new_game(self, game: Game) -> None:
        self.forget()

    def forget(self) -> None:
        """Drop the replay without drawing: the board shows, or is about to show, something else."""
        if self.game is None:
            return
        self.pause()
        self.unmark()
        self.game, self.moves = None, []
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
        self.slider.value = str(frame)
        self.slider.setAttribute("aria-valuetext", f"move {frame} of {self.frames}")
        self.at_text.textContent = f"{frame}/{self.frames}"
        if ended:
            self.pause()

    def unmark(self) -> None:
        if self.marked is not None:
            self.marked.removeAttribute("data-replay-move")
            self.marked = None

    def play(self) -> None:
        if self.at == self.frames:
            self.go(0)
        pace = min(max(PLAY_MS // max(self.frames, 1), PACE_MS[0]), PACE_MS[1])
        self.stride = max(1, round(self.frames * pace / PLAY_MS))  # a long game: several moves a tick
        self.pause()
        self.timer = self.host.window.setInterval(self._tick, pace)
        self.show_playing(True)

    def pause(self) -> None:
        if self.timer is not None:
            self.host.window.clearInterval(self.timer)
            self.timer = None
            self.show_playing(False)

    def pause_at(self, frame: int) -> None:
        self.pause()
        self.go(frame)

    def show_playing(self, playing: bool) -> None:
        self.play_button.setAttribute("aria-pressed", "true" if playing else "false")
        self.play_button.setAttribute("aria-label", "Pause" if playing else "Play")
        self.play_button.setAttribute("title", "Pause" if playing else "Play")

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
        elif event.key in KEYS and not event.target.isSameNode(self.slider):  # the slider has its own
            self.pause_at(self.at + KEYS[event.key])
        else:
            return
        event.preventDefault()
