"""The one place for notes: one in front, the rest wait in order, the statistics question last, and a new
game drops the notes about the one before."""

from __future__ import annotations

from ui.notes import Kind, Note, Notes

HINT = Note("Hint: row 1, column 2 is safe.", game=1)
VERDICT = Note("No cell was safe, and none less risky: a forced guess (50% risk). Bad luck!", game=1)
ASK = Note("Keep your statistics on this device?", Kind.ASK, game=1)
LINK = Note("This link could not be used: bad code.", Kind.ERROR)
STORAGE = Note("Stored settings could not be read.", Kind.ERROR)
COPIED = Note("Link to this board copied.")


def test_one_note_in_front_the_others_wait_in_order() -> None:
    notes = Notes()
    assert notes.post(LINK) == LINK
    assert notes.post(STORAGE) == LINK
    assert notes.post(COPIED) == LINK
    assert notes.read() == STORAGE
    assert notes.read() == COPIED
    assert notes.read() is None


def test_the_question_waits_until_the_result_is_read() -> None:
    notes = Notes()
    notes.post(ASK)  # the game's end asks first, its verdict comes a moment later
    assert notes.post(VERDICT) == VERDICT
    assert notes.waiting == [ASK]
    assert notes.post(COPIED) == VERDICT
    assert notes.waiting == [COPIED, ASK], "the question goes last"
    assert notes.read() == COPIED
    assert notes.read() == ASK
    assert notes.read() is None


def test_a_note_the_player_asked_for_shows_at_once_and_an_error_it_pushes_aside_waits() -> None:
    notes = Notes()
    notes.post(LINK)
    assert notes.post(HINT, asked=True) == HINT
    assert notes.read() == LINK
    assert notes.post(COPIED) == LINK
    assert notes.post(HINT, asked=True) == HINT
    assert notes.waiting == [LINK, COPIED]


def test_an_info_the_player_asked_over_is_gone() -> None:
    notes = Notes()
    notes.post(COPIED)
    notes.post(HINT, asked=True)
    assert notes.read() is None


def test_a_newer_note_on_the_same_game_replaces_an_older_one() -> None:
    notes = Notes()
    notes.post(HINT, asked=True)
    assert notes.post(VERDICT) == VERDICT
    assert notes.read() is None


def test_an_info_the_player_asked_for_gives_way_to_any_newer_info() -> None:
    """A player's review: "kept now" (the statistics' yes) stayed in front while the next game was played
    and lost, so the loss's verdict waited behind it. An answer to the player gives way to the next info;
    an info nobody asked for still waits its turn, and an error is never pushed aside by an info."""
    kept = Note("Your statistics and settings are now kept on this device.")
    notes = Notes()
    notes.post(kept, asked=True)
    assert notes.post(VERDICT) == VERDICT
    assert notes.read() is None  # the answer was read: it does not come back
    notes.post(COPIED)
    assert notes.post(VERDICT) == COPIED  # not asked for: the verdict waits
    notes = Notes()
    notes.post(kept, asked=True)
    assert notes.post(LINK) == kept and notes.waiting == [LINK]  # an error waits, as behind any info
    assert notes.read() == LINK
    assert notes.post(VERDICT) == LINK  # the error is no answer to the player: the verdict waits


def test_a_new_game_drops_the_notes_of_the_game_before_shown_or_waiting() -> None:
    notes = Notes()
    notes.post(VERDICT)
    notes.post(ASK)
    notes.post(LINK)
    assert notes.new_game(2) == LINK
    assert notes.waiting == []
    later = Note("Hint: row 3, column 3 is safe.", game=2)
    notes.post(later)
    assert notes.new_game(2) == LINK, "the same game again keeps its notes"
    assert notes.read() == later


def test_the_same_note_twice_is_one() -> None:
    notes = Notes()
    notes.post(LINK)
    notes.post(COPIED)
    notes.post(COPIED)
    notes.post(LINK)
    assert notes.waiting == [COPIED]


def test_withdrawing_a_note_by_its_words() -> None:
    notes = Notes()
    verdict, other = Note("That cell was safe.", game=1), Note("Copied.", game=None)
    notes.post(verdict)
    notes.post(other)
    assert notes.withdraw("That cell was safe.") == other  # the next comes forward
    notes.post(verdict)
    assert notes.front == other and notes.waiting == [verdict]
    assert notes.withdraw("That cell was safe.") == other and notes.waiting == []  # waiting, it goes too


def test_dropping_a_kind() -> None:
    notes = Notes()
    notes.post(LINK)
    notes.post(COPIED)
    notes.post(STORAGE)
    assert notes.drop(Kind.ERROR) == COPIED
    assert notes.waiting == []
    assert notes.drop(Kind.ASK) == COPIED


def test_how_long_a_note_stays() -> None:
    assert COPIED.seconds == 6 and LINK.seconds == 20 and ASK.seconds is None
    reviewed = Note(VERDICT.text, game=1, action=("review", "Review"))
    assert VERDICT.seconds == 6 and reviewed.seconds == 20  # a note with a button stays as an error does
