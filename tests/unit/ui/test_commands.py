"""Which commands the game on the board cannot take now: their menu items are greyed."""

from __future__ import annotations

from ui.commands import Command, waiting


def test_a_game_waits_for_its_end_or_its_first_click() -> None:
    before = {Command.REPLAY, Command.SHARE, Command.COPY_REPLAY, Command.REVIEW, Command.AGAIN}
    assert waiting(over=False, placed=False) == before
    assert waiting(over=False, placed=True) == before - {Command.AGAIN}
    assert waiting(over=True, placed=True) == {Command.SOLVE}  # over: only the solver has nothing left
    assert Command.NEW not in waiting(over=False, placed=False) | waiting(over=True, placed=True)
    assert Command.ANALYSIS not in waiting(over=False, placed=True)  # any time: an empty board to set up
