"""The statistics panel's HTML: what a player reads for each category."""

from __future__ import annotations

import re

from minesweeper import LEVELS, Size
from ui.history import Order
from ui.stats import Result, Stats, Tally
from ui.statsview import caption, erased, stats_html


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def test_no_games_yet() -> None:
    assert "No finished games yet" in stats_html(Stats())


def test_a_card_per_played_category_with_figures_and_best_times() -> None:
    records = Stats()
    for size, result in (
        (LEVELS["expert"], Result(False, 50, "2025-03-01")),
        (Size(20, 12, 1), Result(True, 8.5, "2025-03-02", 17)),
        (LEVELS["beginner"], Result(True, 12.345, "2025-03-01", 25)),
        (LEVELS["beginner"], Result(False, 3, "2025-03-01")),
    ):
        records = records.add(size, result).stats
    html = stats_html(records)
    assert re.findall(r'data-category="([^"]+)"', html) == ["beginner", "expert", "custom 20x12/1"]
    beginner = text(html.split("</section>")[0])
    assert beginner == (
        "Beginner Played 2 Won 1 Win rate 50% Streak 0 Best streak 1 "
        "Best times # Time Date 3BV 3BV/s 1 12.35 s Mar 1, 2025 25 2.03"
    )
    assert "No win yet" in html.split("</section>")[1]
    assert "Custom 20\N{MULTIPLICATION SIGN}12, 1 mine" in html


def test_captions() -> None:
    assert caption("intermediate") == "Intermediate"
    assert caption("custom 30x20/120") == "Custom 30\N{MULTIPLICATION SIGN}20, 120 mines"
    assert caption("expert, no guess") == "Expert, no guess"
    assert caption("custom 30x20/1, no guess") == "Custom 30\N{MULTIPLICATION SIGN}20, 1 mine, no guess"


def test_no_guess_cards_follow_their_size_and_hinted_wins_have_no_best_time() -> None:
    records = Stats()
    for size, result in (
        (LEVELS["beginner"], Result(True, 20, "2025-03-01", 25, no_guess=True, hints=4)),
        (LEVELS["beginner"], Result(True, 40, "2025-03-01", 25)),
        (LEVELS["expert"], Result(True, 90, "2025-03-02", 120, no_guess=True)),
    ):
        records = records.add(size, result).stats
    cards = stats_html(records).split("</section>")[:-1]
    names = [re.search(r'data-category="([^"]+)"', card).group(1) for card in cards]  # type: ignore[union-attr]
    assert names == ["beginner", "beginner, no guess", "expert, no guess"]
    assert text(cards[1]) == (
        "Beginner, no guess Played 1 Won 1 With help 1 Win rate 100% Streak 1 Best streak 1 "
        "No best time yet: wins with help (hints or odds) do not enter best times."
    )
    assert "With help" not in cards[0] and "90.00 s" in cards[2]


def test_games_on_given_boards_show_apart_and_have_no_best_time() -> None:
    given = Result(True, 20, "2025-03-01", 25, given=True)
    lost = Result(False, 9, "2025-03-01", given=True)
    records = Stats()
    for result in (given, lost, given):
        records = records.add(LEVELS["beginner"], result).stats
    assert text(stats_html(records)) == (  # a card of given boards alone: shown, nothing counted
        "Beginner Played 0 Won 0 Win rate – Streak 0 Best streak 0 "
        "On given boards, counted apart Played 3 Won 2 "
        "No best time yet: wins on given boards do not enter best times."
    )
    hinted = Result(True, 30, "2025-03-01", 25, hints=1)
    both = records.add(LEVELS["beginner"], hinted).stats
    assert text(stats_html(both)).startswith(
        "Beginner Played 1 Won 1 With help 1 Win rate 100% Streak 1 Best streak 1 "
        "On given boards, counted apart Played 3 Won 2 "
    )
    assert text(stats_html(both)).endswith(
        "wins with help (hints or odds) or on given boards do not enter best times."
    )
    assert "given boards" not in text(stats_html(Stats().add(LEVELS["beginner"], hinted).stats))


def test_a_reset_names_the_games_on_given_boards_too() -> None:
    assert erased("Beginner", Tally(9, 4)) == "Beginner: played 9, won 4"
    assert erased("Beginner", Tally(1, 1, given_played=2, given_won=1)) == (
        "Beginner: played 1, won 1; on given boards, played 2, won 1"
    )


def history_records() -> Stats:
    from ui.history import Entry, Outcome

    def game(ended: str, outcome: Outcome, seconds: float, **more: object) -> Entry:
        figures: dict[str, object] = {"bbbv": 10, "solved": 10, "clicks": 12, "useful": 10, "zini": 7, **more}
        return Entry(f"2025-03-0{ended}", "custom 20x12/1", outcome, seconds, **figures)  # type: ignore[arg-type]

    records = Stats().add(Size(20, 12, 1), Result(True, 8.5, "2025-03-02", 10)).stats
    for entry in (
        game("1T10:00:00", Outcome.WON, 20.0, record={"log": "r0"}),
        game("2T10:00:00", Outcome.LOST, 5.0, solved=4),
        game("3T10:00:00", Outcome.ABANDONED, 3.0, solved=2, record={"log": "r0"}),
        game("4T10:00:00", Outcome.WON, 10.0, hints=2, odds=True),
    ):
        records = records.recorded(entry)
    return records


def plain(html: str) -> str:
    """The text, with ASCII for the multiplication sign and the dash of a figure not known."""
    return text(html).replace("\N{MULTIPLICATION SIGN}", "x").replace("\N{EN DASH}", "-")


def test_the_history_lists_the_games_latest_first_with_their_figures() -> None:
    html = stats_html(history_records())
    rows = re.findall(r"<tr data-outcome=.*?</tr>", html)
    assert [plain(row) for row in rows] == [
        "Mar 4, 2025 10:00 Custom 20x12/1 Won 10.00 s 10 1.00 12 100% 7 Odds and 2 hints",
        "Mar 3, 2025 10:00 Custom 20x12/1 Left 3.00 s 2/10 0.67 12 20% 7 -",
        "Mar 2, 2025 10:00 Custom 20x12/1 Lost 5.00 s 4/10 0.80 12 40% 7 -",
        "Mar 1, 2025 10:00 Custom 20x12/1 Won 20.00 s 10 0.50 12 100% 7 - Replay Review",
    ]
    assert 'data-history-replay="0"' in rows[3] and "data-history-replay" not in "".join(rows[:3])
    assert 'data-history-review="0"' in rows[3] and "data-history-review" not in "".join(rows[:3])
    assert 'aria-label="Review the game of Mar 1, 2025 10:00"' in rows[3]
    assert 'data-history-order="latest" aria-pressed="true"' in html
    assert "The history holds the last 1,000 games, with the replays of the last 100" in text(html)
    assert "Custom 20x12, 1 mine 4 2 15.00 s 0.75 100%" in plain(html)  # the averages: both wins


def test_no_averages_table_when_every_kept_game_was_on_a_given_board() -> None:
    """A player's review: one game lost on a seed link, and the averages showed their headings over no
    row (a given board's game counts apart, so it is not averaged). The table goes; the history stays."""
    from ui.history import Entry, Outcome

    lost = Entry("2025-03-01T10:00:00", "beginner", Outcome.LOST, 5.0, 10, 4, 6, 4, given=True)
    records = Stats().add(LEVELS["beginner"], Result(False, 5.0, "2025-03-01", given=True)).stats
    html = stats_html(records.recorded(lost))
    assert "history-averages" not in html and "Averages of the kept games" not in html
    assert len(re.findall(r"<tr data-outcome=", html)) == 1  # the game itself, in the history


def test_the_best_orders_list_the_wins_without_help() -> None:
    html = stats_html(history_records(), Order.TIME)
    assert 'data-history-order="time" aria-pressed="true"' in html
    assert [text(row)[:17] for row in re.findall(r"<tr data-outcome=.*?</tr>", html)] == ["Mar 1, 2025 10:00"]
    assert "<caption>Fastest wins</caption>" in html


def test_no_history_no_section() -> None:
    records = Stats().add(Size(20, 12, 1), Result(True, 8.5, "2025-03-02", 10)).stats
    assert "history" not in stats_html(records)


def test_the_help_column_begins_with_a_capital_in_every_language() -> None:
    """A German review: "vorgegebenes Spielfeld" stood in lower case alone in its cell."""
    from ui import i18n
    from ui.history import Entry, Outcome
    from ui.statsview import help_used

    from .babel_formats import BabelFormats
    from .test_review import catalogue

    def game(**help: object) -> Entry:
        figures: dict[str, object] = {"bbbv": 10, "solved": 10, "clicks": 12, "useful": 10, **help}
        return Entry("2025-03-01T10:00:00", "beginner", Outcome.WON, 5.0, **figures)  # type: ignore[arg-type]

    given = game(given=True)
    assert help_used(given) == "Given board"
    assert help_used(game(hints=2, given=True)) == "2 hints and given board"
    i18n.install("de", catalogue("de"), BabelFormats("de"))
    try:
        assert help_used(given) == "Vorgegebenes Spielfeld"
    finally:
        i18n.install(i18n.SOURCE)
