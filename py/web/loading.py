"""The tap the loading frame took (js/frame.js): a tap or click on the board before Python listened, shown
pressed there, and played as the game's first click once the first game is on the board, through the rules
any click goes through (a daily board's start cell, no guessing, the first click's rule).

Glossary:
    frame tap  `data-tap` on #board while it loads (ui/gestures.py FrameTap), in the frame's rows and columns
               (`data-rows`, `data-cols`): the board the game draws has the same unless the frame guessed
               another shape (storage it could not read), and then the tap is not played: its tile is not
               where the player pressed
"""

from __future__ import annotations

from typing import Protocol

from ui.gestures import FrameTap

from .dom import attr
from .view import View


class Tapped(Protocol):
    """What this part asks of the app."""

    def tap(self, cell: int, touch: bool) -> None: ...


class LoadingTap:
    """Read from the frame before the first game is drawn; played once it is."""

    def __init__(self, app: Tapped, view: View) -> None:
        self.app, self.view = app, view
        board = view.board
        text, rows, cols = (attr(board, name) for name in ("data-tap", "data-rows", "data-cols"))
        try:
            self.tap = FrameTap.from_text(text) if text is not None else None
        except ValueError:  # not js/frame.js's: nothing to play
            self.tap = None
        self.shape = (rows, cols)

    def play(self) -> None:
        """The frame's tap as the first click of the game now on the board, if the board has the frame's
        shape."""
        self.view.board.removeAttribute("data-tap")
        layout, tap = self.view.layout, self.tap
        if tap is None or self.shape != (str(layout.rows), str(layout.cols)):
            return
        if tap.row < layout.rows and tap.col < layout.cols:
            self.app.tap(layout.cell(tap.row, tap.col), tap.touch)
