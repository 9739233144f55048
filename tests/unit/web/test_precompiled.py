"""The methods @dataclass writes, taken from stored code (web/precompiled.py): a class made after `install`
runs the stored code for each text it has and compiles any other, noting it; a missing or damaged file
changes nothing. On CPython here, as in the page's Pyodide (tests/e2e/test_startup.py checks the page)."""

from __future__ import annotations

import dataclasses
import marshal
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from web import precompiled


@pytest.fixture(autouse=True)
def restored() -> Iterator[None]:
    """Each test starts and ends with dataclasses as Python ships it and nothing stored."""
    yield
    vars(dataclasses).pop("exec", None)
    precompiled.stored.clear()
    precompiled.missed.clear()


def make_point() -> type:
    @dataclasses.dataclass(frozen=True)
    class Point:
        """A value with the methods dataclasses writes."""

        x: int
        y: int = 0

    return Point


def stored_file(tmp_path: Path, texts: list[str], version: str = sys.version) -> str:
    """The file tools/bundle.py writes: the compiling Python's version, then each text's code."""
    path = tmp_path / "dataclasses.marshal"
    with path.open("wb") as file:
        marshal.dump(version, file)
        marshal.dump({text: compile(text, "<string>", "exec") for text in texts}, file)
    return str(path)


def texts_of_point(tmp_path: Path) -> list[str]:
    """The texts dataclasses compiles for Point, noted by an install with nothing stored."""
    precompiled.stored.clear()  # as a fresh Python: a second install keeps what a first one stored
    precompiled.missed.clear()
    assert precompiled.install(stored_file(tmp_path, [])) == 0
    make_point()
    texts = list(precompiled.missed)
    precompiled.missed.clear()
    return texts


def test_a_class_takes_the_stored_code_and_compiles_nothing(tmp_path: Path) -> None:
    texts = texts_of_point(tmp_path)
    assert texts and all(text.startswith("def __create_fn__") for text in texts)
    assert precompiled.install(stored_file(tmp_path, texts)) == len(texts)
    point_class = make_point()
    assert precompiled.missed == []
    point = point_class(3)
    assert (point.x, point.y, repr(point)) == (3, 0, "make_point.<locals>.Point(x=3, y=0)")
    assert point == point_class(3, 0) != point_class(3, 1) and hash(point) == hash((3, 0))
    with pytest.raises(dataclasses.FrozenInstanceError):
        point.x = 4  # type: ignore[misc]


def test_a_text_not_stored_compiles_and_is_noted(tmp_path: Path) -> None:
    assert precompiled.install(stored_file(tmp_path, ["def __create_fn__():\n return ()"])) == 1
    assert make_point()(1, 2).y == 2
    noted = list(precompiled.missed)
    assert noted == texts_of_point(tmp_path)


def test_code_from_another_python_is_not_taken(tmp_path: Path) -> None:
    texts = texts_of_point(tmp_path)
    vars(dataclasses).pop("exec")  # as Python ships it again
    assert precompiled.install(stored_file(tmp_path, texts, version="3.99.0 (another)")) == 0
    assert "exec" not in vars(dataclasses)
    assert make_point()(5).x == 5


@pytest.mark.parametrize(
    "content",
    [None, b"", b"not marshal data", marshal.dumps(["a list"]), marshal.dumps(sys.version) + b"\x00"],
)
def test_a_missing_or_damaged_file_changes_nothing(tmp_path: Path, content: bytes | None) -> None:
    path = tmp_path / "dataclasses.marshal"
    if content is not None:
        path.write_bytes(content)
    assert precompiled.install(str(path)) == 0
    assert "exec" not in vars(dataclasses)
    assert make_point()(5).x == 5


def test_a_second_install_keeps_what_the_first_stored(tmp_path: Path) -> None:
    """A start restored from a memory snapshot installs once more (py/main.py): nothing is read again."""
    texts = texts_of_point(tmp_path)
    assert precompiled.install(stored_file(tmp_path, texts)) == len(texts)
    assert precompiled.install(str(tmp_path / "missing")) == len(texts)
    make_point()
    assert precompiled.missed == []
