"""The game history: entries made from games, the bounds, merging, the orders and the averages."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from datetime import datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from minesweeper import Chord, Flag, Game, Reveal, Size, place_mines
from minesweeper.art import from_art
from minesweeper.placement import FirstClick
from minesweeper.record import from_record
from minesweeper.zini import zini
from ui import history
from ui.history import (
    LIMIT,
    REPLAYS,
    Entry,
    History,
    HistoryError,
    Order,
    Outcome,
    averages,
    entry_of,
    ordered,
)


def entry(
    ended: str,
    outcome: Outcome = Outcome.WON,
    seconds: float = 10.0,
    category: str = "beginner",
    **more: object,
) -> Entry:
    figures: dict[str, object] = {"bbbv": 20, "solved": 20, "clicks": 25, "useful": 20, **more}
    return Entry(ended, category, outcome, seconds, **figures)  # type: ignore[arg-type]


def day(n: int) -> str:
    """The n-th minute of 2025, as an entry's end: later for a larger n."""
    return (datetime(2025, 1, 1) + timedelta(minutes=n)).strftime("%Y-%m-%dT%H:%M:%S")


def test_an_entry_has_the_games_figures_and_its_record() -> None:
    board = from_art("111\n1*1\n111")  # 3BV 8, greedy ZiNi 5
    game = Game.from_board(board)
    for action in (Reveal(1), Flag(4), Chord(1), Reveal(1), Chord(3), Chord(5)):
        game.apply(action)
    made = entry_of(game, 2.5, "custom 3x3/1", "2025-03-01T09:30:00", zini(board).clicks, hints=1)
    assert made.outcome is Outcome.WON and (made.bbbv, made.solved, made.zini) == (8, 8, 5)
    assert (made.clicks, made.useful, made.rate, made.efficiency) == (6, 5, 8 / 2.5, 8 / 5)
    assert made.is_helped and made.given and made.has_replay
    assert from_record(made.record).log == game.log  # the replay is the game


def test_a_game_left_under_way_is_abandoned_and_has_no_replay() -> None:
    game = Game.new(Size(9, 9, 10), seed=3)
    game.apply(Reveal(40))
    made = entry_of(game, 4.0, "beginner", "2025-03-01T09:30:00", None)
    assert made.outcome is Outcome.ABANDONED and not made.has_replay and not made.given


def test_the_history_keeps_the_last_1000_games_and_the_replays_of_the_last_100() -> None:
    record = {"log": "r0"}
    kept = History()
    for n in range(LIMIT + 5):
        kept = kept.add(entry(day(n), record=record))
    assert len(kept.entries) == LIMIT and kept.entries[0].ended == day(5)
    with_replay = [e for e in kept.entries if e.record is not None]
    assert len(with_replay) == REPLAYS and with_replay == list(kept.entries[-REPLAYS:])


def test_replays_stop_at_their_budget_of_characters(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(history, "REPLAY_CHARS", 30)
    big = {"log": "r1" * 5}  # 21 characters as JSON
    kept = History().add(entry(day(1), record=big)).add(entry(day(2), record=big))
    assert [e.record is not None for e in kept.entries] == [False, True]


def test_an_expert_games_record_is_small_enough_for_the_bounds() -> None:
    # A won expert game opened cell by cell, the slowest way: its record is the largest a win makes.
    board = place_mines(Size(30, 16, 99), 0, FirstClick.NONE, random.Random(7))
    game = Game.from_board(board)
    for cell in range(board.size.cells):
        if cell not in board.mines:
            game.apply(Reveal(cell))
    made = entry_of(game, 100.0, "expert", "2025-03-01T09:30:00", None)
    size = len(json.dumps(history.entry_to_data(made), separators=(",", ":")))
    assert size < 3000  # 100 replays of such games: under 0.3 MB of the 1 MB budget


entries = st.builds(
    entry,
    st.integers(0, 60).map(day),
    st.sampled_from(Outcome),
    st.sampled_from([1.0, 2.5, 30.0]),
    st.sampled_from(["beginner", "expert"]),
)


@given(st.lists(entries, max_size=12), st.lists(entries, max_size=12))
def test_merging_twice_changes_nothing_and_keeps_every_game_once(
    mine: list[Entry], theirs: list[Entry]
) -> None:
    ours, other = History(tuple(mine)), History(tuple(theirs))
    ours = history.bounded(ours.entries)
    merged = ours.merge(other)
    assert merged.merge(other) == merged
    assert {e.key for e in merged.entries} == {e.key for e in (*mine, *theirs)}
    assert len(merged.entries) == len({e.key for e in merged.entries})
    assert merged.new_in(other) == 0


def test_a_merge_brings_back_a_replay_we_no_longer_have() -> None:
    ours = History((entry(day(1)),))
    theirs = History((entry(day(1), record={"log": "r0"}),))
    assert ours.merge(theirs).entries[0].record == {"log": "r0"}


def test_the_orders_list_every_game_latest_first_or_the_fair_wins_best_first() -> None:
    games = History(
        (
            entry(day(1), seconds=20.0),
            entry(day(2), seconds=10.0, solved=10, bbbv=10),
            entry(day(3), Outcome.LOST, seconds=5.0, solved=3),
            entry(day(4), seconds=8.0, hints=1),  # helped: never a best record
            entry(day(5), seconds=30.0, useful=10),
            entry(day(6), seconds=1.0, category="expert", odds=True),
        )
    )
    assert [e.ended for e in ordered(games, Order.LATEST)] == [day(n) for n in (6, 5, 4, 3, 2, 1)]
    assert [e.ended for e in ordered(games, Order.TIME)] == [day(2), day(1), day(5)]
    assert [e.ended for e in ordered(games, Order.RATE)] == [day(1), day(2), day(5)]  # 1.0, 1.0, 0.67
    assert [e.ended for e in ordered(games, Order.EFFICIENCY)] == [day(5), day(1), day(2)]  # 2.0, 1.0, 0.5
    assert ordered(games, Order.TIME, "expert") == []


def test_averages_per_board_count_every_game_and_average_the_wins_of_boards_not_given() -> None:
    games = History(
        (
            entry(day(1), seconds=10.0),
            entry(day(2), seconds=30.0),
            entry(day(3), Outcome.ABANDONED),
            entry(day(4), seconds=1.0, given=True),  # a link's board: its mines could be known
            entry(day(5), category="expert", given=True),
        )
    )
    (beginner,) = averages(games)  # no expert line: its only game was on a given board
    assert (beginner.games, beginner.wins, beginner.seconds) == (3, 2, 20.0)
    assert beginner.rate == pytest.approx((2.0 + 20 / 30) / 2) and beginner.efficiency == 1.0


def test_a_daily_attempt_counts_as_any_game_but_is_no_best_time() -> None:
    """The day's daily attempt is on a board the engine was given, but the statistics count it as any game
    (ui/stats.py `attempt`): its entry is not a given board's, so the averages count it, and the orders by
    time leave it out, as the best times do. Before, the entry said "given board" and the averages left the
    game out while the statistics' card counted it."""
    game = Game.from_board(from_art("*..\n...\n..."))
    game.apply(Reveal(8))
    made = entry_of(game, 7.0, "custom 3x3/1", day(2), None, given=False, attempt=True)
    assert game.given_board and not made.given and made.attempt
    games = History((entry(day(1), category="custom 3x3/1", seconds=9.0), made))
    (line,) = averages(games)
    assert (line.games, line.wins, line.seconds) == (2, 2, 8.0)
    assert [e.ended for e in ordered(games, Order.TIME)] == [day(1)]
    assert History.from_data(json.loads(json.dumps(games.to_data()))) == games
    assert "attempt" not in history.entry_to_data(games.entries[0])  # written only when true


def test_entries_go_through_their_data_unchanged() -> None:
    game = Game.from_board(from_art("..1*1\n..111\n....."))
    game.apply(Reveal(0))
    made = entry_of(game, 3.0, "custom 5x3/1", "2025-03-01T09:30:00", 2, odds=True)
    data = json.loads(json.dumps(History((made,)).to_data()))
    assert History.from_data(data) == History((made,))
    assert History.from_data([{**data[0], "record": None}]).entries[0].record is None


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"ended": "2025-03-01"}, "ended must be YYYY-MM-DDTHH:MM:SS"),
        ({"outcome": "quit"}, "outcome must be won, lost or abandoned"),
        ({"seconds": -1}, "seconds must be a number from 0"),
        ({"solved": 99}, "counts do not add up"),
        ({"clicks": 1.5}, "clicks 1.5: expected a whole number from 0"),
        ({"odds": "yes"}, "odds, given and attempt must be true or false"),
        ({"attempt": 1}, "odds, given and attempt must be true or false"),
        ({"record": "r0"}, "record must be an object"),
    ],
)
def test_damaged_entries_are_refused_quoting_them(change: dict[str, object], says: str) -> None:
    data = {**history.entry_to_data(entry(day(1))), **change}
    with pytest.raises(HistoryError, match=says):
        History.from_data([data])


def test_a_history_that_is_not_a_list_is_refused() -> None:
    with pytest.raises(HistoryError, match="expected a list of games"):
        History.from_data({"games": []})


def test_a_lost_entry_keeps_its_outcome() -> None:
    assert replace(entry(day(1)), outcome=Outcome.LOST).won is False
