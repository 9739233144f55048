"""Minesweeper's rules in pure Python: no browser, clock or global random (see each module's glossary)."""

from .board import Board
from .game import Action, Changes, Chord, Clicks, Flag, Game, Look, Reveal, Rules, State
from .grid import LEVELS, BoardError, Cell, Size, level, neighbour_table
from .placement import FirstClick, keep_free, place_mines

__all__ = [
    "LEVELS",
    "Action",
    "Board",
    "BoardError",
    "Cell",
    "Changes",
    "Chord",
    "Clicks",
    "FirstClick",
    "Flag",
    "Game",
    "Look",
    "Reveal",
    "Rules",
    "Size",
    "State",
    "keep_free",
    "level",
    "neighbour_table",
    "place_mines",
]
