"""Minesweeper's rules in pure Python: no browser, clock or global random (see each module's glossary)."""

from .analysis import Analysis, Summary, analyse, summary
from .board import Board
from .codes import InvalidBoardCode, from_code, to_code
from .game import Action, Changes, Chord, Clicks, Flag, Game, Look, Reveal, Rules, Stamp, State
from .grid import LEVELS, BoardError, Cell, Size, level, neighbour_table
from .placement import FirstClick, keep_free, place_mines
from .record import RecordError

__all__ = [
    "LEVELS",
    "Action",
    "Analysis",
    "Board",
    "BoardError",
    "Cell",
    "Changes",
    "Chord",
    "Clicks",
    "FirstClick",
    "Flag",
    "Game",
    "InvalidBoardCode",
    "Look",
    "RecordError",
    "Reveal",
    "Rules",
    "Size",
    "Stamp",
    "State",
    "Summary",
    "analyse",
    "from_code",
    "keep_free",
    "level",
    "neighbour_table",
    "place_mines",
    "summary",
    "to_code",
]
