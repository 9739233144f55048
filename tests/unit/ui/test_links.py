"""Links: board, level, seed, size and mode read from the address; every malformed part gives a message
that quotes it; our keys are dropped from the address and others kept; links written are read back."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from minesweeper import LEVELS, Board, Game, Reveal, Size
from minesweeper.codes import to_code
from minesweeper.diagram import Diagram
from minesweeper.replaycode import Recording
from ui import i18n, links

CROSS = Board.from_mines(3, 3, {1, 3, 5, 7})


def lost_replay() -> str:
    game = Game.from_board(CROSS)
    game.apply(Reveal(1))
    return links.replay_link(Recording.of(game)).removeprefix("#")


LOST_REPLAY = lost_replay()


def test_no_link() -> None:
    link = links.parse("", "")
    assert not link.present and not link.errors
    assert links.parse("?utm=x", "#top") == links.Link()


def test_board_link() -> None:
    link = links.parse("", f"#board={to_code(CROSS)}")
    assert link.present and not link.errors and link.board == CROSS and link.board.mines == CROSS.mines


def test_level_and_seed() -> None:
    link = links.parse("?level=expert&seed=42", "")
    assert link.present and not link.errors
    assert (link.size, link.seed, link.board) == (LEVELS["expert"], 42, None)


def test_seed_alone_and_mode() -> None:
    link = links.parse("?seed=7&mode=no-guess", "")
    assert (link.size, link.seed, link.no_guess, link.errors) == (None, 7, True, ())


def test_custom_size() -> None:
    assert links.parse("?size=40.20.100&seed=1", "").size == Size(40, 20, 100)


@pytest.mark.parametrize(
    ("search", "fragment", "words"),
    [
        ("", "#board=9.9", "board code '9.9': must be WIDTH.HEIGHT.MINES, three parts"),
        ("", "#board=", "board code ''"),
        ("", "#board=3.3.!!", "'!' is not base64url"),
        ("?level=hard", "", "level 'hard': must be one of beginner, intermediate, expert"),
        ("?seed=-3", "", "seed '-3': must be a whole number"),
        ("?seed=", "", "seed ''"),
        ("?seed=123456789012345678901", "", "up to 20 digits"),
        ("?level=hard&seed=x", "", "seed 'x'"),  # with a bad level, nothing is left to play
        ("?size=30x16", "", "size '30x16': must be WIDTH.HEIGHT.MINES"),
        ("?size=30.16.480", "", "mines 480: a 30x16 board takes 0 to 479 mines"),
        ("?mode=easy", "", "mode 'easy': must be no-guess"),
        ("?mode=easy&seed=", "", "mode 'easy'"),
        ("?level=expert&size=9.9.10", "", "give one or the other"),
    ],
)
def test_malformed_links_say_why(search: str, fragment: str, words: str) -> None:
    link = links.parse(search, fragment)
    assert link.present and link.errors
    assert any(words in error.detail for error in link.errors), link.errors


@pytest.mark.parametrize(
    ("search", "fragment", "size", "seed", "dropped"),
    [
        ("?level=expert&seed=1.5", "", LEVELS["expert"], None, "seed '1.5'"),
        ("?level=beginner&seed=-5", "", LEVELS["beginner"], None, "seed '-5'"),
        ("?size=40.20.100&seed=123456789012345678901", "", Size(40, 20, 100), None, "up to 20 digits"),
        ("?level=expert&seed=7&mode=easy", "", LEVELS["expert"], 7, "mode 'easy'"),
        ("?seed=x", "#board=3.1.gA", Size(3, 1, 1), None, "seed 'x'"),
    ],
)
def test_a_bad_seed_or_mode_is_left_out_of_a_game_the_rest_names(
    search: str, fragment: str, size: Size, seed: int | None, dropped: str
) -> None:
    link = links.parse(search, fragment)
    assert link.present and not link.errors and not link.no_guess
    assert (link.board.size if link.board else link.size) == size and link.seed == seed
    assert len(link.dropped) == 1 and dropped in link.dropped[0].detail, link.dropped


@pytest.mark.parametrize(
    ("search", "fragment", "dropped"),
    [
        (
            "?level=beginner&seed=5&mode=no-guess&daily=2026-11-20",
            "",
            (links.Part.BESIDE_DAILY, "seed=5&mode=no-guess"),
        ),
        (
            "?level=expert&seed=5&daily",
            "#board=3.1.gA",
            (links.Part.BESIDE_BOARD, "daily&level=expert&seed=5"),
        ),
        ("?seed=5", f"#board=3.1.gA&{LOST_REPLAY}", (links.Part.BESIDE_REPLAY, "board&seed=5")),
        ("?level=expert&seed=5&mode=no-guess", "", None),  # a seed link uses them all
    ],
)
def test_the_parts_a_links_game_does_not_use_are_named(
    search: str, fragment: str, dropped: tuple[links.Part, str] | None
) -> None:
    link = links.parse(search, fragment)
    assert [(problem.part, problem.held) for problem in link.dropped] == (
        [] if dropped is None else [dropped]
    )


@pytest.mark.parametrize(
    ("search", "present", "errors", "dropped"),
    [
        ("?lang=xx", False, [], [links.Part.LANGUAGE]),  # names no game: the game kept goes on
        ("?level=expert&lang=xx", True, [], [links.Part.LANGUAGE]),  # the expert board, in the page's words
        ("?level=x&lang=xx", True, [links.Part.LEVEL, links.Part.LANGUAGE], []),
    ],
)
def test_a_language_the_page_lacks_is_left_out_and_names_no_game(
    search: str, present: bool, errors: list[links.Part], dropped: list[links.Part]
) -> None:
    link = links.parse(search, "")
    assert link.present is present
    assert [problem.part for problem in link.errors] == errors
    assert [problem.part for problem in link.dropped] == dropped


def test_a_language_the_page_lacks_is_named_to_the_player() -> None:
    assert links.left_out(links.parse("?lang=tlh", "")) == (
        "Part of this link was left out: the language “tlh” is not available."
    )


def test_the_parts_a_links_game_does_not_use_are_said_in_one_sentence() -> None:
    link = links.parse("?level=beginner&seed=5&mode=no-guess&daily=2026-11-20", "")
    assert links.left_out(link) == (
        "Part of this link was left out: a daily board is made from its day and level alone, so"
        " “seed=5&mode=no-guess” is not used."
    )


def test_every_bad_part_is_reported() -> None:
    assert len(links.parse("?level=x&seed=y", "#board=z").errors) == 3


def test_a_link_s_problems_are_apart_by_semicolons_not_run_into_a_level_s_choices() -> None:
    assert links.unusable(links.parse("?level=huge&seed=x", "")) == (
        "This link could not be used: “huge” is not a level: beginner, intermediate or expert; the seed “x”"
        " is not a whole number of up to 20 digits. The board here is not the link's."
    )


@pytest.mark.parametrize(
    ("search", "fragment", "kept"),
    [
        ("?level=expert&seed=3", "#board=3.3.VQA", ""),
        ("?ref=news&seed=3&lang=xx", "", "?ref=news"),
        ("?seed=3", "#board=3.3.VQA&x=1", "#x=1"),
        ("", "", ""),
    ],
)
def test_keep_drops_only_our_keys(search: str, fragment: str, kept: str) -> None:
    assert links.keep(search, fragment) == kept


@given(st.integers(1, 30), st.integers(1, 30), st.data())
def test_board_links_read_back(width: int, height: int, data: st.DataObject) -> None:
    cells = data.draw(st.sets(st.integers(0, width * height - 1), max_size=width * height - 1))
    board = Board.from_mines(width, height, cells)
    fragment = links.board_link(board)
    assert fragment.startswith("#board=")
    assert links.parse("", fragment).board == board


@given(st.sampled_from([*LEVELS.values(), Size(40, 20, 100), Size(1, 2, 1)]), st.integers(0, 2**64))
def test_seed_links_read_back(size: Size, seed: int) -> None:
    link = links.parse(links.seed_link(size, seed), "")
    assert (link.size, link.seed, link.errors) == (size, seed, ())


def test_a_level_link_names_a_new_board_like_it() -> None:
    assert links.level_link(LEVELS["expert"]) == "?level=expert"
    assert links.level_link(Size(40, 20, 100), no_guess=True) == "?size=40.20.100&mode=no-guess"
    link = links.parse(links.level_link(LEVELS["beginner"], True), "")
    assert (link.size, link.seed, link.no_guess) == (LEVELS["beginner"], None, True)


def test_seed_link_names_presets() -> None:
    assert links.seed_link(LEVELS["intermediate"], 5) == "?level=intermediate&seed=5"
    assert links.seed_link(Size(10, 10, 10), 5) == "?size=10.10.10&seed=5"


def test_a_no_guess_seed_link_says_so_and_reads_back() -> None:
    text = links.seed_link(LEVELS["expert"], 9, no_guess=True)
    assert text == "?level=expert&seed=9&mode=no-guess"
    link = links.parse(text, "")
    assert (link.size, link.seed, link.no_guess, link.errors) == (LEVELS["expert"], 9, True, ())
    assert links.keep(text + "&ref=news", "") == "?ref=news"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("plain", "plain"),
        ("a%20b", "a b"),
        ("a+b", "a b"),
        ("%E2%9C%93", "\u2713"),
        ("100%", "100%"),
        ("%zz", "%zz"),
        ("%4", "%4"),
        ("% 41", "% 41"),
    ],
)
def test_unquote(text: str, expected: str) -> None:
    assert links.unquote(text) == expected


def test_percent_encoded_values_are_read() -> None:
    assert links.parse("?level=exp%65rt", "").size == LEVELS["expert"]


def test_keep_leaves_other_parts_as_written() -> None:
    assert links.keep("?q=a%20b&seed=1&flag", "#x=%2F") == "?q=a%20b&flag#x=%2F"


# -- analysis links ----------------------------------------------------------------------------------


def test_an_analysis_link_names_a_position_and_reads_back() -> None:
    diagram = Diagram.from_text("1F#\n11#", mines=1)
    link = links.parse("", links.analysis_link(diagram))
    assert link.present and not link.errors and link.analysis == diagram
    assert links.analysis_link(diagram) == "#analysis=3.2.1.1FH11H"
    assert links.keep("", "#analysis=3.2.1.1FH11H&x=1") == "#x=1"


@given(st.integers(1, 6), st.integers(1, 6), st.data())
def test_analysis_links_read_back(width: int, height: int, data: st.DataObject) -> None:
    cells = width * height
    mines = data.draw(st.integers(0, cells - 1))
    chars = data.draw(st.lists(st.sampled_from("012345678HF"), min_size=cells, max_size=cells))
    code = f"{width}.{height}.{mines}.{''.join(chars)}"
    diagram = links.parse("", f"#analysis={code}").analysis
    assert diagram is not None and links.analysis_link(diagram) == f"#analysis={code}"


def test_a_bad_analysis_link_says_why() -> None:
    link = links.parse("", "#analysis=3.2.1.1FX11H")
    assert link.analysis is None and link.present
    [problem] = link.errors
    assert problem.part is links.Part.ANALYSIS and problem.held == "3.2.1.1FX11H"
    assert problem.detail == (
        "analysis code '3.2.1.1FX11H': cell 'X' must be 0-8 (open), H (covered) or F (flag)"
    )
    assert links.problem_words(problem) == "the position code cannot be read"


def test_what_a_link_held_is_isolated_in_a_right_to_left_sentence() -> None:
    """Arabic's bidirectional ordering read the code 9.9.zz as «zz.9.9» (a desktop review)."""
    problem = links.parse("", "#board=9.9.zz").errors[0]
    assert "“9.9.zz”" in links.problem_words(problem)
    i18n.install("ar")
    try:
        assert f"{links.FSI}9.9.zz{links.PDI}" in links.problem_words(problem)
    finally:
        i18n.install(i18n.SOURCE)


def test_a_well_written_size_with_too_many_mines_says_how_many_its_board_takes() -> None:
    """?size=5.5.99 said it was not a board size at all (a desktop review): its mines are what is wrong."""
    crowded = links.parse("?size=5.5.99", "")
    assert links.unusable(crowded) == (
        "This link could not be used: “5.5.99”: a 5×5 board takes 0 to 24 mines."
        " The board here is not the link's."
    )
    big = links.unusable(links.parse("?size=100.100.99999", ""))  # numbers written as the Custom dialog does
    assert "“100.100.99999”: a 100×100 board takes 0 to 9,999 mines." in big
    for search in ("?size=300.5.10", "?size=30x16"):  # a side too long, a size not written so: as before
        assert "is not a board size" in links.unusable(links.parse(search, ""))
