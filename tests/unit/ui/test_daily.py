"""Daily results: which game counts, streaks, best times, storage, links and export."""

from __future__ import annotations

import json

import pytest

from minesweeper import level
from ui import links, saved
from ui.daily import Begun, Dailies, DailyError, DayResult, is_turned_back, may_count, summary
from ui.settings import Settings
from ui.stats import Stats

WON, LOST = DayResult(True, 61.5), DayResult(False, 12.0)

TODAY = "2026-11-26"  # an import's day: records after it are refused


def test_only_the_first_game_of_the_day_counts() -> None:
    dailies, begun, day = Dailies(), Begun(), "2026-11-25"
    assert may_count(dailies, begun, day, "expert", 7, day)
    assert not may_count(dailies, begun, "2026-11-24", "expert", 7, day)  # another day's board: practice
    assert not may_count(dailies, begun, "2026-11-26", "expert", 7, day)  # a later day's: not open yet
    begun = begun.begin(day, "expert", 7)  # its first click
    assert may_count(dailies, begun, day, "expert", 7, day)
    assert not may_count(dailies, begun, day, "expert", 8, day)  # another game of it: practice
    assert may_count(dailies, begun, day, "expert", 7, "2026-11-26")  # ends after midnight: still the day's
    assert may_count(dailies, begun, day, "beginner", 8, day)  # another level is its own
    dailies = dailies.add(day, "expert", LOST)
    assert not may_count(dailies, begun, day, "expert", 7, day)  # over: its result stands
    assert dailies.add(day, "expert", WON).result(day, "expert") == LOST


def test_a_clock_turned_back_cannot_fill_a_missed_day() -> None:
    begun = Begun().begin("2026-11-26", "expert", 7)  # the 26th begun, then the clock back to the 25th
    assert is_turned_back(Dailies(), begun, "2026-11-25")
    assert not may_count(Dailies(), begun, "2026-11-25", "beginner", 8, "2026-11-25")
    kept = Dailies().add("2026-11-26", "expert", WON)  # or its result kept, the mark gone with a later day
    assert not may_count(kept, Begun(), "2026-11-25", "expert", 8, "2026-11-25")
    assert may_count(Dailies(), begun, "2026-11-26", "beginner", 8, "2026-11-26")  # that day's other levels
    assert may_count(kept, Begun(), "2026-11-27", "expert", 8, "2026-11-27")  # and the days after it


def test_the_boards_begun_keep_the_first_attempt_of_today_only() -> None:
    begun = Begun().begin("2026-11-25", "expert", 7)
    assert begun.begin("2026-11-25", "expert", 8).holder("2026-11-25", "expert") == 7  # the first holds
    assert begun.begin("2026-11-24", "expert", 9) == begun  # a day before it: not today any more
    later = begun.begin("2026-11-26", "beginner", 9)
    assert later == Begun("2026-11-26", {"beginner": 9})  # only today's are kept
    assert later.holder("2026-11-25", "expert") is None
    text = saved.encode(saved.BEGUN, later.to_data())
    assert saved.begun_from_data(saved.decode(saved.BEGUN, text)) == later
    for bad in (
        [],
        {"day": "2026-11-26"},
        {"day": "x", "levels": {}},
        {"day": "2026-11-26", "levels": {"hard": 1}},
    ):
        with pytest.raises(saved.SavedError, match="saved daily boards begun"):
            saved.begun_from_data(bad)


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


def test_a_day_won_with_help_is_played_but_never_a_best_daily_time() -> None:
    helped = DayResult(True, 9.5, helped=True)  # hints, or the odds shown
    dailies = Dailies().add("2026-11-24", "expert", WON).add("2026-11-25", "expert", helped)
    assert dailies.played == 2 and dailies.streaks("2026-11-25") == (2, 2)  # the day counts
    assert dailies.best("expert") == 61.5  # its time does not
    helped_only = Dailies().add("2026-11-25", "beginner", DayResult(True, 3.0, helped=True))
    assert helped_only.best("beginner") is None
    assert summary(helped_only, "2026-11-25") == "Daily boards: 1 day played, streak 1 (best 1)."
    data = dailies.to_data()
    assert data["2026-11-24"]["expert"] == {"won": True, "seconds": 61.5}  # no help: as version 1 wrote it
    assert data["2026-11-25"]["expert"] == {"won": True, "seconds": 9.5, "helped": True}
    assert saved.dailies_from_data(saved.decode(saved.DAILY, saved.encode(saved.DAILY, data))) == dailies
    version_1 = json.dumps({"version": 1, "data": {"2026-11-24": {"expert": {"won": True, "seconds": 61.5}}}})
    assert saved.dailies_from_data(saved.decode(saved.DAILY, version_1)).result("2026-11-24", "expert") == WON
    with pytest.raises(DailyError):
        Dailies.from_data({"2026-11-25": {"expert": {"won": True, "seconds": 1, "helped": "yes"}}})


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
    assert json.loads(text)["daily"] == {"version": saved.DAILY.version, "data": dailies.to_data()}
    plan = saved.plan_import(text, Settings(), Stats(), TODAY)
    assert plan.dailies == dailies
    assert "daily results: 1 day in the file" in plan.changes
    old = json.loads(text)
    del old["daily"]  # a file from before daily boards
    assert saved.plan_import(json.dumps(old), Settings(), Stats(), TODAY).dailies == Dailies()


def test_the_running_game_keeps_its_daily_mark() -> None:
    running = saved.Running({"x": 1}, 3.0, daily=("2026-11-25", "expert"), attempt=7)
    assert saved.Running.from_data(running.to_data()) == running
    v2 = {**running.to_data(), "daily": {"day": "2026-11-25", "level": "expert"}}  # before attempts
    assert saved.Running.from_data(v2).attempt == 0
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
