// Writes the looks of many board cells in one call from Python (py/web/view.py `show_looks`).
// Each call from Python into the DOM crosses from WebAssembly to JavaScript and back, and converts its
// strings: two per cell (data-cell and aria-label) made an opening of 300 cells cost 600 crossings, tens of
// milliseconds on a phone. Here the same writes cost one: the engine's cells and their looks as one string
// each. Where each cell lies in the grid, and its accessible name, are worked out here too, from what the
// grid gave once (`grid`): per cell in Python, the names' formatting and the cells' places took some 2 ms of
// a phone's opening tap at CPU 4x.
"use strict";
globalThis.minesweeperCells = (() => {
  // The grid's index of the engine's cell `text` (a number as text), and its row and column as drawn.
  const spot = ({ width, cols, transposed }, text) => {
    const cell = +text;
    let row = Math.floor(cell / width), col = cell % width;
    if (transposed) [row, col] = [col, row];
    return [row * cols + col, row, col];
  };
  // The accessible name of the cell drawn at (row, col) showing `look`.
  const name = ({ pieces, numbers, said }, row, col, look) => {
    const fields = { row: numbers[row], column: numbers[col], look: said[look] };
    let text = pieces[0];
    for (let p = 1; p < pieces.length; p += 2) text += fields[pieces[p]] + pieces[p + 1];
    return text;
  };

  return Object.freeze({
    /** A grid's shape and words: `width`, the engine's board width; `cols`, the grid's columns; `transposed`,
        the board drawn turned (py/ui/layout.py); `pieces`, `numbers` and `said`, its cells' names as
        py/ui/texts.py `GridWords` has them. */
    grid(width, cols, transposed, pieces, numbers, said) {
      return Object.freeze({ width, cols, transposed, pieces, numbers, said });
    },
    /** Set `data-cell` and `aria-label` on the gridcells of the engine's `cells` (comma-separated) in
        `nodes`, the grid's (`grid`), to `looks` (comma-separated, in the same order) and their names. */
    write(nodes, grid, cells, looks) {
      const at = cells.split(","), look = looks.split(",");
      for (let i = 0; i < at.length; i++) {
        const [index, row, col] = spot(grid, at[i]);
        const node = nodes[index];
        node.setAttribute("data-cell", look[i]);
        node.setAttribute("aria-label", name(grid, row, col, look[i]));
      }
    },
    /** `write` in two parts, kept for later: a function that sets the cells' `data-cell` when called and gives
        back one that sets their names. js/press.js paints a tap's opening with it before Python hears of the
        tap (py/web/app.py `foresee`), and names the cells after that paint: the names cost as much as the
        looks (some 1 ms for 50 cells on a phone at CPU 4x, measured in the bench's taps), and the board is
        `aria-busy` meanwhile. */
    prepared(nodes, grid, cells, looks) {
      const look = looks.split(","), spots = cells.split(",").map((text) => spot(grid, text));
      return () => {
        spots.forEach(([index], i) => nodes[index].setAttribute("data-cell", look[i]));
        return () => spots.forEach(([index, row, col], i) => {
          nodes[index].setAttribute("aria-label", name(grid, row, col, look[i]));
        });
      };
    },
    /** Draw each of `looks` (data-cell values) and `faces` (the face's data-face values), comma-separated, once,
        out of sight and for two frames. Each is an SVG image the browser parses the first time it draws it:
        some 10 ms apiece on a phone at CPU 4x, which the first tap to show numbers paid (measured: an opening
        tap's paint 50 ms sooner; bench/tap.py --first). Asked once the page is idle after its first board. */
    warm(looks, faces) {
      const box = document.createElement("div");
      box.setAttribute("aria-hidden", "true");
      box.style.cssText = "position: fixed; left: 0; top: 0; width: 1px; height: 1px; overflow: hidden;"
        + " opacity: 0.01; pointer-events: none; contain: strict";
      const add = (name, value, className) => {
        const node = document.createElement("div");
        node.setAttribute(name, value);
        node.className = className;
        node.style.cssText = "position: absolute; inset: 0";
        box.append(node);
      };
      for (const look of looks.split(",")) add("data-cell", look, "");
      for (const face of faces.split(",")) add("data-face", face, "face");
      document.body.append(box);
      requestAnimationFrame(() => requestAnimationFrame(() => box.remove()));
    },
  });
})();
