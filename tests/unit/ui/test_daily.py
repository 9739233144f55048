"""Daily results: which game counts, streaks, best times, storage, links and export."""

from __future__ import annotations

import json

import pytest

from minesweeper import level
from ui import links, saved
from ui.daily import Dailies, DailyError, DayResult, summary
from ui.settings import Settings
from ui.stats import Stats

WON, LOST = DayResult(True, 61.5), DayResult(False, 12.0)


def test_only_the_first_game_of_the_day_counts() -> None:
    dailies = Dailies()
    assert dailies.counts("2026-11-25", "expert", "2026-11-25")
    dailies = dailies.add("2026-11-25", "expert", LOST)
    assert not dailies.counts("2026-11-25", "expert", "2026-11-25")  # played again: practice
    assert dailies.counts("2026-11-25", "beginner", "2026-11-25")  # another level is its own
    assert not dailies.counts("2026-11-24", "expert", "2026-11-25")  # another day's board: practice
    assert dailies.add("2026-11-25", "expert", WON).result("2026-11-25", "expert") == LOST


def test_streaks_and_best_times() -> None:
    dailies = Dailies()
    for day, result in (("2026-11-20", WON), ("2026-11-22", LOST), ("2026-11-23", WON), ("2026-11-24", WON)):
        dailies = dailies.add(day, "expert", result)
    dailies = dailies.add("2026-11-24", "beginner", DayResult(True, 5.25))
    assert dailies.played == 4
    assert dailies.streaks("2026-11-24") == (3, 3)
    assert dailies.streaks("2026-11-25") == (3, 3)  # today not played yet: the streak holds
    assert dailies.streaks("2026-11-26") == (0, 3)
    assert dailies.best("expert") == 61.5 and dailies.best("beginner") == 5.25
    assert dailies.best("intermediate") is None
    line = summary(dailies, "2026-11-25")
    assert line == (
        "Daily boards: 4 days played, streak 3 (best 3). Best daily times: beginner 5.25 s and expert 61.50"
        " s."
    )
    assert summary(Dailies(), "2026-11-25") == ""  # no daily played: no line saying "0 days played"


def test_storage_round_trip_and_damage() -> None:
    dailies = Dailies().add("2026-11-25", "expert", WON)
    text = saved.encode(saved.DAILY, dailies.to_data())
    assert saved.dailies_from_data(saved.decode(saved.DAILY, text)) == dailies
    for bad in (
        [],
        {"25-11-2026": {}},
        {"2026-11-25": {"hard": {"won": True, "seconds": 1}}},
        {"2026-11-25": {"expert": {"won": 1, "seconds": 1}}},
    ):
        with pytest.raises(saved.SavedError, match="saved daily results"):
            saved.dailies_from_data(bad)
    with pytest.raises(DailyError):
        Dailies.from_data({"2026-11-25": {"expert": {"won": True, "seconds": -1}}})


def test_export_and_import_carry_the_daily_results() -> None:
    dailies = Dailies().add("2026-11-25", "expert", WON)
    text = saved.export_text(Settings(), Stats(), "2026-11-25", dailies)
    assert json.loads(text)["daily"] == {"version": 1, "data": dailies.to_data()}
    plan = saved.plan_import(text, Settings(), Stats())
    assert plan.dailies == dailies
    assert "daily results: 1 day in the file" in plan.changes
    old = json.loads(text)
    del old["daily"]  # a file from before daily boards
    assert saved.plan_import(json.dumps(old), Settings(), Stats()).dailies == Dailies()


def test_the_running_game_keeps_its_daily_mark() -> None:
    running = saved.Running({"x": 1}, 3.0, daily=("2026-11-25", "expert"))
    assert saved.Running.from_data(running.to_data()) == running
    plain = saved.Running({"x": 1}, 3.0)
    assert "daily" not in plain.to_data()
    assert saved.Running.from_data({**plain.to_data(), "daily": 7}) == plain  # damaged mark: same board


@pytest.mark.parametrize(
    ("search", "day", "size"),
    [
        ("?daily=2026-11-25&level=expert", "2026-11-25", level("expert")),
        ("?daily", "", None),
        ("?daily=&level=beginner", "", level("beginner")),
    ],
)
def test_daily_links(search: str, day: str, size: object) -> None:
    link = links.parse(search, "")
    assert (link.daily, link.size, link.errors) == (day, size, ())
    assert links.keep(search, "") == ""


def test_bad_daily_links_say_why() -> None:
    assert [error.detail for error in links.parse("?daily=2026-02-30", "").errors] == [
        "daily '2026-02-30': must be a date written YYYY-MM-DD, like 2026-11-25",
    ]
    assert "a daily board is beginner" in links.parse("?daily=2026-02-03&size=9.9.9", "").errors[-1].detail
    assert links.daily_link("2026-11-25", "expert") == "?daily=2026-11-25&level=expert"


def test_replay_links_round_trip_and_say_what_is_wrong() -> None:
    from minesweeper import Game, Reveal, Stamp
    from minesweeper.art import from_art
    from minesweeper.replaycode import Recording

    game = Game.from_board(from_art("..1*\n..1."))
    game.apply(Reveal(0), Stamp(0, (1, 2)))
    recording = Recording.of(game)
    tail = links.replay_link(recording)
    link = links.parse("", tail)
    assert link.replay == recording and link.errors == () and link.present
    assert links.keep("?x=1", tail + "&y=2") == "?x=1#y=2"
    bad = links.parse("", "#replay=AQkJ")
    assert bad.replay is None
    assert [error.detail for error in bad.errors] == ["replay 'AQkJ': cut short: it ends before its flags"]
