"""Settings: defaults, each field's validation (SettingsError names the field and quotes the value),
round trips through records, and the custom-size form's per-field messages in the engine's words."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from minesweeper import LEVELS, FirstClick, Rules, Size
from ui import saved
from ui.settings import (
    THEMES,
    Settings,
    SettingsError,
    custom_size_errors,
    parse_field,
    settings_form_errors,
)


def test_defaults() -> None:
    settings = Settings()
    assert settings.size == LEVELS["beginner"]
    assert settings.long_press_ms == 400
    assert settings.rules == Rules(first_click=FirstClick.OPENING, question_marks=False)
    assert (settings.vibration, settings.chord_on_click, settings.theme, settings.zoom) == (
        True,
        True,
        "system",
        1.0,
    )
    assert (settings.sound, settings.volume) == (False, 60)  # silent until asked for (docs/feel.md)


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("level", "hard", "level 'hard': must be one of beginner, intermediate, expert, custom"),
        ("width", 0, "width 0: must be a whole number from 1 to 256"),
        ("height", 257, "height 257"),
        ("mines", 30 * 16, "mines 480: a 30x16 board takes 0 to 479 mines"),
        ("question_marks", "yes", "question_marks 'yes': must be true or false"),
        ("no_guess", 1, "no_guess 1: must be true or false"),
        ("flag_mode", "on", "flag_mode 'on': must be true or false"),
        ("first_click", "lucky", "first click 'lucky': must be one of opening, safe, none"),
        ("long_press_ms", 149, "long press 149: must be 150 to 1000 milliseconds"),
        ("long_press_ms", 1001, "long press 1001"),
        ("long_press_ms", True, "long press True"),
        ("long_press_ms", 400.5, "long press 400.5"),
        ("theme", "neon", "theme 'neon': must be one of system, light, dark, classic"),
        ("zoom", 0.25, "zoom 0.25: must be 0.5 to 4.0"),
        ("zoom", "2", "zoom '2'"),
        ("sound", "loud", "sound 'loud': must be true or false"),
        ("volume", 101, "volume 101: must be 0 to 100"),
        ("volume", 0.5, "volume 0.5"),
    ],
)
def test_each_field_is_checked(field: str, value: object, words: str) -> None:
    with pytest.raises(SettingsError) as caught:
        Settings().replace(**{field: value})
    assert words in str(caught.value)
    assert caught.value.field == field


@pytest.mark.parametrize("value", [150, 400, 1000])
def test_long_press_bounds_are_inclusive(value: int) -> None:
    assert Settings(long_press_ms=value).long_press_ms == value


def test_first_click_accepts_its_text() -> None:
    assert Settings(first_click="safe").first_click is FirstClick.SAFE  # type: ignore[arg-type]


def test_custom_level_uses_its_numbers_and_presets_keep_them() -> None:
    custom = Settings(level="custom", width=40, height=20, mines=100)
    assert custom.size == Size(40, 20, 100)
    assert custom.replace(level="expert").size == LEVELS["expert"]
    assert custom.replace(level="expert").width == 40


@pytest.mark.parametrize("name", list(LEVELS))
def test_with_size_names_presets(name: str) -> None:
    assert Settings().with_size(LEVELS[name]).level == name


def test_with_size_of_other_sizes_is_custom() -> None:
    settings = Settings().with_size(Size(9, 9, 11))
    assert (settings.level, settings.width, settings.height, settings.mines) == ("custom", 9, 9, 11)


@st.composite
def sizes(draw: st.DrawFn) -> Size:
    """Any valid custom size, small ones (where the default 99 mines do not fit) often."""
    width = draw(st.integers(1, 12) | st.integers(1, 256))
    height = draw(st.integers(1, 12) | st.integers(1, 256))
    return Size(width, height, draw(st.integers(0, width * height - 1)))


@st.composite
def settings_values(draw: st.DrawFn) -> Settings:
    custom = Settings().with_size(draw(sizes()))
    return custom.replace(
        level=draw(st.sampled_from([*LEVELS, "custom"])),
        question_marks=draw(st.booleans()),
        first_click=draw(st.sampled_from(list(FirstClick))),
        long_press_ms=draw(st.integers(150, 1000)),
        vibration=draw(st.booleans()),
        chord_on_click=draw(st.booleans()),
        theme=draw(st.sampled_from(THEMES)),
        zoom=draw(st.floats(0.5, 4.0)),
        remember_game=draw(st.booleans()),
        no_guess=draw(st.booleans()),
        flag_mode=draw(st.booleans()),
        sound=draw(st.booleans()),
        volume=draw(st.integers(0, 100)),
    )


@given(settings_values())
def test_record_round_trip(settings: Settings) -> None:
    assert Settings.read_record(settings.to_record()) == (settings, [])
    assert Settings.from_record(settings.to_record(), base=Settings(theme="dark")) == settings


# Values no field takes: each is refused by every setting (a string where numbers are, and so on).
DAMAGE = st.sampled_from([None, "x", [], {"a": 1}, -5, 10**9, 1e300])


@given(settings_values(), st.sampled_from([f.name for f in dataclasses.fields(Settings)]), DAMAGE)
def test_a_damaged_field_falls_back_to_its_default_and_the_others_stay(
    settings: Settings, name: str, damage: object
) -> None:
    record = {**settings.to_record(), name: damage}
    loaded, invalid = Settings.read_record(record)
    default = Settings()
    if name != "mines":
        assert getattr(loaded, name) == getattr(default, name)
    # The mines are checked against the sides loaded: a side that fell back may take the mines with it.
    cells = loaded.width * loaded.height
    lost = {name, "mines"} if name == "mines" or settings.mines >= cells else {name}
    assert invalid == sorted(lost)
    if "mines" in lost:
        # The default 99 if they fit, else the same share of the cells (99 of 30x16's 480).
        share = round(cells * default.mines / (default.width * default.height))
        assert loaded.mines == (default.mines if default.mines < cells else min(share, cells - 1))
    assert loaded.replace(**{n: getattr(settings, n) for n in lost}) == settings


def test_a_small_custom_size_survives_a_damaged_mine_count() -> None:
    # The bug: the size was kept or dropped as a whole, so a damaged or missing mine count lost 9x9 too.
    loaded, invalid = Settings.read_record({"level": "custom", "width": 9, "height": 9, "mines": "20"})
    assert (loaded.size, invalid) == (Size(9, 9, 17), ["mines"])
    assert Settings.from_record({"level": "custom", "height": 9, "width": 9}).size == Size(9, 9, 17)
    whole = {"level": "custom", "height": 9, "width": 9, "mines": 20}
    assert Settings.from_record(whole).size == Size(9, 9, 20)
    # A width that falls back to 30 keeps the stored mines when they fit 30x2, else their share of it.
    loaded = Settings.from_record({"width": 0, "height": 2, "mines": 20})
    assert (loaded.width, loaded.height, loaded.mines) == (30, 2, 20)
    assert Settings.read_record({"width": 0, "height": 2, "mines": 60}) == (
        Settings(width=30, height=2, mines=12),
        ["mines", "width"],
    )
    assert Settings.read_record("dark") == (Settings(), ["all"])


def test_no_guess_is_off_by_default_a_rule_and_kept_in_records() -> None:
    assert Settings().rules.no_guess is False
    assert Settings(no_guess=True).rules == Rules(no_guess=True)
    assert Settings.from_record(Settings(no_guess=True).to_record()).no_guess is True
    assert Settings.from_record({"level": "expert"}).no_guess is False  # a record from before the mode


def test_record_is_plain_json_values() -> None:
    record = Settings(first_click=FirstClick.NONE).to_record()
    assert record["first_click"] == "none" and type(record["first_click"]) is str


def test_a_damaged_record_keeps_the_good_fields() -> None:
    record = {"theme": "dark", "long_press_ms": 5, "zoom": "big", "unknown": 1, "level": "expert"}
    settings = Settings.from_record(record)
    assert (settings.theme, settings.level) == ("dark", "expert")
    assert (settings.long_press_ms, settings.zoom) == (400, 1.0)


def test_parse_field() -> None:
    assert parse_field("long_press_ms", " 250 ") == 250
    assert parse_field("zoom", "1.5") == 1.5
    assert parse_field("theme", "dark") == "dark"
    with pytest.raises(SettingsError, match=r"Enter a whole number\."):
        parse_field("long_press_ms", "abc")
    with pytest.raises(SettingsError, match=r"Enter a number\."):
        parse_field("zoom", "")


FORM = {"vibration": False, "first_click": "safe", "long_press_ms": " 650 ", "theme": "dark", "zoom": "2"}


def test_settings_form_gives_its_values_over_the_settings() -> None:
    settings = Settings(level="expert")
    expected = settings.replace(
        vibration=False, first_click=FirstClick.SAFE, long_press_ms=650, theme="dark", zoom=2.0
    )
    assert settings_form_errors(settings, FORM) == (expected, {})


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"long_press_ms": "5"}, {"long_press_ms": "From 150 to 1,000 milliseconds."}),
        ({"long_press_ms": "5000"}, {"long_press_ms": "From 150 to 1,000 milliseconds."}),
        ({"long_press_ms": ""}, {"long_press_ms": "Enter a whole number."}),
        ({"zoom": "nan"}, {"zoom": "From 0.5 to 4.0."}),
        ({"theme": "pink"}, {"theme": "This value cannot be used."}),
        (
            {"long_press_ms": "2.5", "zoom": "99"},
            {"long_press_ms": "Enter a whole number.", "zoom": "From 0.5 to 4.0."},
        ),
    ],
)
def test_settings_form_errors_sit_with_their_field(changes: dict[str, str], expected: dict[str, str]) -> None:
    assert settings_form_errors(Settings(), FORM | changes) == (None, expected)


def test_custom_size_valid() -> None:
    assert custom_size_errors("30", "16", "99") == (Size(30, 16, 99), {})


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        (("0", "16", "99"), {"width": "From 1 to 256 cells."}),
        (("30", "300", "99"), {"height": "From 1 to 256 cells."}),
        (("x", "16", "99"), {"width": "Enter a whole number."}),
        (("", "", ""), dict.fromkeys(("width", "height", "mines"), "Enter a whole number.")),
        (("30", "16", "480"), {"mines": "A 30×16 board takes 0 to 479 mines."}),
        (("30", "16", "-1"), {"mines": "A 30×16 board takes 0 to 479 mines."}),
        (
            ("-3", "", "99999"),
            {"width": "From 1 to 256 cells.", "height": "Enter a whole number."},  # mines: once the sides are
        ),
        (("0", "0", "5"), {"width": "From 1 to 256 cells.", "height": "From 1 to 256 cells."}),
    ],
)
def test_custom_size_errors_sit_with_their_field(
    texts: tuple[str, str, str], expected: dict[str, str]
) -> None:
    assert custom_size_errors(*texts) == (None, expected)


def test_flag_mode_is_off_by_default_and_kept_in_records() -> None:
    assert Settings().flag_mode is False
    assert Settings.from_record(Settings(flag_mode=True).to_record()).flag_mode is True
    assert Settings.from_record({"theme": "dark"}).flag_mode is False  # a record from before the setting


def test_the_theme_follows_the_device_unless_a_stored_record_says_otherwise() -> None:
    assert Settings().theme == "system"
    # A record stored before "system" existed (every field, theme "light" then the default) stays light.
    before = {**Settings().to_record(), "theme": "light"}
    del before["flag_mode"], before["no_guess"]
    assert Settings.read_record(before) == (Settings(theme="light"), [])
    stored = saved.encode(saved.SETTINGS, before)  # format 1, as keeper wrote it then and writes it now
    assert saved.settings_from_data(Settings(), saved.decode(saved.SETTINGS, stored)) == (
        Settings(theme="light"),
        [],
    )
    for theme in ("light", "dark", "classic"):
        assert Settings.from_record({"theme": theme}).theme == theme
    assert Settings.read_record({"theme": "system"}, base=Settings(theme="dark")) == (Settings(), [])
    assert Settings.read_record({"theme": "auto"}) == (Settings(), ["theme"])
