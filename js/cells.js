// Writes the looks of many board cells in one call from Python (py/web/view.py `show_looks`).
// Each call from Python into the DOM crosses from WebAssembly to JavaScript and back, and converts its
// strings: two per cell (data-cell and aria-label) made an opening of 300 cells cost 600 crossings, tens of
// milliseconds on a phone. Here the same writes cost one: the gridcells' indexes and looks as one string
// each, their accessible names as one string, a line each.
"use strict";
globalThis.minesweeperCells = Object.freeze({
  /** Set `data-cell` and `aria-label` on the gridcells `nodes[index]`: `indexes` and `looks` are
      comma-separated, `labels` newline-separated, in the same order. */
  write(nodes, indexes, looks, labels) {
    const at = indexes.split(","), look = looks.split(","), label = labels.split("\n");
    for (let i = 0; i < at.length; i++) {
      const cell = nodes[at[i]];
      cell.setAttribute("data-cell", look[i]);
      cell.setAttribute("aria-label", label[i]);
    }
  },
});
