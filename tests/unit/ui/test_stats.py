"""Statistics: counts, streaks, best times, categories, the stored shape and merging an import."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from minesweeper import LEVELS, Game, Reveal, Size
from minesweeper.art import from_art
from minesweeper.daily import daily
from ui.play import Play
from ui.stats import (
    Best,
    Result,
    Stats,
    StatsError,
    Tally,
    category,
    describe_merge,
    is_well_under_way,
    leave_question,
    parse_category,
    result_from_data,
    result_to_data,
)

BEGINNER = LEVELS["beginner"]


def win(seconds: float, date: str = "2025-03-01", bbbv: int | None = 20) -> Result:
    return Result(True, seconds, date, bbbv)


def loss(seconds: float = 5.0) -> Result:
    return Result(False, seconds, "2025-03-01")


def play(results: list[Result], size: Size = BEGINNER) -> Stats:
    records = Stats()
    for result in results:
        records = records.add(size, result).stats
    return records


def test_categories_are_levels_or_custom_sizes() -> None:
    assert category(LEVELS["expert"]) == "expert"
    assert category(Size(20, 12, 50)) == "custom 20x12/50"
    assert category(Size(9, 9, 11)) == "custom 9x9/11"


def test_counts_win_rate_and_streaks() -> None:
    tally = play([win(30), win(20), loss(), win(25), win(40), win(35), loss()]).tally("beginner")
    assert (tally.played, tally.won, tally.streak, tally.best_streak) == (7, 5, 0, 3)
    assert tally.win_rate == pytest.approx(5 / 7)
    assert Tally().win_rate is None


def test_games_played_add_up_over_every_category() -> None:
    records = play([win(30), loss()]).add(Size(20, 12, 50), loss()).stats
    assert records.played == 3 and Stats().played == 0


def test_best_times_keep_the_five_fastest_with_day_and_3bv() -> None:
    tally = play([win(s, bbbv=30) for s in (50, 40, 30, 60, 20, 45, 10)]).tally("beginner")
    assert [b.seconds for b in tally.best] == [10, 20, 30, 40, 45]
    assert tally.best[0] == Best(10, "2025-03-01", 30)
    assert tally.best[0].bbbv_per_second == pytest.approx(3.0)
    assert Best(10, "", None).bbbv_per_second is None


def test_rank_of_a_new_time() -> None:
    records = play([win(30), win(20), win(40)])
    assert records.add(BEGINNER, win(25)).rank == 2
    assert records.add(BEGINNER, win(5)).rank == 1
    assert records.add(BEGINNER, loss()).rank is None
    full = play([win(s) for s in (1, 2, 3, 4, 5)])
    assert full.add(BEGINNER, win(6)).rank is None


def test_custom_sizes_count_on_their_own() -> None:
    records = play([win(30)], Size(20, 12, 50)).add(Size(20, 12, 51), loss()).stats
    assert records.categories() == ["custom 20x12/50", "custom 20x12/51"]
    assert records.tally("custom 20x12/50").won == 1
    assert records.tally("custom 20x12/51").played == 1
    levels = play([loss()], Size(99, 99, 10)).add(LEVELS["expert"], loss()).stats.add(BEGINNER, loss())
    assert levels.stats.categories() == ["beginner", "expert", "custom 99x99/10"]


def test_no_guess_games_are_categories_of_their_own() -> None:
    assert category(LEVELS["expert"], no_guess=True) == "expert, no guess"
    assert category(Size(20, 12, 50), no_guess=True) == "custom 20x12/50, no guess"
    records = play([win(30), loss()])
    records = records.add(BEGINNER, Result(True, 50, "2025-03-02", 20, no_guess=True)).stats
    records = records.add(Size(20, 12, 50), Result(False, 9, "2025-03-02", no_guess=True)).stats
    assert records.categories() == ["beginner", "beginner, no guess", "custom 20x12/50, no guess"]
    plain, no_guess = records.tally("beginner"), records.tally("beginner, no guess")
    assert (plain.played, plain.won, plain.streak, [b.seconds for b in plain.best]) == (2, 1, 0, [30])
    assert (no_guess.played, no_guess.won, no_guess.streak, [b.seconds for b in no_guess.best]) == (
        1,
        1,
        1,
        [50],
    )
    assert parse_category("custom 20x12/50, no guess") == Size(20, 12, 50)
    with pytest.raises(StatsError, match="'expert, no luck'"):
        parse_category("expert, no luck")


def test_a_win_with_hints_counts_but_never_enters_best_times() -> None:
    hinted = Result(True, 5.0, "2025-03-02", 20, hints=3)
    records = play([win(30), win(40)])
    added = records.add(BEGINNER, hinted)
    tally = added.stats.tally("beginner")
    assert (tally.played, tally.won, tally.streak, tally.best_streak, tally.hinted) == (3, 3, 3, 3, 1)
    assert [b.seconds for b in tally.best] == [30, 40]
    assert added.rank is None
    # A hinted loss is a loss like any other.
    lost = added.stats.add(BEGINNER, Result(False, 5.0, "2025-03-02", hints=2)).stats.tally("beginner")
    assert (lost.played, lost.won, lost.streak, lost.hinted) == (4, 3, 0, 1)


def test_a_game_on_a_given_board_counts_apart_never_played_won_or_for_the_streak() -> None:
    # The same #board= link won twice, then lost: practice on a known layout. Played, Won and the streak go
    # on as if it had not been played; it counts apart, and never as a best time.
    given = Result(True, 4.0, "2025-03-02", 20, given=True)
    records = play([win(30), win(35)])
    first = records.add(BEGINNER, given)
    again = first.stats.add(BEGINNER, given)
    lost = again.stats.add(BEGINNER, Result(False, 5.0, "2025-03-02", given=True)).stats
    left = lost.add(BEGINNER, Result(False, 2.0, "2025-03-02", given=True, abandoned=True)).stats
    tally = left.tally("beginner")
    assert (tally.played, tally.won, tally.streak, tally.best_streak, tally.hinted) == (2, 2, 2, 2, 0)
    assert (tally.given_played, tally.given_won) == (4, 2)
    assert [b.seconds for b in tally.best] == [30, 35]
    assert first.rank is None and again.rank is None
    after = left.add(BEGINNER, win(40)).stats.tally("beginner")  # the streak goes on from where it was
    assert (after.played, after.won, after.streak, after.best_streak) == (3, 3, 3, 3)
    # Help on a given board: apart all the same, not a win with help.
    both = left.add(BEGINNER, Result(True, 3.0, "2025-03-02", 20, hints=1, given=True)).stats
    assert (both.tally("beginner").hinted, both.tally("beginner").given_won) == (0, 3)
    assert Stats.from_data(both.to_data()) == both
    assert both.played == 2 + 5  # every game, for web/persist.py: the player uses the game


def test_the_days_daily_attempt_counts_with_the_rest_never_a_best_time_and_other_daily_games_apart() -> None:
    made = daily("2025-03-02", "beginner")
    game = Game.from_board(made.board)
    for cell in range(BEGINNER.cells):
        if cell not in made.board.mines:
            game.apply(Reveal(cell))
    assert game.is_over
    attempt = Result.of(Play(game, daily=made), 30.0, "2025-03-02", attempt=True)
    practice = Result.of(Play(game, daily=made), 20.0, "2025-03-02")
    assert (attempt.given, attempt.attempt, attempt.is_ranked) == (False, True, False)
    assert (practice.given, practice.attempt) == (True, False)
    tally = play([attempt, practice]).tally("beginner")
    assert (tally.played, tally.won, tally.streak, tally.best, tally.given_played) == (1, 1, 1, (), 1)
    assert not Result.of(Play(game), 9.0, "2025-03-02", attempt=True).attempt  # no daily board: no attempt
    for result in (attempt, practice):
        assert result_from_data(result_to_data(BEGINNER, result)) == (BEGINNER, result)
    with pytest.raises(StatsError, match="the day's attempt is not a given board"):
        result_from_data({**result_to_data(BEGINNER, practice), "attempt": True})


def test_a_seed_links_win_is_on_a_given_board() -> None:
    # `?seed=`: the mines follow from the seed and the first click (the command line prints them).
    game = Game.new(BEGINNER, 101)
    game.apply(Reveal(40))
    for cell in range(BEGINNER.cells):
        if game.board is not None and cell not in game.board.mines and not game.is_over:
            game.apply(Reveal(cell))
    assert game.is_over
    assert not Result.of(Play(game), 9.0, "2025-03-02").given
    seeded = Result.of(Play(game, seed_link=True), 9.0, "2025-03-02")
    assert (
        seeded.given
        and not seeded.is_ranked
        and play([seeded]).tally("beginner") == Tally(0, 0, 0, 0, (), 0, 1, 1)
    )


# -- the stored shape ------------------------------------------------------------------------------

results = st.lists(
    st.builds(
        Result,
        st.booleans(),
        st.floats(0, 10_000, allow_nan=False),
        st.dates().map(lambda d: d.isoformat()),
        st.none() | st.integers(1, 500),
        st.booleans(),
        st.sampled_from([0, 0, 0, 1, 7]),
        st.booleans(),
        st.booleans(),
    ),
    max_size=30,
)
sizes = st.sampled_from([BEGINNER, LEVELS["expert"], Size(20, 12, 50), Size(1, 2, 1)])


@st.composite
def some_records(draw: st.DrawFn) -> Stats:
    records = Stats()
    for result in draw(results):
        records = records.add(draw(sizes), result).stats
    return records


@given(some_records())
def test_data_round_trips(records: Stats) -> None:
    assert Stats.from_data(records.to_data()) == records


@pytest.mark.parametrize(
    ("data", "quoted"),
    [
        ([1, 2], "[1, 2]"),
        ({"giant": {}}, "'giant'"),
        ({"custom 0x9/1": {}}, "width 0"),
        ({"beginner": {"played": -1, "won": 0, "streak": 0, "best_streak": 0}}, "played -1"),
        ({"beginner": {"played": True, "won": 0, "streak": 0, "best_streak": 0}}, "played True"),
        ({"beginner": {"played": 1, "won": 2, "streak": 0, "best_streak": 0}}, "do not add up"),
        ({"beginner": {"played": 1, "won": 1, "streak": 0, "best_streak": 0, "hinted": "1"}}, "hinted '1'"),
        (
            {"beginner": {"played": 1, "won": 1, "streak": 0, "best_streak": 0, "given_played": -1}},
            "given_played -1",
        ),
        (
            {
                "beginner": {
                    "played": 2,
                    "won": 2,
                    "streak": 2,
                    "best_streak": 2,
                    "given_played": 1,
                    "given_won": 2,
                    "best": [{"seconds": 9, "date": "", "bbbv": None}],
                }
            },
            "do not add up",
        ),
        (
            {
                "beginner": {
                    "played": 1,
                    "won": 1,
                    "streak": 1,
                    "best_streak": 1,
                    "hinted": 1,
                    "best": [{"seconds": 9, "date": "", "bbbv": None}],
                }
            },
            "do not add up",
        ),
        ({"beginner": {"played": 1, "won": 1, "streak": 1, "best_streak": 1, "best": "fast"}}, "'fast'"),
        (
            {"beginner": {"played": 1, "won": 1, "streak": 1, "best_streak": 1, "best": [{"seconds": "9"}]}},
            "seconds must be",
        ),
        (
            {
                "beginner": {
                    "played": 1,
                    "won": 1,
                    "streak": 1,
                    "best_streak": 1,
                    "best": [{"seconds": 9, "date": "yesterday"}],
                }
            },
            "YYYY-MM-DD",
        ),
        (
            {
                "beginner": {
                    "played": 1,
                    "won": 1,
                    "streak": 1,
                    "best_streak": 1,
                    "best": [{"seconds": 9, "date": "", "bbbv": 0}],
                }
            },
            "3BV",
        ),
    ],
)
def test_bad_data_is_refused_with_the_bad_part_quoted(data: object, quoted: str) -> None:
    with pytest.raises(StatsError, match=quoted.replace("[", r"\[").replace("]", r"\]")):
        Stats.from_data(data)


# -- merging an import -----------------------------------------------------------------------------


@given(some_records(), some_records())
def test_merge_is_idempotent_and_never_loses_a_count_or_a_best_time(a: Stats, b: Stats) -> None:
    merged = a.merge(b)
    assert merged.merge(b) == merged
    assert a.merge(a) == a
    for name in {*a.tallies, *b.tallies}:
        mine, theirs, both = a.tally(name), b.tally(name), merged.tally(name)
        assert both.hinted == max(mine.hinted, theirs.hinted)
        assert both.won == max(mine.won, theirs.won, len(both.best) + both.hinted)
        assert both.played == max(mine.played, theirs.played, both.won)
        assert both.given_won == max(mine.given_won, theirs.given_won)
        assert both.given_played == max(mine.given_played, theirs.given_played, both.given_won)
        assert both.best_streak == max(mine.best_streak, theirs.best_streak)
        assert [t.seconds for t in both.best] == sorted(t.seconds for t in {*mine.best, *theirs.best})[:5]
    assert Stats.from_data(merged.to_data()) == merged


def test_merge_keeps_this_devices_current_streak() -> None:
    here = play([win(30), win(31)])
    there = play([win(40), win(41), win(42), loss()])
    merged = here.merge(there).tally("beginner")
    assert (merged.streak, merged.best_streak) == (2, 3)


def test_describe_merge_lists_what_changes() -> None:
    here = play([win(30), loss()])
    there = play([win(30), win(20), win(25), loss(), loss()]).add(Size(20, 12, 50), win(99)).stats
    lines = describe_merge(here, here.merge(there))
    assert lines == [
        "beginner: played 2 → 5, won 1 → 3, best streak 1 → 3, and 2 new best times",
        "custom 20x12/50: new, played 1, won 1",
    ]
    assert describe_merge(here, here.merge(here)) == []
    helped = here.add(BEGINNER, Result(True, 9, "2025-03-02", 20, hints=1)).stats
    assert describe_merge(here, here.merge(helped)) == [
        "beginner: played 2 → 3, won 1 → 2, and won with help 0 → 1"
    ]
    known = here.add(BEGINNER, Result(True, 9, "2025-03-02", 20, given=True)).stats
    assert describe_merge(here, here.merge(known)) == [
        "beginner: played on given boards 0 → 1 and won on given boards 0 → 1"
    ]
    practice = Stats().add(BEGINNER, Result(False, 9, "2025-03-02", given=True)).stats
    assert describe_merge(Stats(), practice) == ["beginner: played on given boards 0 → 1"]


def test_a_win_with_the_odds_shown_counts_as_helped_never_a_best_time() -> None:
    tally = Stats().add(BEGINNER, Result(True, 5.0, "2025-03-02", 20, odds=True)).stats.tally("beginner")
    assert (tally.played, tally.won, tally.hinted, tally.best) == (1, 1, 1, ())


def test_an_abandoned_game_is_played_not_won_and_ends_the_streak() -> None:
    stats = Stats().add(BEGINNER, Result(True, 5.0, "2025-03-02", 20)).stats
    tally = stats.add(BEGINNER, Result(False, 3.0, "2025-03-02", abandoned=True)).stats.tally("beginner")
    assert (tally.played, tally.won, tally.streak, tally.best_streak) == (2, 1, 0, 1)


def test_odds_and_abandoned_go_through_the_visits_data() -> None:
    for result in (
        Result(True, 5.0, "2025-03-02", 20, odds=True),
        Result(False, 2.5, "2025-03-02", abandoned=True),
    ):
        assert result_from_data(result_to_data(BEGINNER, result)) == (BEGINNER, result)
    with pytest.raises(StatsError, match="both won and abandoned"):
        result_from_data({**result_to_data(BEGINNER, Result(True, 1.0, "2025-03-02")), "abandoned": True})


def test_a_game_is_well_under_way_after_10_seconds_or_a_fifth_of_its_safe_cells() -> None:
    game = Game.from_board(from_art("....\n....\n..**\n..*."))  # 13 safe cells
    game.apply(Reveal(13))  # a 2: 1 of 13
    assert not is_well_under_way(game, 9.9) and is_well_under_way(game, 10.0)
    game.apply(Reveal(0))  # the opening: 12 of 13 (the 3 in the corner is walled off)
    assert is_well_under_way(game, 0.5)
    assert "opened 92% of this board's safe cells in 4 s" in leave_question(game, 3.2)
    assert leave_question(game, 3.2).endswith("as played and not won: your streak ends.")
    assert leave_question(game, 3.2, given=True).endswith(  # a given board's game: apart, it costs nothing
        "counts this one apart, as played on a given board: your streak goes on."
    )
