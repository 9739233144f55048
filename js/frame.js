// The loading frame takes the shape of the board that will show, before the first paint (a classic script
// right after #board, so it runs before the page is drawn): the link's board or level, else the game kept
// for a reload, else the level in the settings; a 9x9 that jumped to 30x16 once Python ran is what it
// replaces. Turned as py/ui/layout.py turns it (a board's long side along the screen's). Anything it
// cannot read leaves the 9x9: Python draws the real board either way.
"use strict";
(() => {
  const LEVELS = { beginner: [9, 9, 10], intermediate: [16, 16, 40], expert: [30, 16, 99] };
  const sides = (text) => text && text.split(".").map(Number);
  const stored = (key) => {
    try {
      const kept = sessionStorage.getItem(key) ?? localStorage.getItem(key);
      return kept && JSON.parse(kept).data;
    } catch {
      return null; // storage refused or damaged: Python says so
    }
  };
  const query = new URLSearchParams(location.search);
  const hash = new URLSearchParams(location.hash.slice(1));
  const settings = stored("minesweeper.settings");
  const game = stored("minesweeper.game")?.game;
  const shape =
    sides(hash.get("board"))?.slice(0, 2) ??
    sides(query.get("size")) ??
    LEVELS[query.get("level")] ??
    (game && [game.width, game.height]) ??
    LEVELS[settings?.level] ??
    (settings?.level === "custom" && [settings.width, settings.height, settings.mines]);
  if (!shape || !shape.slice(0, 2).every((side) => Number.isInteger(side) && side >= 1 && side <= 256)) return;
  const [width, height, mines] = shape;
  const root = document.documentElement;
  const turned = (width - height) * (root.clientWidth - root.clientHeight) < 0;
  const [cols, rows] = turned ? [height, width] : [width, height];
  const board = document.getElementById("board");
  board.dataset.cols = cols;
  board.dataset.rows = rows;
  board.style.setProperty("--cols", cols);
  board.style.setProperty("--rows", rows);
  const counter = document.getElementById("mines-left"); // a new game's count; a kept game's comes with it
  if (Number.isInteger(mines)) counter.textContent = String(Math.min(mines, 999)).padStart(3, "0");
})();
