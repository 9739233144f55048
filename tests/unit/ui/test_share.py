"""The shared result: a short text (board, result, time, 3BV/s, efficiency) and a link to the board."""

from __future__ import annotations

import gettext
import io
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from minesweeper import Game, Reveal, Rules, level
from minesweeper.art import from_art
from minesweeper.daily import Daily, daily
from ui import i18n
from ui.play import Help, Play
from ui.share import Copied, board_name, copy_link, help_used, share_link, share_text

from .babel_formats import BabelFormats

ROOT = Path(__file__).parents[3]
# The shared text's English words, but 'mine(s)', French too
ENGLISH = re.compile(
    r"\b(Minesweeper|daily|practice|won|lost|after|cleared|efficiency|Help|used|hints?|odds|shown"
    r"|solver|given|board|Custom|Beginner|and)\b"
)


def test_a_won_daily() -> None:
    made = daily("2026-11-25", "beginner")
    game = Game.from_board(made.board)
    game.apply(Reveal(made.start))
    for cell in range(81):
        if cell not in made.board.mines:
            game.apply(Reveal(cell))
    text = share_text(Play(game, daily=made), 12.3456)
    assert text.splitlines()[0] == "Minesweeper daily 2026-11-25: Beginner 9x9, 10 mines"
    assert text.splitlines()[1] == "🚩 won in 12.35 s"
    assert text.splitlines()[2].startswith("3BV/s ") and "efficiency" in text
    assert share_link(game, made) == "?daily=2026-11-25&level=beginner"


def test_a_lost_custom_board_links_to_its_mines() -> None:
    board = from_art("..1*\n..1.")
    game = Game.from_board(board)
    game.apply(Reveal(3))
    text = share_text(Play(game, help=Help(hints=2)), 1.5)
    assert text.splitlines() == [
        "Minesweeper: Custom 4x2, 1 mine",
        "💣 lost after 1.50 s (0/2 3BV cleared)",
        "3BV/s 0.00, efficiency 0%",
        "Help used: 2 hints and a given board.",
    ]
    assert share_link(game, None) == "#board=4.2.EA"


def test_board_names() -> None:
    assert board_name(level("expert")) == "Expert 30x16, 99 mines"


def test_the_help_used_is_said_as_minesweeper_online_marks_assisted_games() -> None:
    random = Game.new(level("beginner"), 5, Rules())
    assert help_used(Play(random)) == ""
    assert help_used(Play(random, help=Help(1))) == "Help used: 1 hint."
    assert help_used(Play(random, seed_link=True, help=Help(3, True, True))) == (
        "Help used: 3 hints, the odds shown, the solver, and a given board."
    )
    made = daily("2026-11-25", "beginner")
    attempt = Play(Game.from_board(made.board), daily=made)
    assert help_used(attempt) == ""  # the day's attempt: every player has the same board
    assert help_used(attempt, practice=True) == "Help used: a given board."
    assert share_text(attempt, 1.0, practice=True).startswith("Minesweeper daily 2026-11-25, practice: ")


def test_copy_link_gives_the_board_only_once_its_game_is_over() -> None:
    game = Game.new(level("beginner"), 5, Rules(no_guess=True))
    assert copy_link(Play(game)) == (Copied.LIKE, "?level=beginner&mode=no-guess")  # its seed: its mines
    game.apply(Reveal(40))
    assert copy_link(Play(game, seed_link=True)) == (Copied.LIKE, "?level=beginner&mode=no-guess")
    board = from_art("..1*\n..1.")
    over = Game.from_board(board)
    over.apply(Reveal(3))
    assert copy_link(Play(over)) == (Copied.BOARD, "#board=4.2.EA")
    made = daily("2026-11-25", "beginner")
    assert copy_link(Play(Game.from_board(made.board), daily=made)) == (
        Copied.DAILY,
        "?daily=2026-11-25&level=beginner",
    )


def speak(name: str) -> Iterator[None]:
    """po/<name>.po as the page has it (compiled), with that language's figures, for one test."""
    with (ROOT / "po" / f"{name}.po").open("rb") as po:
        catalogue = read_po(po, locale=name)
    compiled = io.BytesIO()
    write_mo(compiled, catalogue)
    compiled.seek(0)
    i18n.install(name, gettext.GNUTranslations(compiled), BabelFormats(name))
    yield
    i18n.install(i18n.SOURCE)


@pytest.fixture
def french() -> Iterator[None]:
    yield from speak("fr")


@pytest.fixture
def arabic() -> Iterator[None]:
    yield from speak("ar")


def won_daily() -> tuple[Daily, Game]:
    """The daily beginner board of 2026-11-25, won."""
    made = daily("2026-11-25", "beginner")
    game = Game.from_board(made.board)
    for cell in range(81):
        if cell not in made.board.mines:
            game.apply(Reveal(cell))
    return made, game


def test_the_text_is_in_the_player_s_language_and_keeps_its_figures(french: None) -> None:
    made, game = won_daily()
    text = share_text(Play(game, daily=made, help=Help(2, True, True)), 12.3456, practice=True)
    lines = text.splitlines()
    assert lines[0] == "Démineur, grille du jour du 25 nov. 2026, entraînement\u00a0: Débutant 9×9, 10 mines"
    assert lines[1] == "🚩 gagné en 12,35\u202fs"
    assert lines[2].startswith("3BV/s ") and "efficacité" in lines[2]
    assert (
        lines[3]
        == "Aide utilisée\u00a0: 2 indices, les probabilités affichées, le solveur et une grille imposée."
    )
    assert not ENGLISH.search(text), text

    board = from_art("..1*\n..1.")
    lost = Game.from_board(board)
    lost.apply(Reveal(3))
    text = share_text(Play(lost, help=Help(hints=1)), 1.5)
    assert text.splitlines()[:2] == [
        "Démineur\u00a0: Personnalisé 4×2, 1 mine",
        "💣 perdu après 1,50\u202fs (0/2 3BV dégagés)",
    ]
    assert "1 indice" in text and not ENGLISH.search(text), text


def test_in_a_right_to_left_language_every_line_is_marked_right_to_left(arabic: None) -> None:
    """A chat sets a line's direction from its first letter: "3BV/s ..." would read left to right."""
    made, game = won_daily()
    lines = share_text(Play(game, daily=made), 12.3456).splitlines()
    assert len(lines) == 3 and all(line.startswith("\u200f") for line in lines), lines
    assert "3BV" in lines[2]
