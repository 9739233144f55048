"""What no player could make: an import leaves out the best times, games and daily results past the human
limit (25 3BV a second after the first click), with more 3BV than the board's safe cells, or dated after
the day of the import; the rest goes in."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from minesweeper.analysis import analyse
from minesweeper.daily import daily
from ui.daily import Dailies, DayResult
from ui.history import Entry, History, Outcome
from ui.limits import RATE, is_humanly_possible, sift
from ui.stats import Best, Stats, Tally

TODAY = "2026-11-26"


def beginner(*best: Best) -> Stats:
    return Stats({"beginner": Tally(played=5, won=5, streak=5, best_streak=5, best=best)})


def game(seconds: float, solved: int, ended: str = "2026-11-20T10:00:00") -> Entry:
    return Entry(
        ended, "beginner", Outcome.WON, seconds, bbbv=solved, solved=solved, clicks=solved, useful=solved
    )


def test_a_win_faster_than_the_human_limit_is_left_out_and_named() -> None:
    fast, fair = Best(0.011, "2026-01-02", 13), Best(9.5, "2026-01-03", 20)
    sifted = sift(beginner(fast, fair), Dailies(), TODAY)
    assert sifted.stats.tally("beginner").best == (fair,)
    assert sifted.refused == ["Beginner best time: 0.01 s at 1,181.82 3BV/s"]
    assert sifted.stats.tally("beginner").won == 5  # the counts are the file's: only the time is not


def test_the_limit_is_a_click_per_3bv_at_25_a_second_after_the_first() -> None:
    assert is_humanly_possible(0.0, 1)  # a board cleared by its first click: 0.00 s is a real win
    assert not is_humanly_possible(0.0, 2)
    assert is_humanly_possible(1.0, 1 + RATE) and not is_humanly_possible(1.0, 2 + RATE)
    assert is_humanly_possible(0.0, None)  # a time from before 3BV was kept: nothing to judge it by


def test_more_3bv_than_safe_cells_or_a_later_date_cannot_be() -> None:
    sifted = sift(beginner(Best(60.0, "2026-01-02", 72), Best(30.0, "2026-11-27", 20)), Dailies(), TODAY)
    assert sifted.stats.tally("beginner").best == ()
    assert sifted.refused == [
        "Beginner best time: 72 3BV, more than the board's 71 safe cells",
        "Beginner best time: dated Nov 27, 2026, after today",
    ]


def test_games_of_the_history_are_sifted_too() -> None:
    fair, fast, later = game(10.0, 30), game(0.5, 30), game(10.0, 30, "2026-11-27T08:00:00")
    sifted = sift(Stats(history=History((fair, fast, later))), Dailies(), TODAY)
    assert sifted.stats.history.entries == (fair,)
    assert sifted.refused == [
        "Beginner game of Nov 20, 2026: 0.50 s at 60.00 3BV/s",
        "Beginner game of Nov 27, 2026: dated Nov 27, 2026, after today",
    ]


def test_daily_results_later_than_today_or_too_fast_for_their_board_are_left_out() -> None:
    bbbv = analyse(daily("2026-11-20", "beginner").board).bbbv
    too_fast = (bbbv - 1) / RATE - 0.01
    dailies = (
        Dailies()
        .add("2026-11-20", "beginner", DayResult(True, too_fast))
        .add("2026-11-21", "beginner", DayResult(True, 30.0))
        .add("2026-11-21", "expert", DayResult(False, 0.0))  # a loss at the first click: it happens
        .add("2026-11-27", "expert", DayResult(True, 90.0))
    )
    sifted = sift(Stats(), dailies, TODAY)
    assert sifted.dailies == Dailies().add("2026-11-21", "beginner", DayResult(True, 30.0)).add(
        "2026-11-21", "expert", DayResult(False, 0.0)
    )
    assert [line.split(":")[0] for line in sifted.refused] == [
        "Daily board of Nov 20, 2026, beginner",
        "Daily board of Nov 27, 2026, expert",
    ]


@given(st.floats(0, 1000), st.integers(1, 71))
def test_what_a_player_could_make_is_kept_whole(seconds: float, bbbv: int) -> None:
    best = Best(round(max(seconds, (bbbv - 1) / RATE), 3), "2026-01-01", bbbv)
    assert sift(beginner(best), Dailies(), TODAY).stats == beginner(best)
