"""The statistics panel's HTML: what a player reads for each category."""

from __future__ import annotations

import re

from minesweeper import LEVELS, Size
from web.records import Records, Result
from web.statsview import caption, stats_html


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def test_no_games_yet() -> None:
    assert "No finished games yet" in stats_html(Records())


def test_a_card_per_played_category_with_figures_and_best_times() -> None:
    records = Records()
    for size, result in (
        (LEVELS["expert"], Result(False, 50, "2025-03-01")),
        (Size(20, 12, 1), Result(True, 8.5, "2025-03-02", 17)),
        (LEVELS["beginner"], Result(True, 12.345, "2025-03-01", 25)),
        (LEVELS["beginner"], Result(False, 3, "2025-03-01")),
    ):
        records = records.add(size, result).records
    html = stats_html(records)
    assert re.findall(r'data-category="([^"]+)"', html) == ["beginner", "expert", "custom 20x12/1"]
    beginner = text(html.split("</section>")[0])
    assert beginner == (
        "Beginner Played 2 Won 1 Win rate 50% Streak 0 Best streak 1 "
        "Best times # Time Date 3BV 3BV/s 1 12.35 s 2025-03-01 25 2.03"
    )
    assert "No win yet" in html.split("</section>")[1]
    assert "Custom 20\N{MULTIPLICATION SIGN}12, 1 mine" in html


def test_captions() -> None:
    assert caption("intermediate") == "Intermediate"
    assert caption("custom 30x20/120") == "Custom 30\N{MULTIPLICATION SIGN}20, 120 mines"
