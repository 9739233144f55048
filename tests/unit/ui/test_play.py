"""The play on the board: its help only grows, and whether its end counts follows from who played it."""

from __future__ import annotations

from minesweeper import Game, Rules, level
from minesweeper.art import from_art
from ui.play import Help, Play, given_rules


def test_help_grows_one_fact_at_a_time_and_the_play_is_otherwise_the_same() -> None:
    play = Play(Game.new(level("beginner"), 7), serial=3)
    hinted = play.with_hint().with_hint()
    assert hinted.help == Help(hints=2) and hinted.serial == 3 and hinted.game is play.game
    assert hinted.with_odds_shown().help == Help(hints=2, odds=True)
    assert play.help == Help()  # a value: the old play is unchanged


def test_hints_and_odds_help_a_player_while_only_the_solver_and_watching_stop_a_game_counting() -> None:
    game = Game.new(level("beginner"), 7)
    assert not Play(game).help.is_helped and Play(game).counts
    assert Play(game).with_hint().help.is_helped and Play(game).with_hint().counts
    assert Play(game).with_odds_shown().help.is_helped
    assert not Play(game).with_solver().help.is_helped and not Play(game).with_solver().counts
    assert not Play(game, watched=True).counts


def test_practice_never_counts_and_is_not_the_player_s_own_game() -> None:
    game = Game.new(level("beginner"), 7)
    assert Play(game).is_own
    practice = Play(game, practice=True)
    assert not practice.counts and not practice.is_own and not practice.with_hint().counts
    assert not Play(game, watched=True).is_own


def test_a_given_board_is_never_played_as_a_no_guess_one() -> None:
    rules = Rules(no_guess=True, question_marks=True)
    assert given_rules(rules) == Rules(no_guess=False, question_marks=True)
    assert not Game.from_board(from_art("*..\n..."), given_rules(rules)).rules.no_guess


def test_a_board_its_player_could_know_before_the_game_is_given() -> None:
    random = Game.new(level("beginner"), 7)
    assert not Play(random).is_given
    assert Play(random, seed_link=True).is_given  # the seed and the first click decide its mines
    assert Play(Game.from_board(from_art("*..\n..."))).is_given  # a board link, the same board again
