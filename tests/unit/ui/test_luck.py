"""Luck apart from skill: the solver plays each kept game again from the player's first click; per board,
the player's wins beside the solver's, and the games the player lost that the solver won."""

from __future__ import annotations

import re
from dataclasses import replace

from minesweeper import Flag, Game, Reveal
from minesweeper.art import from_art
from ui.history import Entry, entry_of
from ui.luck import first_click, ghost_won, lines, luck_html, solver_only

# After the first click at cell 12 the 1s prove both corners mines and every other cell safe: the solver
# wins from there; a player who opens a corner loses.
CORNERS = from_art("*..*\n....\n....\n....")


def entry(actions: list[Reveal | Flag], ended: str, given: bool = False) -> Entry:
    """A game on CORNERS, dealt by the page as far as the history knows unless `given` (a link's board)."""
    game = Game.from_board(CORNERS)
    for action in actions:
        game.apply(action)
    return replace(entry_of(game, 12.0, "custom 4x4/2", ended, None), given=given)


WON = entry([Reveal(12), Reveal(1), Reveal(2)], "2026-01-01T10:00:00")
LOST = entry([Flag(5), Reveal(12), Reveal(3)], "2026-01-02T10:00:00")


def test_the_first_click_is_the_first_reveal_that_opened_something() -> None:
    game = Game.from_board(CORNERS)
    for action in (Flag(5), Reveal(5), Flag(5), Reveal(12)):
        game.apply(action)
    assert first_click(game) == 12  # the flag, and the reveal the flag refused, come first
    assert first_click(Game.from_board(CORNERS)) is None


def test_the_solver_wins_the_boards_the_player_lost_from_the_same_first_click() -> None:
    assert WON.won and ghost_won(WON) is True
    assert not LOST.won and ghost_won(LOST) is True


def test_per_board_the_player_s_wins_beside_the_solver_s_and_the_games_only_the_solver_won() -> None:
    entries = [WON, LOST]
    ghosts = {e.key: ghost_won(e) for e in entries}
    (line,) = lines(entries, ghosts)
    assert (line.category, line.games, line.won, line.solver_won) == ("custom 4x4/2", 2, 1, 2)
    assert solver_only(entries, ghosts) == [1]
    html = luck_html(entries, ghosts)
    assert re.findall(r"<td[^>]*>([^<]*)</td>", html) == [
        "Custom 4\N{MULTIPLICATION SIGN}4, 2 mines",
        "2",
        "50% (1)",
        "100% (2)",
    ]
    assert 'data-history-review="1"' in html and 'data-history-review="0"' not in html
    assert "playing your games again" not in html


def test_the_games_still_to_play_are_counted() -> None:
    html = luck_html([WON, LOST], {WON.key: True})
    assert "The solver is playing your games again: 1 left of 2." in html
    assert luck_html([], {}) == ""


def test_games_on_given_boards_are_left_out() -> None:
    """A board whose mines could be known (a link's) says nothing of luck: neither its win nor its loss."""
    given = [
        entry([Reveal(12), Reveal(1), Reveal(2)], "2026-01-03T10:00:00", given=True),
        entry([Flag(5), Reveal(12), Reveal(3)], "2026-01-04T10:00:00", given=True),
    ]
    entries = [WON, LOST, *given]
    ghosts = {e.key: ghost_won(e) for e in entries}
    (line,) = lines(entries, ghosts)
    assert (line.games, line.won, line.solver_won) == (2, 1, 2)
    assert solver_only(entries, ghosts) == [1]
    assert luck_html(given, {}) == ""
