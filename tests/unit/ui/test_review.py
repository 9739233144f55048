"""The review's words: one list element per judged action with its index and verdict, the key moments
marked; each verdict's sentence; the summary's figures, counts first, each with what it counts."""

from __future__ import annotations

import gettext
import io
import re
from fractions import Fraction
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from minesweeper import Action, Chord, Flag, Game, Reveal, Stamp
from minesweeper.art import from_art
from minesweeper.review import Verdict, review
from ui import i18n
from ui.review import figures, header, is_key, judgement_text, moves_html, share
from ui.sketch import Header

from .babel_formats import BabelFormats

ROOT = Path(__file__).resolve().parents[3]

# The engine's pictures (tests/unit/test_review.py): after the first click at cell 15, no cell of GUESSES
# is safe (row 0: 1/5 each; 5, 6, 8, 9: 1/2; 7 a mine); in CORNERS the 1s prove the corners mines and
# the middle cells safe.
GUESSES = from_art("123*2\n*2**2\n12221\n.....")
CORNERS = from_art("*..*\n....\n....\n....")


def place(cell: int) -> tuple[int, int]:
    return divmod(cell, 5)


def test_every_action_has_its_element_with_its_index_and_verdict() -> None:
    game = Game.from_board(CORNERS)
    for action in (Reveal(12), Flag(2), Flag(2), Flag(0), Reveal(1), Chord(1)):
        game.apply(action)
    judged = review(game).judgements
    html = moves_html(judged)
    found = re.findall(r'data-move="(\d+)" data-verdict="([a-z]+)"', html)
    assert found == [
        ("0", "first"),
        ("1", "mistake"),
        ("2", "neutral"),
        ("3", "flag"),
        ("4", "safe"),
        ("5", "safe"),
    ]
    # A given board keeps no first click safe: that click was a guess, a key moment too.
    assert [is_key(j) for j in judged] == [True, True, False, False, False, False]
    assert html.count("data-key") == 2


def headers(game: Game) -> list[Header]:
    return [header(game, judgement) for judgement in review(game).judgements]


def test_the_header_over_each_action_is_as_the_player_saw_it_then() -> None:
    # CORNERS: the first click at 12 opens all but the top row; the mines are 0 and 3.
    lost = Game.from_board(CORNERS)
    for action, ms in ((Flag(5), 0), (Flag(5), 0), (Reveal(12), 0), (Flag(0), 1500), (Reveal(3), 2600)):
        lost.apply(action, Stamp(ms))
    assert headers(lost) == [
        Header(2, "smile", 0.0, started=False),  # before the first reveal the clock reads 0
        Header(1, "smile", 0.0, started=False),  # the counter of the position shown: before the flag goes
        Header(2, "smile", 0.0, started=True),  # the first reveal starts the clock: it reads 1
        Header(2, "smile", 1.5, started=True),
        Header(1, "lost", 2.6, started=True),  # the losing click: the end's face
    ]
    won = Game.from_board(CORNERS)
    for action, ms in ((Reveal(12), 0), (Reveal(1), 900), (Reveal(2), 4321)):
        won.apply(action, Stamp(ms))
    assert [h.face for h in headers(won)] == ["smile", "smile", "won"]
    assert headers(won)[-1] == Header(2, "won", 4.321, started=True)


def test_a_game_saved_without_times_keeps_its_header_s_clock_at_0() -> None:
    game = Game.from_board(CORNERS)
    for action in (Reveal(12), Reveal(3)):
        game.apply(action)
    assert headers(game) == [Header(2, "smile"), Header(2, "lost")]


def test_each_verdict_in_a_sentence() -> None:
    def text(actions: list[Action], move: int = -1) -> str:
        game = Game.from_board(GUESSES)
        for action in actions:
            game.apply(action)
        return judgement_text(review(game).judgements[move], place)

    assert text([Reveal(15)], 0) == "The first click: 20% chance of a mine, as for any cell."
    assert text([Reveal(15), Reveal(0)]) == (
        "No cell was safe; row 1, column 1 was among the least risky: 20% chance of a mine."
    )
    assert text([Reveal(15), Reveal(6)]) == (
        "A risky guess: row 2, column 2 had 50% chance of a mine; the best guess, row 2, column 1, had 50%."
    )
    assert (
        text([Reveal(15), Reveal(7)])
        == "A mistake: row 2, column 3 was certainly a mine. This click hit a mine."
    )
    assert text([Reveal(15), Flag(7)]) == "Flagged row 2, column 3: logic proved it a mine."
    assert text([Reveal(15), Flag(0)]) == (
        "Flagged row 1, column 1, which logic had not proved: 20% chance of a mine."
    )
    assert text([Reveal(15), Flag(7), Flag(7)]) == "This action changed nothing, or took a mark off."


def test_a_guess_beside_a_safe_cell_names_the_safe_cell() -> None:
    game = Game.from_board(from_art("11....\n*3221.\n*4**1.\n13*31."))
    game.apply(Reveal(2))
    game.apply(Reveal(18))
    judged = review(game).judgements[1]
    assert judged.verdict is Verdict.MISTAKE
    assert judgement_text(judged, lambda c: divmod(c, 6)) == (
        "A mistake: row 4, column 1 had 33% chance of a mine while row 3, column 2 was safe."
    )


def catalogue(name: str) -> gettext.GNUTranslations:
    """The committed catalogue po/<name>.po, as the page's .mo would give it."""
    with (ROOT / "po" / f"{name}.po").open("rb") as file:
        catalog = read_po(file)
    out = io.BytesIO()
    write_mo(out, catalog)
    out.seek(0)
    return gettext.GNUTranslations(out)


@pytest.mark.parametrize(
    ("tag", "said"),
    [
        # Arabic: a cell is الخانة, the chance apart from the column's number (it read "العمود 1 33%").
        (
            "ar",
            "خطأ: كان احتمال اللغم 33% في الخانة عند الصف 4، العمود 1، بينما كانت الخانة عند"
            " الصف 3، العمود 2 آمنة.",
        ),
        (
            "es",
            "Un error: la casilla de la fila 4, columna 1 tenía 33\u00a0% de probabilidad de mina, mientras"
            " que la casilla de la fila 3, columna 2 era segura.",
        ),
    ],
)
def test_a_mistake_beside_a_safe_cell_reads_whole_in_arabic_and_spanish(tag: str, said: str) -> None:
    game = Game.from_board(from_art("11....\n*3221.\n*4**1.\n13*31."))
    game.apply(Reveal(2))
    game.apply(Reveal(18))
    judged = review(game).judgements[1]
    i18n.install(tag, catalogue(tag), BabelFormats(tag))
    try:
        assert judgement_text(judged, lambda c: divmod(c, 6)) == said
    finally:
        i18n.install(i18n.SOURCE)


def test_the_summary_shows_the_counts_then_luck_then_accuracy() -> None:
    game = Game.from_board(GUESSES)
    for action in (Reveal(15), Reveal(6)):
        game.apply(action)
    assert [(figure.name, figure.value) for figure in figures(review(game).summary)] == [
        ("Risks taken", "2"),
        ("Risky guesses", "1"),
        ("Mistakes", "0"),
        ("Luck", "40% (best play: 64%)"),
        ("Accuracy", "62.5%"),  # the risky guess, the one decision
    ]


def test_each_figure_says_what_it_counts_and_accuracy_that_safe_clicks_are_left_out() -> None:
    # Accuracy 0% beside a long run of safe clicks read as a fault: its explanation says what it judges.
    game = Game.from_board(GUESSES)
    game.apply(Reveal(15))
    about = {figure.name: figure.about for figure in figures(review(game).summary)}
    assert list(about) == ["Risks taken", "Risky guesses", "Mistakes", "Luck", "Accuracy"]
    assert all(text.endswith(".") and text[0].isupper() for text in about.values())
    assert len(set(about.values())) == 5
    assert "mistakes included" in about["Risks taken"]
    assert "least risky cell" in about["Risky guesses"]
    assert "not the clicks logic proved safe" in about["Accuracy"]


def test_shares_read_small_and_never_round_to_a_certainty() -> None:
    assert [share(Fraction(n, d)) for n, d in ((0, 1), (1, 1), (1, 2), (1, 20), (1, 3000), (2999, 3000))] == [
        "0%",
        "100%",
        "50%",
        "5.0%",
        "<0.1%",
        ">99.9%",
    ]
