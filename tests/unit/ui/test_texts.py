"""The view's pure parts: LED digits, cell labels and the one-string board (the DOM writes are tested in
the browser)."""

from __future__ import annotations

import re
from unittest.mock import patch

import pytest

from minesweeper import FirstClick, Flag, Game, Look, Reveal, Rules, Size, State
from minesweeper.art import from_art
from ui.layout import Layout
from ui.play import Help, Play
from ui.stats import Best
from ui.statsview import seconds
from ui.texts import board_html, first_click_note, grid_words, label, led, win_figures, words


@pytest.mark.parametrize(
    ("number", "digits"),
    [
        (0, "000"),
        (10, "010"),
        (99, "099"),
        (999, "999"),
        (1000, "1000"),
        (-3, "-03"),
        (-99, "-99"),
        (-100, "-100"),
    ],
)
def test_led(number: int, digits: str) -> None:
    assert led(number) == digits


@pytest.mark.parametrize(
    ("look", "words"),
    [
        (Look.COVERED, "covered"),
        (Look.FLAG, "flag"),
        (Look.QUESTION, "question mark"),
        (Look.N0, "no mines around"),
        (Look.N1, "1 mine around"),
        (Look.N2, "2 mines around"),
        (Look.N8, "8 mines around"),
        (Look.MINE, "mine"),
        (Look.BOOM, "exploded mine"),
        (Look.WRONG_FLAG, "wrong flag, no mine"),
    ],
)
def test_labels_count_from_one(look: Look, words: str) -> None:
    assert label(2, 4, look) == f"row 3, column 5: {words}"


@pytest.mark.parametrize("look", list(Look))
def test_a_grid_s_labels_say_what_label_says(look: Look) -> None:
    """The view names the cells of the grid it builds with the grid's words, made once per grid."""
    named = grid_words(16, 30).label
    assert named(15, 29, look) == label(15, 29, look)
    assert named(0, 0, look) == label(0, 0, look)


def named_by_pieces(
    pieces: list[str], numbers: list[str], said: dict[str, str], row: int, col: int, look: Look
) -> str:
    """What js/cells.js makes of a grid's words for the cell at (row, col) showing `look`."""
    fields = {"row": numbers[row], "column": numbers[col], "look": said[look.value]}
    return pieces[0] + "".join(fields[pieces[i]] + pieces[i + 1] for i in range(1, len(pieces), 2))


@pytest.mark.parametrize(
    "template",
    ["row {row}, column {column}: {look}", "{look} ({column}/{row})", "{{{row}}} {column}: {look}"],
)
def test_a_grid_s_word_pieces_name_each_cell_as_label_does(template: str) -> None:
    # In any order a translation puts the fields, with text before, after or none (escaped braces too).
    with patch("ui.texts._", lambda text: template if text == "row {row}, column {column}: {look}" else text):
        words = grid_words(16, 30)
        pieces, numbers, said = words.pieces, words.numbers, {look.value: s for look, s in words.said.items()}
        for look in Look:
            for row, col in ((0, 0), (15, 29), (3, 11)):
                assert named_by_pieces(pieces, numbers, said, row, col, look) == label(row, col, look)


def test_board_html_has_every_cell_once_with_its_look() -> None:
    game = Game.new(Size(5, 4, 3), seed=1)
    game.apply(Reveal(0))
    html = board_html(game, Layout(5, 4), focus=7, satisfied={3}, label=grid_words(4, 5).label)
    assert html.count('role="row"') == 4
    cells = re.findall(r'data-row="(\d+)" data-col="(\d+)" data-cell="([^"]+)"', html)
    assert [(int(r), int(c)) for r, c, _ in cells] == [(r, c) for r in range(4) for c in range(5)]
    assert [look for _, _, look in cells] == [look.value for look in game.looks]
    assert html.count('tabindex="0"') == 1  # a roving tabindex: the focus cell (7 = row 1, column 2) only
    assert re.search(r'data-row="1" data-col="2" data-cell="[^"]+" tabindex="0"', html)
    marked = re.findall(r'data-row="(\d+)" data-col="(\d+)" data-cell="[^"]+" data-satisfied', html)
    assert marked == [("0", "3")]


def test_win_figures_work_out_the_rate_from_the_time_as_the_statistics_keep_it() -> None:
    game = Game.from_board(from_art("*..\n...\n..."))
    game.apply(Reveal(8))  # a win at the first click: 3BV 1
    first_click = win_figures(Play(game), 0.0004)
    assert first_click["time"] == "0.00 s" and first_click["bv_per_second"] == "n/a"  # not 2500.00
    assert win_figures(Play(game, help=Help(hints=1)), 2.004) == {
        "time": "2.00 s",
        "bv": "1",
        "bv_per_second": "0.50",
        "clicks": "1 (1 useful)",
        "efficiency": "100%",
        "zini": "1",
        "hints": "1",
        "odds": "Not shown",
    }
    assert win_figures(Play(game, help=Help(odds=True)), 2.004)["odds"] == "Shown"
    # 1.114 s is shown as 1.11 s; the rate is 17 / 1.114, as in Statistics, not 17 / 1.11 (15.32).
    game = Game.from_board(from_art(".*" * 17))  # 17 numbers, no opening: 3BV 17
    for cell in range(0, 34, 2):
        game.apply(Reveal(cell))
    assert game.state is State.WON
    figures = win_figures(Play(game), 1.1143)
    best = Best(round(1.1143, 3), "2026-11-24", 17).bbbv_per_second
    assert figures["time"] == "1.11 s" and figures["bv_per_second"] == f"{best:.2f}" == "15.26"
    # The time reads as the statistics and the history show the millisecond they keep (3.215, whose
    # binary value is just under): 3.21, not the 3.22 that rounding 3.2150004 itself gives.
    assert win_figures(Play(game), 3.2150004)["time"] == seconds(round(3.2150004, 3)) == "3.21 s"


def test_words_say_a_size() -> None:
    assert words(Size(30, 16, 99), Layout(30, 16)) == "30 by 16, 99 mines"
    assert words(Size(30, 16, 99), Layout(30, 16, transposed=True)) == "16 by 30, 99 mines"  # as shown
    assert words(Size(3, 3, 1), Layout(3, 3)) == "3 by 3, 1 mine"


KEPT_SAFE = "Too many mines for a first click to open an area here: it was kept safe."


def first(size: Size, cell: int, rules: Rules | None = None, seed: int = 3) -> tuple[Game, Reveal]:
    game, action = Game.new(size, seed, rules or Rules()), Reveal(cell)
    game.apply(action)
    return game, action


def test_a_dense_board_s_first_click_says_it_was_only_kept_safe() -> None:
    game, action = first(Size(4, 4, 10), 5)  # 9 cells around and at 5 leave 7 for 10 mines
    assert game.state is State.PLAYING and game.looks[5].is_open and game.looks[5] is not Look.N0
    assert first_click_note(game, action) == KEPT_SAFE


@pytest.mark.parametrize(
    ("size", "cell", "rules"),
    [
        (Size(1, 1, 0), 0, Rules()),  # won at once: a 1x1 board has no area to open, and the win says it all
        (Size(3, 3, 8), 4, Rules()),  # the one safe cell: won
        (Size(4, 4, 10), 0, Rules()),  # a corner's 4 cells leave room for the mines: an area, kept free
        (Size(9, 9, 10), 40, Rules()),  # beginner: an area
        (Size(4, 4, 10), 5, Rules(first_click=FirstClick.SAFE)),  # only safe was asked
    ],
)
def test_no_note_when_the_first_click_did_what_the_rules_promise(size: Size, cell: int, rules: Rules) -> None:
    game, action = first(size, cell, rules)
    assert first_click_note(game, action) is None


def test_no_note_for_a_flag_or_a_given_board() -> None:
    game = Game.new(Size(4, 4, 10), 3, Rules())
    assert first_click_note(game, Flag(5)) is None
    given = Game.from_board(from_art("*.**\n*.**\n**.*\n*.**"))
    given.apply(Reveal(1))
    assert first_click_note(given, Reveal(1)) is None
