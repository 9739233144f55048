"""The game on the board and what is known of it: one value that the page's parts read (web/app.py holds it,
and is the only one to change it). Pure (no browser import): CPython tests it.

Glossary:
    play      the game on the board and its facts: which game of the page it is (`serial`), the help its
              player had, whether its board was given, whether it is a daily board, whether it is only watched
    serial    the page's count of the games it has put on the board, from 1: a note about a game goes with
              it (ui/notes.py)
    help      what the player had besides their own eyes: hints named a cell (after the first click), the odds
              overlay showed while the game ran, the solver moved. Hints and odds leave a win counted but
              never a best time; the solver's game does not count at all
    given     its mines could be known before it started, so its game counts apart, never as played, won or
              a best time (ui/stats.py): a board link, the same board again, a daily board (the engine's
              given board; the day's attempt alone counts with the rest), or a seed link (the engine places
              its mines at the first click, but the seed and that click decide them, and the command line
              prints them: `minesweeper new --seed N --first R,C`)
    daily     the game is that day's daily board (minesweeper/daily.py): its start cell marked, its result
              kept once a day (web/daily.py)
    attempt   a daily board's game's own number, drawn when it comes to the board: the day's first click on
              that board at that level writes it down (ui/daily.py `Begun`), and only the game holding that
              number gives the day's result; every other game of it is practice
    watched   a game from a replay link, put on the board for its replay: not the player's, never saved over
              theirs, and never counted
    practice  a game played on from a position of a review (web/review.py), with the same mines: never
              counted, never saved; the player's own game waits, set aside (web/app.py), and comes back
    own       the player's own game: neither watched nor practice. The keeper saves only that one
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from minesweeper import Game, Rules
from minesweeper.daily import Daily


@dataclass(frozen=True)
class Help:
    hints: int = 0
    odds: bool = False
    solved: bool = False

    @property
    def is_helped(self) -> bool:
        """Hints or odds: a win counts, but never as a best time (the solver's game does not count at all)."""
        return bool(self.hints) or self.odds


@dataclass(frozen=True)
class Play:
    game: Game = field(compare=False)  # the engine's game: it changes as actions apply, the play does not
    serial: int = 0
    help: Help = Help()
    daily: Daily | None = None
    watched: bool = False
    seed_link: bool = False  # its seed came from a link: given, though placed at the first click
    attempt: int = 0  # a daily board's: see the glossary
    practice: bool = False

    @property
    def is_given(self) -> bool:
        """Its mines could be known before it started (the glossary): counted apart, never a best time."""
        return self.seed_link or self.game.given_board

    @property
    def is_own(self) -> bool:
        return not (self.watched or self.practice)

    @property
    def counts(self) -> bool:
        """Whether its end goes into the player's statistics: not the solver's game, a watched one or
        practice."""
        return self.is_own and not self.help.solved

    def with_hint(self) -> Play:
        return dataclasses.replace(self, help=dataclasses.replace(self.help, hints=self.help.hints + 1))

    def with_odds_shown(self) -> Play:
        return dataclasses.replace(self, help=dataclasses.replace(self.help, odds=True))

    def with_solver(self) -> Play:
        return dataclasses.replace(self, help=dataclasses.replace(self.help, solved=True))


def given_rules(rules: Rules) -> Rules:
    """The rules a given board is played under: as set, but never no-guess (badge and statistics): its
    mines are placed already, for no click in particular, or for the first click of the game it replays."""
    return dataclasses.replace(rules, no_guess=False)
