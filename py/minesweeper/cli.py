"""The command line, `python -m minesweeper`: make boards and look at them, outside the browser.

Glossary:
    new    print the code of a fresh board: with --first R,C, the layout a first click there
           produces in a game with that seed and those rules (the page's own placement); without it,
           a layout drawn uniformly from all layouts. --no-guess clicks first at the centre unless
           --first says otherwise. Without --seed, the seed is random.
    stats  print a board's figures as JSON (width, height, mines, 3bv, openings, islands, greedy ZiNi)
    show   print a board as art: `*` a mine, `.` an empty cell, `1`..`8` a number (see art.py)
    daily  print the daily board of a day (YYYY-MM-DD) at a level (daily.py): its code, then its start
           cell as R,C (the cell the page marks, from which logic alone clears the board)

A CODE may also be given as a link: everything up to `board=` is dropped. Bad input prints one line
on stderr and exits with status 2.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import secrets
import sys
from collections.abc import Sequence
from typing import NoReturn

from .analysis import analyse
from .art import to_art
from .board import Board
from .codes import from_code, to_code
from .game import Game, Reveal, Rules
from .grid import BoardError, Cell, Size, level
from .placement import FirstClick, place_mines
from .zini import zini

ROW_COL = re.compile(r" *([0-9]{1,3}) *, *([0-9]{1,3}) *")


class UsageError(Exception):
    """Bad command-line syntax, reported in one line instead of argparse's usage block."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = parser().parse_args(argv)
        print(args.run(args))
    except (UsageError, BoardError) as error:
        print(f"minesweeper: {error}", file=sys.stderr)
        return 2
    return 0


def parser() -> Parser:
    top = Parser(prog="python -m minesweeper", description="Make Minesweeper boards and look at them.")
    commands = top.add_subparsers(title="commands", required=True, metavar="{new,stats,show,daily}")
    new = commands.add_parser("new", help="print the code of a fresh board")
    new.add_argument("--level", help="beginner (the default), intermediate or expert")
    new.add_argument("--width", type=int)
    new.add_argument("--height", type=int)
    new.add_argument("--mines", type=int)
    new.add_argument("--seed", type=int, help="a whole number; random if left out")
    new.add_argument("--first", metavar="R,C", help="the first click's row and column, from 0")
    new.add_argument("--first-click", choices=[rule.value for rule in FirstClick], help="default: opening")
    new.add_argument("--no-guess", action="store_true", help="a board solvable without guessing")
    new.set_defaults(run=run_new)
    for name, run, text in (("stats", run_stats, "print its figures as JSON"), ("show", run_show, "draw it")):
        command = commands.add_parser(name, help=text)
        command.add_argument("code", metavar="CODE", help="a board code W.H.B, or a link holding board=W.H.B")
        command.set_defaults(run=run)
    daily = commands.add_parser("daily", help="print a day's daily board and its start cell")
    daily.add_argument("day", metavar="YYYY-MM-DD")
    daily.add_argument("--level", default="expert", help="beginner, intermediate or expert (the default)")
    daily.set_defaults(run=run_daily)
    return top


def run_new(args: argparse.Namespace) -> str:
    size = chosen_size(args)
    # The engine takes randomness only as a seed; the command line is where a fresh one may come from.
    seed = secrets.randbits(32) if args.seed is None else args.seed
    first = None if args.first is None else first_cell(size, args.first)
    if args.first_click is not None and first is None:
        raise UsageError("--first-click needs --first R,C: with no first click, nothing is kept free")
    if args.no_guess and first is None:
        first = size.cell(size.height // 2, size.width // 2)
    if first is None:
        return to_code(place_mines(size, 0, FirstClick.NONE, random.Random(seed)))
    rules = Rules(FirstClick(args.first_click or FirstClick.OPENING), no_guess=args.no_guess)
    game = Game.new(size, seed, rules)
    game.apply(Reveal(first))
    assert game.board is not None  # a first reveal always places the mines
    return to_code(game.board)


def run_daily(args: argparse.Namespace) -> str:
    from .daily import daily  # the no-guess generator: only this command pays for it

    made = daily(args.day, args.level)
    row, col = made.board.size.row_col(made.start)
    return f"{to_code(made.board)} {row},{col}"


def run_stats(args: argparse.Namespace) -> str:
    board = board_of(args.code)
    return json.dumps({**analyse(board).as_dict(), "zini": zini(board).clicks}, indent=2)


def run_show(args: argparse.Namespace) -> str:
    return to_art(board_of(args.code))


def chosen_size(args: argparse.Namespace) -> Size:
    given = [args.width, args.height, args.mines]
    if args.level is not None and any(n is not None for n in given):
        raise UsageError("give either --level or --width, --height and --mines, not both")
    if any(n is None for n in given):
        if any(n is not None for n in given):
            raise UsageError("--width, --height and --mines go together: give all three")
        return level(args.level or "beginner")
    return Size(args.width, args.height, args.mines)


def first_cell(size: Size, text: str) -> Cell:
    found = ROW_COL.fullmatch(text)
    if found is None:
        raise UsageError(f"--first {text!r}: must be ROW,COL, two whole numbers from 0, like 4,4")
    return size.cell(int(found[1]), int(found[2]))


def board_of(code: str) -> Board:
    return from_code(code.rpartition("board=")[2])
