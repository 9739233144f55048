"""The player's settings: a pure, validated value (no browser import: CPython tests it, storage saves it).

Glossary:
    settings   a frozen Settings; every field is checked on construction, SettingsError names the field
    level      a preset name or "custom"; `size` is the board it gives (custom uses width/height/mines)
    record     `to_record()` / `from_record()`: a dict of plain JSON values for storage; unknown keys are
               ignored and a bad field falls back to its default, so an old or damaged record still loads
    fields     the custom-size and settings forms validate each field on its own (`custom_size_errors`,
               `settings_form_errors`) so each message can sit next to its input
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from minesweeper import LEVELS, BoardError, FirstClick, Rules, Size
from minesweeper.grid import MAX_SIDE, most_mines

from .i18n import N_, _, formats, ngettext, pgettext

THEMES = ("system", "light", "dark", "classic")  # system: light or dark as the device prefers (CSS)
LONG_PRESS_MS = (150, 1000)
ZOOM = (0.5, 4.0)
VOLUME = (0, 100)
CUSTOM = "custom"
CUSTOM_SIZE = ("width", "height", "mines")
AUTO = "auto"  # the language: the device's, as the browser lists them
TAG = re.compile(r"[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*")


class SettingsError(ValueError):
    """A setting out of range; `field` names it and the message quotes the value."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


# How a message names a setting whose name does not read as words.
LABELS = {"long_press_ms": "long press", "first_click": "first click"}


@dataclass(frozen=True)
class Settings:
    """The player's choices, as kept between visits."""

    level: str = "beginner"
    width: int = 30  # the custom size, kept while a preset is chosen so the form remembers it
    height: int = 16
    mines: int = 99
    question_marks: bool = False
    first_click: FirstClick = FirstClick.OPENING
    long_press_ms: int = 400
    vibration: bool = True
    chord_on_click: bool = True
    theme: str = "system"  # players before it have "light" stored, and keep it
    zoom: float = 1.0
    remember_game: bool = True  # storage keeps the game in progress, so a reload resumes it
    no_guess: bool = False  # boards that logic alone clears from the first click (where the size allows)
    flag_mode: bool = False  # a tap flags and a long press opens; its button toggles it (web/gestures.py)
    dim_satisfied: bool = False  # numbers with all their flags placed fade while the game runs
    language: str = AUTO  # a BCP 47 tag the page speaks (js/frame.js, tools/i18n.py), or the device's
    # Off until asked for, as Windows shipped it: a web page that makes noise at the first tap surprises
    # players at work, in class or on the bus (browsers' autoplay rules say as much). docs/feel.md.
    sound: bool = False
    volume: int = 60  # percent (ui/sound.py: a square law)

    BOOLEANS: ClassVar[tuple[str, ...]] = (
        "question_marks",
        "vibration",
        "chord_on_click",
        "remember_game",
        "no_guess",
        "flag_mode",
        "dim_satisfied",
        "sound",
    )
    OWN_BUTTONS: ClassVar[tuple[str, ...]] = ("flag_mode",)  # set by a button, not in the Settings form

    def __post_init__(self) -> None:
        if self.level != CUSTOM and self.level not in LEVELS:
            raise SettingsError(
                "level", f"level {self.level!r}: must be one of {', '.join(LEVELS)}, {CUSTOM}"
            )
        try:
            Size(self.width, self.height, self.mines)
        except BoardError as error:
            raise SettingsError(str(error).split(" ", 1)[0], f"custom size: {error}") from None
        for name in self.BOOLEANS:
            if not isinstance(getattr(self, name), bool):
                raise SettingsError(name, f"{name} {getattr(self, name)!r}: must be true or false")
        try:
            object.__setattr__(self, "first_click", FirstClick(self.first_click))
        except ValueError:
            rules = ", ".join(FirstClick)
            raise SettingsError(
                "first_click", f"{LABELS['first_click']} {self.first_click!r}: must be one of {rules}"
            ) from None
        low, high = LONG_PRESS_MS
        if not _is_number(self.long_press_ms, int) or not low <= self.long_press_ms <= high:
            given = f"{LABELS['long_press_ms']} {self.long_press_ms!r}"
            raise SettingsError("long_press_ms", f"{given}: must be {low} to {high} milliseconds")
        if self.theme not in THEMES:
            raise SettingsError("theme", f"theme {self.theme!r}: must be one of {', '.join(THEMES)}")
        low_volume, high_volume = VOLUME
        if not _is_number(self.volume, int) or not low_volume <= self.volume <= high_volume:
            raise SettingsError("volume", f"volume {self.volume!r}: must be {low_volume} to {high_volume}")
        low_zoom, high_zoom = ZOOM
        if not _is_number(self.zoom, float) or not low_zoom <= self.zoom <= high_zoom:
            raise SettingsError("zoom", f"zoom {self.zoom!r}: must be {low_zoom} to {high_zoom}")
        if self.language != AUTO and not (isinstance(self.language, str) and TAG.fullmatch(self.language)):
            raise SettingsError("language", f"language {self.language!r}: must be {AUTO} or a language tag")

    @property
    def size(self) -> Size:
        return LEVELS[self.level] if self.level in LEVELS else Size(self.width, self.height, self.mines)

    @property
    def rules(self) -> Rules:
        return Rules(first_click=self.first_click, question_marks=self.question_marks, no_guess=self.no_guess)

    def replace(self, **changes: Any) -> Settings:
        """A copy with `changes`; SettingsError if one is invalid."""
        return dataclasses.replace(self, **changes)

    def with_size(self, size: Size) -> Settings:
        """The settings that give `size`: its preset name if it is one, else custom with its numbers."""
        for name, preset in LEVELS.items():
            if preset == size:
                return self.replace(level=name)
        return self.replace(level=CUSTOM, width=size.width, height=size.height, mines=size.mines)

    def to_record(self) -> dict[str, Any]:
        record = dataclasses.asdict(self)
        record["first_click"] = str(self.first_click)
        return record

    @classmethod
    def from_record(cls, record: Any, base: Settings | None = None) -> Settings:
        """Settings from a stored dict over `base` (the defaults): unknown keys are dropped, each invalid
        field keeps its value in `base`."""
        return cls.read_record(record, base)[0]

    @classmethod
    def read_record(cls, record: Any, base: Settings | None = None) -> tuple[Settings, list[str]]:
        """`from_record` and the names of the fields that were not valid ("all" when `record` is no dict)."""
        settings = cls() if base is None else base
        if not isinstance(record, dict):
            return settings, ["all"]
        settings, invalid = settings._read_size(record)
        for name in (f.name for f in dataclasses.fields(cls) if f.name not in CUSTOM_SIZE):
            if name in record:
                try:
                    settings = settings.replace(**{name: record[name]})
                except (SettingsError, TypeError):
                    invalid.append(name)
        return settings, sorted(invalid)

    def _read_size(self, record: dict[str, Any]) -> tuple[Settings, list[str]]:
        """The custom size of `record` over this one's. Width and height are each checked alone, so a
        damaged one leaves the other; the mines are checked against both, so a small board such as 9x9/20
        is never measured against this one's 99 mines. Mines that do not fit (damaged, or too many for a
        side that fell back) fall back to this size's, or where those do not fit either, to the same share
        of the cells (17 on 9x9 for the default 99 on 30x16)."""
        invalid, sides = [], {}
        for name in ("width", "height"):
            sides[name] = record.get(name, getattr(self, name))
            if not _is_side(sides[name]):
                invalid.append(name)
                sides[name] = getattr(self, name)
        width, height = sides["width"], sides["height"]
        mines = record.get("mines", self.mines)
        try:
            Size(width, height, mines)
        except BoardError:
            invalid += ["mines"] if "mines" in record else []
            cells = width * height
            share = round(cells * self.mines / (self.width * self.height))
            mines = self.mines if self.mines < cells else min(cells - 1, share)
        return self.replace(width=width, height=height, mines=mines), invalid


NAMES = {
    "level": N_("level"),
    "width": N_("custom width"),
    "height": N_("custom height"),
    "mines": N_("custom mines"),
    "question_marks": N_("question marks"),
    "first_click": N_("first click"),
    "long_press_ms": N_("long press"),
    "vibration": N_("vibration"),
    "chord_on_click": N_("opening around a satisfied number"),
    "theme": N_("theme"),
    "zoom": N_("zoom"),
    "remember_game": N_("remembering the game in progress"),
    "no_guess": N_("no guessing"),
    "flag_mode": N_("flag mode"),
    "dim_satisfied": N_("dimming satisfied numbers"),
    "language": N_("language"),
}
VALUES = {
    "opening": N_("opens an area"),
    "safe": N_("is safe"),
    "none": N_("may hit a mine"),
    "system": N_("same as this device"),
    "light": N_("light"),
    "dark": N_("dark"),
    "classic": N_("classic"),
    AUTO: N_("same as this device"),
    CUSTOM: N_("custom"),
}


def setting_name(name: str) -> str:
    """A setting's name in a sentence ('long press'), in the player's language."""
    return _(NAMES[name]) if name in NAMES else name.replace("_", " ")


def setting_value(name: str, value: Any) -> str:
    """A setting's value as the player reads it: on or off, a number, a choice in words."""
    if isinstance(value, bool):
        return pgettext("setting", "on") if value else pgettext("setting", "off")
    if isinstance(value, int | float):
        decimals = next(places for places in (0, 1, 2) if round(value, places) == value or places == 2)
        return formats().number(value, decimals)
    text = str(value)
    if name == "level" and text != CUSTOM:
        from .texts import level_name  # texts imports the layout, which this module need not load

        return level_name(text)
    return _(VALUES[text]) if text in VALUES else text


class InForce(Protocol):
    """The settings in force in the page, as its parts use them (web/settings.py holds them): `set` applies
    settings that are not the player's doing (stored ones, a link's size), `change` the player's own."""

    @property
    def current(self) -> Settings: ...
    def set(self, settings: Settings) -> None: ...
    def change(self, settings: Settings) -> None: ...


def _is_side(value: object) -> bool:
    try:
        Size(value, 1, 0)  # type: ignore[arg-type]
    except BoardError:
        return False
    return True


def _is_number(value: object, kind: type) -> bool:
    """An int (or, for floats, an int or float); bool is not a number here."""
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (kind is float and isinstance(value, float))


def parse_field(name: str, text: str) -> Any:
    """A form field's text as the value its setting takes; SettingsError, in the player's words, for text
    that is not a number."""
    kind = {f.name: f.type for f in dataclasses.fields(Settings)}[name]
    if kind not in ("int", "float"):
        return text
    try:
        return int(text.strip()) if kind == "int" else float(text.strip())
    except ValueError:
        message = _("Enter a whole number.") if kind == "int" else _("Enter a number.")
        raise SettingsError(name, message) from None


def _parse_fields(fields: dict[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """Each form field's value (text as `parse_field` reads it, a checkbox's bool as is), or its message."""
    values: dict[str, Any] = {}
    errors: dict[str, str] = {}
    for name, raw in fields.items():
        try:
            values[name] = parse_field(name, raw) if isinstance(raw, str) else raw
        except SettingsError as error:
            errors[name] = str(error)
    return values, errors


def field_message(name: str, settings: Settings) -> str:
    """The message beside the settings form's field `name` when `settings` refuses its value."""
    number = formats().number
    if name == "long_press_ms":
        low, high = LONG_PRESS_MS
        return _("From {low} to {high} milliseconds.").format(low=number(low), high=number(high))
    if name == "zoom":
        low_zoom, high_zoom = ZOOM
        return _("From {low} to {high}.").format(low=number(low_zoom, 1), high=number(high_zoom, 1))
    return _("This value cannot be used.")


def settings_form_errors(
    settings: Settings, fields: dict[str, Any]
) -> tuple[Settings | None, dict[str, str]]:
    """The settings form's `fields` over `settings`, or a message per bad field; each field is checked alone,
    so every bad one gets its own message."""
    values, errors = _parse_fields(fields)
    for name, value in values.items():
        try:
            settings.replace(**{name: value})
        except SettingsError:
            errors[name] = field_message(name, settings)
    if errors:
        return None, errors
    return settings.replace(**values), {}


def side_message() -> str:
    return _("From 1 to {most} cells.").format(most=formats().number(MAX_SIDE))


def mines_message(width: int, height: int) -> str:
    most, number = most_mines(width, height), formats().number
    return ngettext(
        "A {width}×{height} board takes 0 to {most} mine.",
        "A {width}×{height} board takes 0 to {most} mines.",
        most,
    ).format(width=number(width), height=number(height), most=number(most))


def custom_size_errors(width: str, height: str, mines: str) -> tuple[Size | None, dict[str, str]]:
    """The custom form's size, or a message per bad field, in the player's words."""
    numbers, errors = _parse_fields({"width": width, "height": height, "mines": mines})
    for name in ("width", "height"):
        if name in numbers and not 1 <= numbers[name] <= MAX_SIDE:
            errors[name] = side_message()
    # The mines are judged against the board once its sides are good: a message naming another board (the
    # largest) than the one typed read as a wrong answer.
    if "mines" in numbers and not errors.keys() & {"width", "height"}:
        width_, height_ = numbers["width"], numbers["height"]
        if not 0 <= numbers["mines"] <= most_mines(width_, height_):
            errors["mines"] = mines_message(width_, height_)
    if errors or "mines" not in numbers:
        return None, errors
    return Size(numbers["width"], numbers["height"], numbers["mines"]), {}
