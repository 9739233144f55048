"""Checks shared by the readers of stored and imported data (stats.py, history.py): their messages quote
the bad part, cut to a readable length."""

from __future__ import annotations

from typing import Any


def short(value: Any, limit: int = 60) -> str:
    """`repr(value)` cut to `limit` characters, for messages about data of any size."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def whole(where: str, key: str, value: Any, error: type[ValueError]) -> int:
    """`value` if it is a whole number from 0 (not a bool, not 2.0), else `error` saying so."""
    if type(value) is not int or value < 0:
        raise error(f"{where}: {key} {short(value)}: expected a whole number from 0")
    return value
