"""How the board lies on the screen: as the engine holds it, or turned (transposed) to follow the screen.
Pure (no browser import): CPython tests it, the view draws with it.

Glossary:
    cell        an engine cell, row * width + col in the engine's orientation; links, saves, the engine and
                every listener speak only of these
    view        what the page shows: `rows` x `cols` gridcells; `data-row`/`data-col` are view coordinates
    index       a gridcell's place in the page's row-major order: view_row * cols + view_col
    transposed  view row = engine col and view col = engine row: a board whose long side lies across the
                screen's long side is turned to lie along it (expert, 30 wide, is 30 tall on a phone held
                upright); a square board or a square screen is never turned
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Layout:
    """How the engine's board sits on the screen: as it is, or turned a quarter."""

    width: int  # the engine's board
    height: int
    transposed: bool = False

    @classmethod
    def fit(cls, width: int, height: int, screen_width: float, screen_height: float) -> Layout:
        """The layout of a width x height board on a screen of that shape."""
        across = (width - height) * (screen_width - screen_height) < 0
        return cls(width, height, across)

    @property
    def cols(self) -> int:
        return self.height if self.transposed else self.width

    @property
    def rows(self) -> int:
        return self.width if self.transposed else self.height

    def place(self, cell: int) -> tuple[int, int]:
        """The view (row, col) where engine `cell` is drawn."""
        row, col = divmod(cell, self.width)
        return (col, row) if self.transposed else (row, col)

    def cell(self, row: int, col: int) -> int:
        """The engine cell drawn at view (row, col)."""
        return col * self.width + row if self.transposed else row * self.width + col

    def index(self, cell: int) -> int:
        """The gridcell index (view row-major) of engine `cell`."""
        row, col = self.place(cell)
        return row * self.cols + col

    def cell_of(self, index: int) -> int:
        """The engine cell of gridcell `index`."""
        return self.cell(*divmod(index, self.cols))
