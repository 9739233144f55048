"""Stored shapes: envelopes and versions, the v1 -> v2 statistics migration, settings field by field,
the game in progress, consent, and the export file."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from minesweeper import LEVELS, FirstClick, Game, Reveal, Size
from minesweeper.art import from_art
from ui import saved
from ui.history import Entry, History, entry_of
from ui.play import Help
from ui.saved import GAME, RECORDS, SETTINGS, NewerVersion, Running, SavedError, Sight
from ui.settings import Settings
from ui.stats import KEPT_TIMES, Best, Result, Stats, Tally, fastest

DAY = "2025-03-01"

TODAY = "2026-11-26"  # an import's day: records after it are refused


def stats_from_text(text: str) -> Stats:
    """The statistics stored as `text`, as the keeper reads them (storage.py decodes, then this)."""
    return saved.records_from_data(saved.decode(RECORDS, text))


def some_records() -> Stats:
    records = Stats()
    for result in (
        Result(True, 31.5, DAY, 25),
        Result(False, 3.0, DAY),
        Result(True, 22.25, "2025-03-02", 19),
    ):
        records = records.add(LEVELS["beginner"], result).stats
    return records


def test_envelope_round_trip() -> None:
    text = saved.encode(RECORDS, saved.records_to_data(some_records()))
    assert json.loads(text)["version"] == RECORDS.version
    assert stats_from_text(text) == some_records()


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("{not json", "saved statistics: not readable ('{not json')"),
        ("[1, 2, 3]", "not in this game's format"),
        ('{"version": 2}', "not in this game's format"),
        ('{"version": "2", "data": {}}', "no valid format version ('2')"),
        ('{"version": 0, "data": {}}', "no valid format version (0)"),
        ('{"version": 2, "data": {"beginner": 5}}', "statistics for beginner 5: expected an object"),
        (
            '{"version": 1, "data": {"beginner": {"won": 1}}}',
            """format 1 could not be updated, not in its shape ({'beginner': {'won': 1}})""",
        ),
        ('{"version": 1, "data": 5}', "format 1 could not be updated, not in its shape (5)"),
    ],
)
def test_unusable_statistics_say_why_in_one_line(text: str, says: str) -> None:
    with pytest.raises(SavedError) as error:
        stats_from_text(text)
    assert says in str(error.value)
    assert "\n" not in str(error.value)


def test_a_newer_version_is_recognised() -> None:
    with pytest.raises(NewerVersion, match="newer version of the game"):
        stats_from_text(json.dumps({"version": RECORDS.version + 1, "data": {}}))


def test_statistics_v1_are_migrated_to_v2() -> None:
    # Version 1 (the first draft): per level, counts and bare best times in the order they were set.
    v1 = json.dumps(
        {
            "version": 1,
            "data": {
                "beginner": {"played": 12, "won": 5, "times": [48.2, 31.04, 39.9]},
                "custom 20x12/50": {"played": 2, "won": 0, "times": []},
                "expert": {"played": 1, "won": 0},
            },
        }
    )
    records = stats_from_text(v1)
    beginner = records.tally("beginner")
    assert (beginner.played, beginner.won, beginner.streak, beginner.best_streak) == (12, 5, 0, 0)
    assert beginner.best == (Best(31.04, "", None), Best(39.9, "", None), Best(48.2, "", None))
    assert records.tally("custom 20x12/50").played == 2
    assert records.tally("expert").played == 1
    # Once migrated, the records are written back in today's shape and read again unchanged.
    assert stats_from_text(saved.encode(RECORDS, saved.records_to_data(records))) == records


def test_every_older_version_of_every_kind_has_a_migration_step() -> None:
    for kind in saved.KINDS:
        for old in range(1, kind.version):
            assert (kind.key, old) in saved.MIGRATIONS, f"{kind.key}: no step from version {old}"


def test_statistics_v2_load_unchanged_in_meaning_as_plain_games() -> None:
    # Version 2 counted every game by its size alone, no-guess and hinted ones with the rest: they stay
    # there, as plain games with no hinted win known, and no no-guess category appears.
    v2 = {
        "beginner": {
            "played": 4,
            "won": 3,
            "streak": 2,
            "best_streak": 2,
            "best": [{"seconds": 12.5, "date": DAY, "bbbv": 20}, {"seconds": 30.0, "date": "", "bbbv": None}],
        },
        "custom 20x12/50": {"played": 2, "won": 0, "streak": 0, "best_streak": 0, "best": []},
    }
    records = stats_from_text(json.dumps({"version": 2, "data": v2}))
    assert records.categories() == ["beginner", "custom 20x12/50"]
    beginner = records.tally("beginner")
    assert (beginner.played, beginner.won, beginner.streak, beginner.best_streak, beginner.hinted) == (
        4,
        3,
        2,
        2,
        0,
    )
    assert beginner.best == (Best(12.5, DAY, 20), Best(30.0, "", None))
    assert records.tally("custom 20x12/50") == Tally(played=2)
    # Written back in today's shape, which only adds the hinted and given boards' counts.
    counts = {"hinted": 0, "given_played": 0, "given_won": 0}
    assert records.to_data() == {name: {**tally, **counts} for name, tally in v2.items()}
    assert stats_from_text(saved.encode(RECORDS, saved.records_to_data(records))) == records


def test_statistics_v3_load_unchanged_with_no_win_on_a_given_board_known() -> None:
    # Version 3 ranked wins on given boards with the rest: those best times stay, and no given win is known.
    v3 = {
        "beginner": {
            "played": 5,
            "won": 4,
            "streak": 1,
            "best_streak": 3,
            "hinted": 1,
            "best": [{"seconds": 12.5, "date": DAY, "bbbv": 20}],
        },
    }
    records = stats_from_text(json.dumps({"version": 3, "data": v3}))
    beginner = records.tally("beginner")
    assert (beginner.won, beginner.hinted, beginner.given_won, beginner.best) == (
        4,
        1,
        0,
        (Best(12.5, DAY, 20),),
    )
    assert records.to_data() == {"beginner": {**v3["beginner"], "given_played": 0, "given_won": 0}}
    assert json.loads(saved.encode(RECORDS, saved.records_to_data(records)))["version"] == 6


# -- settings --------------------------------------------------------------------------------------


def test_settings_round_trip() -> None:
    settings = Settings(
        level="custom", width=9, height=9, mines=20, theme="dark", first_click=FirstClick.SAFE
    )
    text = saved.encode(SETTINGS, settings.to_record())
    assert saved.settings_from_data(Settings(), saved.decode(SETTINGS, text)) == (settings, [])


def test_invalid_settings_fall_back_field_by_field() -> None:
    data = {"theme": "neon", "zoom": 2.0, "vibration": "yes", "long_press_ms": 5, "from_the_future": 1}
    settings, invalid = saved.settings_from_data(Settings(), data)
    assert settings == Settings(zoom=2.0)
    assert invalid == ["long_press_ms", "theme", "vibration"]
    assert saved.settings_from_data(Settings(), "dark") == (Settings(), ["all"])


def test_a_small_custom_size_loads_whatever_the_order_of_its_fields() -> None:
    # Checked alone against the default 99 mines, a height of 9 is too small; with mines 20 it fits.
    data = {"level": "custom", "height": 9, "width": 9, "mines": 20}
    settings, invalid = saved.settings_from_data(Settings(), data)
    assert (settings.size.width, settings.size.height, settings.size.mines, invalid) == (9, 9, 20, [])


def test_describe_settings() -> None:
    assert saved.describe_settings(Settings(), Settings(theme="dark", zoom=1.5)) == [
        "theme: same as this device → dark",
        "zoom: 1 → 1.5",
    ]


# -- the game in progress and consent --------------------------------------------------------------


def test_running_game_round_trip_and_bad_shapes() -> None:
    running = Running({"size": "9x9/10", "log": "r40"}, 12.3456)
    text = saved.encode(GAME, running.to_data())
    assert Running.from_data(saved.decode(GAME, text)) == Running(running.record, 12.346)
    with pytest.raises(SavedError, match="no valid time"):
        Running.from_data({"game": {}, "elapsed": -1})
    with pytest.raises(SavedError, match="no valid time"):
        Running.from_data({"game": {}, "elapsed": True})
    with pytest.raises(SavedError, match="not valid"):
        Running.from_data({"game": "r40"})


def test_a_running_game_keeps_its_hints_and_older_records_have_none() -> None:
    running = Running({"log": "r40"}, 3.0, Help(hints=4))
    assert Running.from_data(saved.decode(GAME, saved.encode(GAME, running.to_data()))) == running
    assert Running.from_data({"game": {}, "elapsed": 1}).help.hints == 0
    for damaged in (-1, True, "4", 2.5):
        assert Running.from_data({"game": {}, "elapsed": 1, "hints": damaged}).help.hints == 0


def test_a_running_game_keeps_how_it_was_looked_at() -> None:
    running = Running({"log": "r40"}, 3.0, Help(1), Sight((0.25, 0.75), odds=True, hint=17))
    assert Running.from_data(saved.decode(GAME, saved.encode(GAME, running.to_data()))) == running


def test_a_game_saved_with_its_clock_counting_goes_on_from_that_save() -> None:
    running = Running({"log": "r40"}, 3.0, ticking=1_000_000)  # saved at its last move, the clock counting
    assert Running.from_data(saved.decode(GAME, saved.encode(GAME, running.to_data()))) == running
    assert running.elapsed_at(1_004_500) == 7.5  # another tab opened on it 4.5 s later: the think counts
    assert running.elapsed_at(999_000) == 3.0  # a clock set back takes nothing off
    stood = Running({"log": "r40"}, 3.0)  # saved hidden, or by an older version: the time saved
    assert "ticking" not in stood.to_data() and stood.elapsed_at(1_004_500) == 3.0
    for damaged in (-1, True, "1000", None):
        assert Running.from_data({"game": {}, "elapsed": 1, "ticking": damaged}).ticking is None


def test_a_running_game_the_solver_moved_in_stays_the_solvers() -> None:
    running = Running({"log": "r40"}, 3.0, Help(solved=True))
    assert Running.from_data(saved.decode(GAME, saved.encode(GAME, running.to_data()))) == running
    assert "solved" not in Running({"log": "r40"}, 3.0).to_data()  # the player's game, as before Solve
    damaged = Running.from_data({**running.to_data(), "solved": "yes"})
    assert damaged.help.solved is False  # the player's


def test_a_version_1_game_resumes_as_it_was_with_the_board_at_its_start_and_no_odds_or_hint() -> None:
    old = json.dumps({"version": 1, "data": {"game": {"log": "r40"}, "elapsed": 2.5, "hints": 1}})
    assert Running.from_data(saved.decode(GAME, old)) == Running({"log": "r40"}, 2.5, Help(1), Sight())


def test_a_seed_links_game_stays_given_through_a_reload_and_older_ones_resume_as_they_were() -> None:
    running = Running({"log": "r40"}, 3.0, seed_link=True)
    assert Running.from_data(saved.decode(GAME, saved.encode(GAME, running.to_data()))) == running
    assert "seed_link" not in Running({"log": "r40"}, 3.0).to_data()
    v2 = json.dumps(
        {"version": 2, "data": {"game": {"log": "r40"}, "elapsed": 2.5, "sight": Sight().to_data()}}
    )
    assert Running.from_data(saved.decode(GAME, v2)) == Running(
        {"log": "r40"}, 2.5
    )  # a random board, as then


@pytest.mark.parametrize(
    "damaged",
    [
        None,
        "odds",
        {"centre": [0.5], "odds": "yes", "hint": -1},
        {"centre": [2, 0.5], "odds": 1, "hint": 1.5},
        {"centre": [True, 0.5], "hint": "3"},
        {"centre": "0.5,0.5"},
    ],
)
def test_a_damaged_sight_is_left_out_and_the_game_resumes(damaged: object) -> None:
    data = {"game": {"log": "r40"}, "elapsed": 2.5, "sight": damaged}
    assert Running.from_data(data) == Running({"log": "r40"}, 2.5)


def test_a_sight_keeps_each_good_part_of_a_damaged_one() -> None:
    assert Sight.from_data({"centre": [0, 1], "odds": True, "hint": "x"}) == Sight((0.0, 1.0), True, None)


def test_only_a_yes_counts_as_consent() -> None:
    assert saved.has_consent(saved.consent_data(DAY))
    with pytest.raises(SavedError, match="consent"):
        saved.has_consent({"answer": "maybe"})


# -- export and import -----------------------------------------------------------------------------


def test_export_then_import_into_an_empty_page_round_trips() -> None:
    settings = Settings(theme="classic", question_marks=True)
    text = saved.export_text(settings, some_records(), DAY)
    plan = saved.plan_import(text, Settings(), Stats(), TODAY)
    assert (plan.settings, plan.stats, plan.invalid_settings) == (settings, some_records(), [])
    assert plan.changes == [
        "Beginner: new, played 3, won 2",
        "question marks: off → on",
        "theme: same as this device → classic",
    ]


def test_importing_what_is_already_here_changes_nothing() -> None:
    text = saved.export_text(Settings(), some_records(), DAY)
    plan = saved.plan_import(text, Settings(), some_records(), TODAY)
    assert (plan.settings, plan.stats, plan.changes) == (Settings(), some_records(), [])


def test_import_merges_statistics_and_applies_valid_settings_over_the_current_ones() -> None:
    here = Stats().add(LEVELS["beginner"], Result(True, 10.0, DAY, 30)).stats
    file = {
        "app": "minesweeper",
        "settings": {"version": 1, "data": {"zoom": 9, "vibration": False}},
        "records": {"version": 2, "data": some_records().to_data()},
    }
    plan = saved.plan_import(json.dumps(file), Settings(theme="dark"), here, TODAY)
    assert plan.settings == Settings(theme="dark", vibration=False)
    assert plan.invalid_settings == ["zoom"]
    assert [b.seconds for b in plan.stats.tally("beginner").best] == [10.0, 22.25, 31.5]
    assert plan.changes == ["Beginner: played 1 → 3, won 1 → 3, and 2 new best times", "vibration: on → off"]


def test_an_exported_v1_statistics_file_imports() -> None:
    file = {
        "app": "minesweeper",
        "records": {"version": 1, "data": {"expert": {"played": 3, "won": 1, "times": [200]}}},
    }
    plan = saved.plan_import(json.dumps(file), Settings(), Stats(), TODAY)
    assert plan.stats.tally("expert").best == (Best(200, "", None),)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("PK\x03\x04", "not JSON"),
        ('{"app": "tetris"}', "not a Minesweeper export"),
        ('{"app": "minesweeper", "records": {"version": 9, "data": {}}}', "newer version"),
        ('{"app": "minesweeper", "records": {"version": 2, "data": {"beginner": []}}}', "beginner"),
    ],
)
def test_files_that_cannot_be_imported_say_why(text: str, says: str) -> None:
    with pytest.raises(SavedError, match=says):
        saved.plan_import(text, Settings(), Stats(), TODAY)


def test_the_games_of_a_visit_go_through_their_data_unchanged() -> None:
    visit = [
        (LEVELS["beginner"], Result(True, 12.5, "2025-03-01", 18, no_guess=True, hints=2, given=False), None),
        (Size(20, 12, 50), Result(False, 3.0, "2025-03-02"), finished_entry()),
    ]
    data = json.loads(json.dumps(saved.visit_to_data(visit)))
    assert saved.visit_from_data(data) == visit


@pytest.mark.parametrize(
    ("data", "says"),
    [
        ({"size": [9, 9, 10]}, "expected a list"),
        ([{"won": True}], "expected an object with a size"),
        ([{"size": [9, 9, 100], "won": True, "seconds": 1}], "mines 100: a 9x9 board takes 0 to 80 mines"),
        ([{"size": [9, 9, 10], "won": "yes", "seconds": 1}], "true or false"),
        ([{"size": [9, 9, 10], "won": True, "seconds": -1}], "seconds must be a number from 0"),
    ],
)
def test_damaged_games_of_a_visit_are_refused(data: object, says: str) -> None:
    with pytest.raises(SavedError, match=says):
        saved.visit_from_data(data)


def test_a_running_game_keeps_whether_the_odds_showed_and_older_records_had_none() -> None:
    assert Running.from_data(Running({"log": "r40"}, 3.0, Help(odds=True)).to_data()).help.odds is True
    assert Running.from_data({"game": {}, "elapsed": 1}).help.odds is False
    assert Running.from_data({"game": {}, "elapsed": 1, "odds": "yes"}).help.odds is False


def finished_entry(ended: str = "2025-03-02T10:00:00") -> Entry:
    game = Game.from_board(from_art("..1*1\n..111\n....."))
    game.apply(Reveal(0))
    game.apply(Reveal(4))
    return entry_of(game, 4.25, "custom 5x3/1", ended, zini=2)


def test_statistics_v4_are_migrated_to_v5_with_an_empty_history() -> None:
    v4 = {
        "beginner": {
            "played": 3,
            "won": 1,
            "streak": 0,
            "best_streak": 1,
            "best": [],
            "hinted": 1,
            "given": 0,
        }
    }
    records = stats_from_text(json.dumps({"version": 4, "data": v4}))
    v6 = {"beginner": {**v4["beginner"], "given_played": 0, "given_won": 0}}
    del v6["beginner"]["given"]
    assert records.to_data() == v6 and records.history == History()
    with pytest.raises(SavedError, match="format 4 could not be updated"):
        saved.decode(RECORDS, json.dumps({"version": 4, "data": [1]}))


def test_the_history_is_stored_with_the_statistics_and_read_back_unchanged() -> None:
    records = some_records().recorded(finished_entry())
    assert stats_from_text(saved.encode(RECORDS, saved.records_to_data(records))) == records


def test_a_history_entry_with_a_category_that_is_not_one_is_refused() -> None:
    data = saved.records_to_data(Stats().recorded(replace(finished_entry(), category="huge")))
    with pytest.raises(SavedError, match="saved statistics: statistics category 'huge'"):
        saved.records_from_data(data)


def test_importing_a_history_twice_changes_nothing_and_says_what_it_adds() -> None:
    theirs = Stats().recorded(finished_entry()).recorded(finished_entry("2025-03-03T08:00:00"))
    text = saved.export_text(Settings(), theirs, "2025-03-04")
    once = saved.plan_import(text, Settings(), Stats(), TODAY)
    assert once.changes == ["game history: 2 games added"]
    twice = saved.plan_import(text, Settings(), once.stats, TODAY)
    assert twice.changes == [] and twice.stats == once.stats


# -- statistics format 6: the games on given boards apart ---------------------------------------------


def test_statistics_v5_count_their_given_wins_apart() -> None:
    # Version 5: 10 played, 7 won, 3 of them on given boards (one of those with a hint too), 2 best times.
    v5 = {
        "beginner": {
            "played": 10,
            "won": 7,
            "streak": 4,
            "best_streak": 6,
            "best": [{"seconds": 12.5, "date": DAY, "bbbv": 20}, {"seconds": 14.0, "date": DAY, "bbbv": 22}],
            "hinted": 2,
            "given": 3,
        },
        "expert": {"played": 3, "won": 3, "streak": 3, "best_streak": 3, "best": [], "hinted": 3, "given": 3},
    }
    records = stats_from_text(json.dumps({"version": 5, "data": {"tallies": v5, "history": []}}))
    beginner, expert = records.tally("beginner"), records.tally("expert")
    assert beginner == Tally(7, 4, 4, 4, beginner.best, 2, 3, 3)  # the best streak no longer than the wins
    assert [b.seconds for b in beginner.best] == [12.5, 14.0]
    # Every win given, each with help: nothing left to count but apart; a streak of given wins is gone.
    assert expert == Tally(0, 0, 0, 0, (), 0, 3, 3)
    assert json.loads(saved.encode(RECORDS, saved.records_to_data(records)))["version"] == 6
    with pytest.raises(SavedError, match="format 5 could not be updated"):
        saved.decode(RECORDS, json.dumps({"version": 5, "data": {"tallies": [1], "history": []}}))
    with pytest.raises(SavedError, match="played True"):  # a bad count is quoted by the reader, as before
        stats_from_text(
            json.dumps(
                {
                    "version": 5,
                    "data": {"tallies": {"beginner": {**v5["beginner"], "played": True}}, "history": []},
                }
            )
        )


def v5_add(tally: dict[str, Any], result: Result) -> dict[str, Any]:
    """Version 5's rule, as the page counted until format 6: a given board's game with the rest, its win in
    `given`, a win both helped and given counted under both."""
    if not result.won:
        return {**tally, "played": tally["played"] + 1, "streak": 0}
    streak = tally["streak"] + 1
    ranked = not result.is_helped and not result.given
    best = [{"seconds": result.seconds, "date": result.date, "bbbv": result.bbbv}] if ranked else []
    return {
        "played": tally["played"] + 1,
        "won": tally["won"] + 1,
        "streak": streak,
        "best_streak": max(streak, tally["best_streak"]),
        "best": sorted([*tally["best"], *best], key=lambda b: b["seconds"])[:5],
        "hinted": tally["hinted"] + result.is_helped,
        "given": tally["given"] + result.given,
    }


V5_EMPTY = {"played": 0, "won": 0, "streak": 0, "best_streak": 0, "best": [], "hinted": 0, "given": 0}
games = st.lists(
    st.builds(
        Result,
        won=st.booleans(),
        seconds=st.integers(1, 999).map(float),
        date=st.just(DAY),
        bbbv=st.integers(1, 99),
        hints=st.sampled_from([0, 0, 1]),
        given=st.booleans(),
        odds=st.booleans(),
    ),
    max_size=25,
)


@given(games)
def test_a_v5_tally_migrated_keeps_what_can_be_kept(results: list[Result]) -> None:
    old = V5_EMPTY
    for result in results:
        old = v5_add(old, result)
    records = stats_from_text(
        json.dumps({"version": 5, "data": {"tallies": {"beginner": old}, "history": []}})
    )
    migrated, new = records.tally("beginner"), Stats()
    for result in results:
        new = new.add(LEVELS["beginner"], result).stats
    now = new.tally("beginner")  # had the games been counted by today's rule
    # Wins are exactly today's: the given wins come out of both, and count apart.
    assert (migrated.won, migrated.given_won) == (now.won, now.given_won)
    # The best times are today's rule over the ones version 5 kept: its five fastest, with repeats, so five
    # wins in the same time and 3BV left no room for a sixth that today's rule, keeping each time once,
    # would list. With no more than five ranked wins, version 5 dropped none: exactly today's.
    assert migrated.best == fastest(Best(b["seconds"], b["date"], b["bbbv"]) for b in old["best"])
    ranked = [r for r in results if r.won and not r.is_helped and not r.given]
    if len(ranked) <= KEPT_TIMES:
        assert migrated.best == now.best
    assert migrated.played + migrated.given_played == old["played"]
    # The given losses cannot be told apart: they stay played, and nothing else is counted apart.
    given_lost = sum(r.given and not r.won for r in results)
    assert migrated.played == now.played + given_lost and migrated.given_played == now.given_won
    # Streaks and helped wins are kept, none past the wins left (a win could be both helped and given).
    assert migrated.best_streak == min(old["best_streak"], now.won)
    assert migrated.streak == min(old["streak"], migrated.best_streak)
    assert now.hinted <= migrated.hinted <= old["hinted"]
    assert stats_from_text(saved.encode(RECORDS, saved.records_to_data(records))) == records


@st.composite
def v5_tallies(draw: st.DrawFn) -> dict[str, Any]:
    """Any tally version 5 could read (its reader's checks), merged ones and hand-written ones included."""
    times = draw(st.lists(st.integers(1, 999), max_size=5, unique=True))
    hinted, given_ = draw(st.integers(0, 9)), draw(st.integers(0, 9))
    won = len(times) + max(hinted, given_) + draw(st.integers(0, 9))
    best_streak = draw(st.integers(0, won))
    return {
        "played": won + draw(st.integers(0, 9)),
        "won": won,
        "streak": draw(st.integers(0, best_streak)),
        "best_streak": best_streak,
        "best": [{"seconds": float(t), "date": DAY, "bbbv": None} for t in times],
        "hinted": hinted,
        "given": given_,
    }


@given(st.dictionaries(st.sampled_from(["beginner", "expert", "custom 20x12/50"]), v5_tallies(), max_size=3))
def test_every_v5_file_imports_migrated_and_merging_it_twice_is_once(tallies: dict[str, Any]) -> None:
    file = json.dumps(
        {"app": "minesweeper", "records": {"version": 5, "data": {"tallies": tallies, "history": []}}}
    )
    plan = saved.plan_import(file, Settings(), some_records(), TODAY)
    for name, old in tallies.items():
        tally = plan.theirs.tally(name)
        assert tally.played + tally.given_played == old["played"]
        assert (tally.won, tally.given_won) == (old["won"] - old["given"], old["given"])
    again = saved.plan_import(file, Settings(), plan.stats, TODAY)
    assert again.stats == plan.stats and again.changes == []
    assert Stats.from_data(plan.stats.to_data()) == plan.stats
