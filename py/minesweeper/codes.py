"""Board codes: a whole mine layout in one short string, for links (`index.html#board=CODE`) and the CLI.

Glossary:
    code    `W.H.B`: width and height in decimal, then B, the mine bitset in base64url without padding
    bitset  bit i is cell i (row-major, i = row * W + col), most significant bit first in each byte;
            ceil(W*H / 8) bytes, the bits after the last cell are 0
    canonical  the one spelling `to_code` writes; `from_code` accepts nothing else, so a code names one
            board and one board has one code

Example: a 3x2 board with mines at cells 0 and 4 has bits 100010(00) = 0x88, so its code is `3.2.iA`.
"""

from __future__ import annotations

import base64
import binascii
import re

from .board import Board
from .grid import MAX_SIDE, BoardError, Size

# The cells set in each byte value, MSB first: decoding a 256x256 code visits bytes, not bits.
BYTE_BITS: tuple[tuple[int, ...], ...] = tuple(
    tuple(bit for bit in range(8) if value & (0x80 >> bit)) for value in range(256)
)
SIDE = re.compile(r"[1-9][0-9]{0,2}")  # no leading zeros: one board, one code
BASE64URL = re.compile(r"[A-Za-z0-9_-]*")


class InvalidBoardCode(BoardError):
    """A board code that cannot be read; the message quotes it and says what is wrong."""


def to_code(board: Board) -> str:
    """The canonical code of `board`."""
    bits = bytearray((board.size.cells + 7) // 8)
    for mine in board.mines:
        bits[mine >> 3] |= 0x80 >> (mine & 7)
    data = base64.urlsafe_b64encode(bits).rstrip(b"=").decode("ascii")
    return f"{board.width}.{board.height}.{data}"


def from_code(code: str) -> Board:
    """The board a code names; InvalidBoardCode quotes the code and says what is wrong with it."""
    if not isinstance(code, str):
        raise InvalidBoardCode(f"board code {code!r}: must be text like 9.9.AAAA")
    parts = code.split(".")
    if len(parts) != 3:
        raise InvalidBoardCode(f"board code {_quote(code)}: must be WIDTH.HEIGHT.MINES, three parts")
    width, height = (_side(code, name, text) for name, text in (("width", parts[0]), ("height", parts[1])))
    bits = _bitset(code, parts[2], width * height)
    mines = [(index << 3) + bit for index, value in enumerate(bits) if value for bit in BYTE_BITS[value]]
    if mines and mines[-1] >= width * height:
        raise InvalidBoardCode(f"board code {_quote(code)}: has bits set after its {width * height} cells")
    if len(mines) == width * height:
        raise InvalidBoardCode(f"board code {_quote(code)}: every cell is a mine; at least one must be safe")
    return Board(Size(width, height, len(mines)), frozenset(mines))


parse = from_code
format = to_code  # shadows the builtin inside this module only: callers write codes.format


def _side(code: str, name: str, text: str) -> int:
    if SIDE.fullmatch(text) is None or not 1 <= int(text) <= MAX_SIDE:
        raise InvalidBoardCode(
            f"board code {_quote(code)}: {name} {text!r} must be a number 1 to {MAX_SIDE}, no leading zeros"
        )
    return int(text)


def _bitset(code: str, data: str, cells: int) -> bytes:
    if BASE64URL.fullmatch(data) is None:
        bad = next(c for c in data if BASE64URL.fullmatch(c) is None)
        raise InvalidBoardCode(f"board code {_quote(code)}: {bad!r} is not base64url (A-Z a-z 0-9 - _)")
    size = (cells + 7) // 8
    length = size // 3 * 4 + (0, 2, 3)[size % 3]
    if len(data) != length:
        cells_take = "1 cell takes" if cells == 1 else f"{cells} cells take"
        raise InvalidBoardCode(
            f"board code {_quote(code)}: {cells_take} {length} characters, not {len(data)}"
        )
    try:
        bits = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
    except binascii.Error as error:  # pragma: no cover -- characters and length are checked above
        raise InvalidBoardCode(f"board code {_quote(code)}: {error}") from None
    if base64.urlsafe_b64encode(bits).rstrip(b"=").decode("ascii") != data:
        raise InvalidBoardCode(f"board code {_quote(code)}: its last character has padding bits set")
    return bits


def _quote(code: str) -> str:
    """The code in quotes, cut short: a 256x256 code is 11 000 characters."""
    return repr(code) if len(code) <= 40 else repr(code[:37] + "...")
